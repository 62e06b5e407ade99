import { deletionMessages, messages, passwordProblems, type SessionUser } from '@hearth/contract/accounts';
import { limits } from '@hearth/contract/limits';
import { hashPassword, hashToken, newCode, newToken, verifyPassword } from '../../platform/auth/secrets.ts';
import {
  createSession, revokeAllSessions, revokeSession, type Caller,
} from '../../platform/auth/sessions.ts';
import { hours, minutes } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Claim } from '../../platform/throttle.ts';
import { AppError, conflict, invalid, rateLimited, unauthenticated } from '../../platform/errors.ts';
import { deliver } from '../../platform/mail/deliver.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { findUsableInvite, foundFamily, joinFamily } from '../family/membership.ts';
import { loginCodeMail, passwordResetMail, verificationMail } from './mails.ts';
import { toSessionUser } from './mapper.ts';
import { eraseAccount } from './public.ts';
import * as repo from './repository.ts';

export const verifyLifetime = hours(24);
export const resetLifetime = hours(1);
export const codeLifetime = minutes(10);
export const codeMaxFailures = 5;
export const codeSendWindows = [{ max: 1, ms: minutes(1) }, { max: 5, ms: hours(1) }];
export const resetSendWindows = [{ max: 1, ms: minutes(1) }, { max: 5, ms: hours(1) }];
export const verifyResendWindows = [{ max: 1, ms: minutes(5) }];
/** Verification links of one account usable at once: the newest ones. */
export const liveVerifyLinks = 5;
/** Failed password sign-ins to one email from one address before that address's are paused. */
export const signInFailureWindows = [{ max: 10, ms: minutes(15) }];
/** Failed sign-ins (by password or code) from one address, whatever the email, before its are paused. */
export const addressFailureWindows = [{ max: 30, ms: minutes(15) }];

const addressKey = (client: string) => `signin-address:${client}`;

// Verifying against a real hash when the email is unknown keeps both paths equally slow.
const dummyHash = hashPassword('not-a-real-password-A1');

export class AccountService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private get now() {
    return this.deps.clock.now();
  }

  private link(path: string, token: string): string {
    return `${this.deps.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /**
   * A new verification link; the ones mailed before keep working (each until it expires) until one is used, so a
   * member opening an older mail is not told it is invalid. Only the newest `liveVerifyLinks` stay usable.
   */
  private async issueVerification(q: Queryable, user: { id: string; email: string; name: string }): Promise<Mail> {
    const token = newToken();
    await repo.insertEmailToken(q, {
      userId: user.id, purpose: 'VERIFY_EMAIL', tokenHash: hashToken(token),
      createdAt: this.now, expiresAt: new Date(this.now.getTime() + verifyLifetime),
    });
    await repo.retireAllButNewest(q, user.id, 'VERIFY_EMAIL', liveVerifyLinks, this.now);
    return verificationMail(user.email, user.name, this.link('/verify-email', token));
  }

  async register(input: { email: string; name: string; password: string; inviteToken?: string | null | undefined }) {
    const problems = passwordProblems(input.password);
    if (problems.length > 0) throw invalid(messages.passwordPolicy, problems);
    const passwordHash = await hashPassword(input.password);
    const mail = await this.deps.db.transaction(async (tx) => {
      const invite = input.inviteToken ? await findUsableInvite(tx, this.deps.clock, input.inviteToken) : null;
      if (input.inviteToken && !invite) throw invalid(messages.inviteInvalid);
      if (invite?.invitedEmail && invite.invitedEmail.toLowerCase() !== input.email) {
        throw invalid(messages.inviteOtherEmail);
      }
      if (await repo.findUserByEmail(tx, input.email)) throw conflict(messages.emailTaken);
      const user = await repo.insertUser(tx, {
        email: input.email, name: input.name, passwordHash, createdAt: this.now,
      });
      if (invite) {
        await joinFamily(tx, invite.familyId, user, 'EDIT');
        await this.deps.events.record(tx, {
          familyId: invite.familyId, actorId: user.id, type: 'member_joined', subjectId: user.id, data: { inviteId: invite.id },
        });
      }
      else await foundFamily(tx, user);
      return this.issueVerification(tx, user);
    }).catch((error: unknown) => {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(messages.emailTaken);
      throw error;
    });
    deliver(this.deps, mail);
    return { message: messages.registered };
  }

  async verifyEmail(token: string) {
    const userId = await this.deps.db.transaction(async (tx) => {
      const id = await repo.consumeEmailToken(tx, hashToken(token), 'VERIFY_EMAIL', this.now);
      // One link used: the others answer that the email is verified already.
      if (id) await repo.retireEmailTokens(tx, id, 'VERIFY_EMAIL', this.now);
      return id;
    });
    if (!userId) {
      // A link opened again after it worked: say so, rather than call it invalid.
      if (await repo.usedTokenOfVerifiedUser(this.deps.db, hashToken(token))) return { message: messages.emailAlreadyVerified };
      throw invalid(messages.verifyTokenInvalid);
    }
    const activated = await this.markVerified(userId);
    return { message: activated ? messages.emailVerified : messages.emailVerifiedAwaitingApproval };
  }

  /** Verifying an email activates a PENDING account unless approval is required. Returns whether it is ACTIVE. */
  private async markVerified(userId: string): Promise<boolean> {
    const activate = !this.deps.config.requireApproval;
    const user = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lockUser(tx, userId);
      if (!row) return undefined;
      const status = row.status === 'PENDING' && activate ? 'ACTIVE' : row.status;
      await repo.updateUser(tx, userId, { emailVerifiedAt: row.emailVerifiedAt ?? this.now, status });
      return { ...row, status };
    });
    return user?.status === 'ACTIVE';
  }

  /**
   * The attempt is claimed, per address and per email from that address, before the password is checked, and
   * given back only when it was right; attempts on the email from every address only slow it down (`Slowdown`), so
   * no stranger can lock its owner out.
   */
  async login(input: { email: string; password: string }, client: string) {
    const pair = `signin:${input.email}:${client}`;
    const attempts = await this.claimAttempt([
      { key: addressKey(client), windows: addressFailureWindows }, { key: pair, windows: signInFailureWindows },
    ]);
    await this.deps.slowdown.attempt(`email:${input.email}`);
    const user = await repo.findUserByEmail(this.deps.db, input.email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
    if (!user || !ok) throw unauthenticated(messages.badCredentials);
    await Promise.all([
      // The address's attempt only: its other failures stand.
      this.deps.throttle.release(attempts.slice(0, 1)), this.deps.throttle.clear(pair),
      this.deps.slowdown.forgive(`email:${input.email}`),
    ]);
    await this.refuseInactive(user);
    return this.signIn(user.id);
  }

  /** Claims a sign-in attempt on every key (429 when any is paused): the attempts' ids. */
  private async claimAttempt(claims: Claim[]): Promise<string[]> {
    const ids = await this.deps.throttle.claimAll(claims);
    if (!ids) throw rateLimited(messages.tooManyAttempts);
    return ids;
  }

  /**
   * A PENDING or REJECTED account gets the spec's messages; an unverified one also gets a fresh link (at most one
   * every few minutes), and the answer says whether one was sent.
   */
  private async refuseInactive(user: repo.UserRow): Promise<void> {
    if (user.status === 'REJECTED') throw new AppError('ACCOUNT_REJECTED', messages.accountDenied);
    if (user.status === 'ACTIVE') return;
    const sent = !user.emailVerifiedAt && (await this.deps.throttle.claim(`verify-resend:${user.id}`, verifyResendWindows));
    if (sent) deliver(this.deps, await this.issueVerification(this.deps.db, user));
    throw new AppError('ACCOUNT_PENDING', messages.accountPending, undefined, sent ? { verificationSent: true } : {});
  }

  private async signIn(userId: string): Promise<{ token: string; user: SessionUser }> {
    const token = await createSession(this.deps.db, this.deps.clock, userId);
    await repo.updateUser(this.deps.db, userId, { lastLoginAt: this.now });
    const caller = await this.deps.sessions.resolve(token);
    if (!caller) throw new Error('new session did not resolve');
    return { token, user: toSessionUser(caller) };
  }

  async requestCode(email: string) {
    if (!(await this.deps.throttle.claim(`code-send:${email}`, codeSendWindows))) {
      throw rateLimited(messages.tooManyAttempts);
    }
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user) {
      const code = newCode(limits.codeLength);
      await repo.insertLoginCode(this.deps.db, {
        userId: user.id, codeHash: hashToken(`${user.id}:${code}`),
        createdAt: this.now, expiresAt: new Date(this.now.getTime() + codeLifetime),
      });
      deliver(this.deps, loginCodeMail(user.email, code));
    }
    return { message: messages.codeRequested };
  }

  /**
   * The address's attempt and the code's try are claimed before the code is compared. Nothing counts per email: a
   * code's own tries bound the guesses at it, so the owner's correct code signs in unless those tries are spent.
   */
  async verifyCode(input: { email: string; code: string }, client: string) {
    const attempt = await this.claimAttempt([{ key: addressKey(client), windows: addressFailureWindows }]);
    const user = await repo.findUserByEmail(this.deps.db, input.email);
    const live = user && await repo.findLiveLoginCode(this.deps.db, user.id, this.now, codeMaxFailures);
    const tried = live && await repo.claimCodeTry(this.deps.db, live.id, codeMaxFailures);
    if (!user || !tried || tried.codeHash !== hashToken(`${user.id}:${input.code}`)) {
      throw unauthenticated(messages.codeInvalid);
    }
    if (!(await repo.useLoginCode(this.deps.db, tried.id, this.now))) throw unauthenticated(messages.codeInvalid);
    await this.deps.throttle.release(attempt);
    await this.refuseInactive(user);
    return this.signIn(user.id);
  }

  async requestPasswordReset(email: string) {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user && (await this.deps.throttle.claim(`reset-send:${email}`, resetSendWindows))) {
      const token = newToken();
      await this.deps.db.transaction(async (tx) => {
        await repo.retireEmailTokens(tx, user.id, 'RESET_PASSWORD', this.now);
        await repo.insertEmailToken(tx, {
          userId: user.id, purpose: 'RESET_PASSWORD', tokenHash: hashToken(token),
          createdAt: this.now, expiresAt: new Date(this.now.getTime() + resetLifetime),
        });
      });
      deliver(this.deps, passwordResetMail(user.email, this.link('/reset-password', token)));
    }
    return { message: messages.resetRequested };
  }

  async confirmPasswordReset(input: { token: string; newPassword: string }) {
    const problems = passwordProblems(input.newPassword);
    if (problems.length > 0) throw invalid(messages.passwordPolicy, problems);
    const passwordHash = await hashPassword(input.newPassword);
    const userId = await this.deps.db.transaction(async (tx) => {
      const id = await repo.consumeEmailToken(tx, hashToken(input.token), 'RESET_PASSWORD', this.now);
      if (!id) throw invalid(messages.resetTokenInvalid);
      await repo.updateUser(tx, id, { passwordHash });
      await revokeAllSessions(tx, this.deps.clock, id);
      return id;
    });
    // Following the emailed link proves the address, as the verification link would.
    await this.markVerified(userId);
    return { success: true as const, message: messages.resetDone };
  }

  /**
   * Deletes the caller's account once its password, or a live emailed code, is given again; wrong tries count against
   * the account as failed sign-ins do (429 past them), so a borrowed session cannot guess the password here.
   */
  async deleteAccount(caller: Caller, input: { password?: string | undefined; code?: string | undefined; removeFromFamily: boolean }) {
    const attempts = await this.claimAttempt([{ key: `delete-account:${caller.userId}`, windows: signInFailureWindows }]);
    const user = await repo.findUserById(this.deps.db, caller.userId);
    if (!user) throw unauthenticated(messages.authFailed);
    if (input.password) {
      if (!(await verifyPassword(user.passwordHash, input.password))) throw invalid(deletionMessages.wrongPassword);
    } else {
      const live = await repo.findLiveLoginCode(this.deps.db, user.id, this.now, codeMaxFailures);
      const tried = live && await repo.claimCodeTry(this.deps.db, live.id, codeMaxFailures);
      if (!tried || tried.codeHash !== hashToken(`${user.id}:${input.code ?? ''}`)
        || !(await repo.useLoginCode(this.deps.db, tried.id, this.now))) throw invalid(messages.codeInvalid);
    }
    await this.deps.throttle.release(attempts);
    await this.deps.db.transaction((tx) => eraseAccount(tx, this.deps, user.id, input.removeFromFamily, deletionMessages.soleAdmin));
    return { message: deletionMessages.accountDeleted };
  }

  async logout(caller: Caller) {
    await revokeSession(this.deps.db, this.deps.clock, caller.sessionId);
    return null;
  }
}
