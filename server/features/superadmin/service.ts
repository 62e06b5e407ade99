import { deletionMessages, messages, passwordProblems } from '@hearth/contract/accounts';
import { superadminMessages, type AccountStatus } from '@hearth/contract/superadmin';
import { hashPassword } from '../../platform/auth/secrets.ts';
import { revokeAllSessions } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { eraseAccount } from '../accounts/public.ts';
import { countAccountAdmins, deleteFamilyAndTell, joinFamily, leaveForAnotherFamily } from '../family/membership.ts';
import { toAdminFamily, toAdminUser } from './mapper.ts';
import * as repo from './repository.ts';

export const lastAdminMessage = 'This user is the only admin of a family other accounts are in; make another member an admin first.';

export class SuperadminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async users() {
    return (await repo.listUsers(this.deps.db)).map(toAdminUser);
  }

  async pendingUsers() {
    return (await repo.listUsers(this.deps.db, 'PENDING')).map(toAdminUser);
  }

  async families() {
    return (await repo.listFamilies(this.deps.db)).map(toAdminFamily);
  }

  async setStatus(userId: string, status: AccountStatus) {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.updateUser(tx, userId, { status });
      if (!row) throw notFound(superadminMessages.userNotFound);
      // Only ACTIVE accounts may hold sessions; any other status signs the user out everywhere.
      if (status !== 'ACTIVE') await revokeAllSessions(tx, this.deps.clock, userId);
      return toAdminUser(row);
    });
  }

  async resetPassword(userId: string, newPassword: string) {
    const problems = passwordProblems(newPassword);
    if (problems.length > 0) throw invalid(messages.passwordPolicy, problems);
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.updateUser(tx, userId, { passwordHash }))) throw notFound(superadminMessages.userNotFound);
      await revokeAllSessions(tx, this.deps.clock, userId);
    });
    return { message: 'Password reset' };
  }

  /**
   * Moves the user into the family: ADMIN when no account administers it yet, else EDIT. Leaving the old family
   * follows accepting an invite's rule (`leaveForAnotherFamily`): a self-registered user's one-account family is
   * left behind with its data.
   */
  async assignToFamily(userId: string, familyId: string) {
    return this.deps.db.transaction(async (tx) => {
      const user = await repo.findUser(tx, userId, 'update');
      if (!user) throw notFound(superadminMessages.userNotFound);
      if (!(await repo.findFamily(tx, familyId))) throw notFound(superadminMessages.familyNotFound);
      const member = await repo.findMemberOfUser(tx, userId);
      if (member?.familyId === familyId && user.familyId === familyId) return toAdminUser(user);
      if (member) await leaveForAnotherFamily(tx, member, userId, lastAdminMessage);
      await joinFamily(tx, familyId, user, (await countAccountAdmins(tx, familyId)) === 0 ? 'ADMIN' : 'EDIT');
      const updated = await repo.findUser(tx, userId);
      if (!updated) throw notFound(superadminMessages.userNotFound);
      return toAdminUser(updated);
    });
  }

  /** Deletes an account as its owner would, its email typed as it is to confirm. */
  async deleteUser(userId: string, typedEmail: string, removeFromFamily: boolean) {
    await this.deps.db.transaction(async (tx) => {
      const user = await repo.findUser(tx, userId, 'update');
      if (!user) throw notFound(superadminMessages.userNotFound);
      if (user.email !== typedEmail) throw invalid(deletionMessages.emailMismatch);
      await eraseAccount(tx, this.deps, userId, removeFromFamily, lastAdminMessage);
    });
    return { message: deletionMessages.accountDeleted };
  }

  /** Deletes a family as its admin would, its name typed as it is to confirm; every account of it is told. */
  async deleteFamily(familyId: string, typedName: string) {
    if (!(await deleteFamilyAndTell(this.deps, familyId, typedName))) throw notFound(superadminMessages.familyNotFound);
    return { message: deletionMessages.familyDeleted };
  }

  async createFamily(input: { name: string; description?: string | null | undefined }) {
    const id = await repo.insertFamily(this.deps.db, { name: input.name, description: input.description || null });
    const row = await repo.findFamily(this.deps.db, id);
    if (!row) throw new Error('created family not found');
    return toAdminFamily(row);
  }
}
