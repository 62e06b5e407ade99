import type { InvitePreview } from '@hearth/contract/family';
import { familyMessages as msg } from '@hearth/contract/family';
import { messages } from '@hearth/contract/accounts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { findUsableInvite, joinFamily, leaveForAnotherFamily, type UsableInvite } from './membership.ts';
import * as repo from './repository.ts';

/**
 * An existing account joining a family: only its owner, signed in, can accept an invite for it. Leaving the
 * current family goes with it, in the same transaction, unless that would leave other members without an admin.
 */
export class InviteAcceptance {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** A usable invite the caller may accept: a wrong, expired or revoked token is 404, another email's is 403. */
  private async usable(q: Queryable, caller: Caller, token: string): Promise<UsableInvite> {
    const invite = await findUsableInvite(q, this.deps.clock, token);
    if (!invite) throw notFound(messages.inviteInvalid);
    if (invite.invitedEmail && invite.invitedEmail.toLowerCase() !== caller.email.toLowerCase()) {
      throw forbidden(messages.inviteOtherEmail);
    }
    return invite;
  }

  /** For anyone holding the link (registration shows it too): an unusable token is 404. */
  async preview(token: string): Promise<InvitePreview> {
    const invite = await findUsableInvite(this.deps.db, this.deps.clock, token);
    const shown = invite && await repo.invitePreview(this.deps.db, invite.id);
    if (!shown) throw notFound(messages.inviteInvalid);
    return shown;
  }

  async accept(caller: Caller, token: string): Promise<{ familyId: string }> {
    return this.deps.db.transaction(async (tx) => {
      const invite = await this.usable(tx, caller, token);
      const current = await repo.memberOfUser(tx, caller.userId);
      if (current?.familyId === invite.familyId) throw conflict(msg.alreadyInThisFamily);
      if (current) {
        await leaveForAnotherFamily(tx, current, caller.userId, msg.soleAdminLeaving);
        await this.deps.events.record(tx, {
          familyId: current.familyId, actorId: caller.userId, type: 'member_left', subjectId: current.id,
        });
      }
      await joinFamily(tx, invite.familyId, { id: caller.userId, name: caller.name, email: caller.email }, 'EDIT');
      await this.deps.events.record(tx, {
        familyId: invite.familyId, actorId: caller.userId, type: 'member_joined', subjectId: caller.userId,
        data: { inviteId: invite.id },
      });
      return { familyId: invite.familyId };
    });
  }
}
