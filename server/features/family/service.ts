import type { BodyOf } from '@hearth/contract/endpoint';
import type { EventType } from '@hearth/contract/events';
import * as api from '@hearth/contract/family';
import { familyDefaults, familyLimits, familyMessages as msg } from '@hearth/contract/family';
import { deletionMessages, messages } from '@hearth/contract/accounts';
import { calendarLimits, calendarMessages } from '@hearth/contract/calendar';
import { requireAdmin, requireEditor, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import { newToken } from '../../platform/auth/secrets.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { days } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import { conflict, forbidden, invalid, notFound, rateLimited } from '../../platform/errors.ts';
import { deliver } from '../../platform/mail/deliver.ts';
import { invitationMail } from './mails.ts';
import { toFamilyMember, toFamilySettings, toInvite } from './mapper.ts';
import {
  birthdaysBetween, countAccountAdmins, deleteFamilyAndTell, lockFamily, nextMemberColor, nextMemberNumber, removeAccountMember, requireRoomForMember,
} from './membership.ts';
import * as repo from './repository.ts';

export const inviteLifetime = days(familyDefaults.inviteLifetimeDays);
/** Invitation mails per family: enough for any real family, too few to use Hearth for spam. */
export const inviteMailWindows = [{ max: 20, ms: days(1) }];

type NewMember = BodyOf<typeof api.addMember>;
type MemberUpdate = BodyOf<typeof api.updateMember>;
type OrderItems = BodyOf<typeof api.setMemberOrder>;
/** One of the family's settings, as an admin changes it: exactly one key. */
type SettingChange = { name: string } | { timezone: string } | { defaultReminderMinutes: number | null }
  | { firstDayOfWeek: number };

const settingEvents: Record<keyof repo.FamilySettingsChange, EventType> = {
  name: 'family_renamed',
  timezone: 'family_timezone_changed',
  defaultReminderMinutes: 'family_default_reminder_changed',
  firstDayOfWeek: 'family_first_day_of_week_changed',
};

export class FamilyService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private get now() {
    return this.deps.clock.now();
  }

  private record(tx: Tx, me: FamilyCaller, type: EventType, subjectId?: string, data?: Record<string, unknown>) {
    return this.deps.events.record(tx, { familyId: me.familyId, actorId: me.userId, type, subjectId, data });
  }


  private inviteUrl(token: string): string {
    return `${this.deps.config.publicUrl}/auth?invite=${encodeURIComponent(token)}`;
  }

  private async listMembers(q: Queryable, familyId: string) {
    return (await repo.listMembers(q, familyId)).map(toFamilyMember);
  }

  async members(caller: Caller) {
    return this.listMembers(this.deps.db, requireFamily(caller).familyId);
  }

  /** The birthdays in a window of the calendar, with the calendar's window rules. */
  async birthdays(caller: Caller, startDate: string, endDate: string) {
    const { familyId } = requireFamily(caller);
    if (endDate < startDate) throw invalid(calendarMessages.windowInvalid);
    if (Date.parse(endDate) - Date.parse(startDate) > calendarLimits.windowDaysMax * days(1)) {
      throw invalid(calendarMessages.windowTooWide);
    }
    return birthdaysBetween(this.deps.db, familyId, startDate, endDate);
  }

  /**
   * Adds a member without an account. With an email, the person is also sent an invitation bound to that email:
   * accepting it links their account (new or existing) to this member. The answer is the same whether or not the
   * email has an account, and no account is ever linked without its owner accepting.
   */
  async addMember(caller: Caller, input: NewMember) {
    const me = requireEditor(caller);
    if (input.permissionLevel === 'ADMIN' && me.permissionLevel !== 'ADMIN') throw forbidden(msg.permissionAdminOnly);
    if (input.userId) throw invalid(msg.joinByInvite);
    if (input.email) await this.claimInviteMail(me.familyId);
    const token = newToken();
    const { row, familyName } = await this.deps.db.transaction(async (tx) => {
      await lockFamily(tx, me.familyId);
      await requireRoomForMember(tx, me.familyId);
      if (input.email && await repo.hasMemberWithEmail(tx, me.familyId, input.email)) throw conflict(msg.alreadyInThisFamily);
      const member = await repo.insertMember(tx, {
        familyId: me.familyId, userId: null, name: input.name, email: input.email, birthday: input.birthday,
        permissionLevel: input.permissionLevel, color: await nextMemberColor(tx, me.familyId),
        memberNumber: await nextMemberNumber(tx, me.familyId),
      });
      await this.record(tx, me, 'member_created', member.id);
      if (!input.email) return { row: member, familyName: null };
      return { row: member, familyName: (await this.insertInvite(tx, me, token, input.email)).familyName };
    });
    if (input.email && familyName) this.mailInvitation(me, input.email, familyName, token);
    return toFamilyMember(row);
  }

  async updateMember(caller: Caller, id: string, input: MemberUpdate) {
    const me = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await lockFamily(tx, me.familyId);
      const member = await repo.findMember(tx, me.familyId, id);
      if (!member) throw notFound(msg.memberNotFound);
      const level = input.permissionLevel ?? member.permissionLevel;
      if (level !== member.permissionLevel) {
        if (me.permissionLevel !== 'ADMIN') throw forbidden(msg.permissionAdminOnly);
        if (member.permissionLevel === 'ADMIN' && member.userId && (await countAccountAdmins(tx, me.familyId)) <= 1) {
          throw conflict(msg.lastAdmin);
        }
      }
      const row = await repo.updateMember(tx, me.familyId, id, {
        name: input.name, email: input.email, birthday: input.birthday, permissionLevel: level,
      });
      if (!row) throw notFound(msg.memberNotFound);
      await this.record(tx, me, 'member_updated', id);
      return toFamilyMember(row);
    });
  }

  /**
   * Removes another member; a linked account loses the family (and the calendar link its secret) in the same
   * transaction. Admins cannot remove themselves, so the last admin can never be removed.
   */
  async removeMember(caller: Caller, id: string) {
    const me = requireAdmin(caller);
    await this.deps.db.transaction(async (tx) => {
      await lockFamily(tx, me.familyId);
      const member = await repo.findMember(tx, me.familyId, id);
      if (!member) throw notFound(msg.memberNotFound);
      if (member.id === me.memberId) throw conflict(msg.cannotRemoveSelf);
      if (member.userId) {
        await removeAccountMember(tx, me.familyId, id);
        await repo.clearUserFamily(tx, member.userId, me.familyId);
      } else {
        await repo.deleteMember(tx, me.familyId, id);
      }
      await this.record(tx, me, 'member_removed', id);
    });
    return null;
  }

  /** Deletes the caller's family (admin, its name typed as it is); its other accounts are told by email. */
  async deleteFamily(caller: Caller, typedName: string) {
    const me = requireAdmin(caller);
    if (!(await deleteFamilyAndTell(this.deps, me.familyId, typedName, me.userId))) throw notFound(msg.familyNotFound);
    return { message: deletionMessages.familyDeleted };
  }

  async setColor(caller: Caller, id: string, color: string) {
    const me = requireFamily(caller);
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.updateMember(tx, me.familyId, id, { color });
      if (!row) throw notFound(msg.memberNotFound);
      await this.record(tx, me, 'member_updated', id);
      return toFamilyMember(row);
    });
  }

  async setOrder(caller: Caller, items: OrderItems) {
    const me = requireAdmin(caller);
    return this.deps.db.transaction(async (tx) => {
      await lockFamily(tx, me.familyId);
      const ids = items.map((i) => i.id);
      if ((await repo.countMembers(tx, me.familyId, ids)) !== ids.length) throw notFound(msg.memberNotFound);
      for (const item of items) await repo.updateMember(tx, me.familyId, item.id, { memberNumber: item.memberNumber });
      await this.record(tx, me, 'members_reordered');
      return this.listMembers(tx, me.familyId);
    });
  }

  /** Numbers the members 1..n in their current order (member number, unnumbered last, then name). */
  async autoAssignNumbers(caller: Caller) {
    const me = requireAdmin(caller);
    return this.deps.db.transaction(async (tx) => {
      await lockFamily(tx, me.familyId);
      const members = await repo.listMembers(tx, me.familyId);
      for (const [index, member] of members.entries()) {
        if (member.memberNumber !== index + 1) {
          await repo.updateMember(tx, me.familyId, member.id, { memberNumber: index + 1 });
        }
      }
      await this.record(tx, me, 'members_reordered');
      return this.listMembers(tx, me.familyId);
    });
  }

  async settings(caller: Caller) {
    const me = requireFamily(caller);
    const family = await repo.findFamily(this.deps.db, me.familyId);
    if (!family) throw notFound(msg.familyNotFound);
    return toFamilySettings(family);
  }

  async updateSettings(caller: Caller, change: SettingChange) {
    const me = requireAdmin(caller);
    return this.deps.db.transaction(async (tx) => {
      const family = await repo.updateFamily(tx, me.familyId, change);
      if (!family) throw notFound(msg.familyNotFound);
      await this.record(tx, me, settingEvents[Object.keys(change)[0] as keyof repo.FamilySettingsChange]);
      return toFamilySettings(family);
    });
  }

  async invites(caller: Caller) {
    const me = requireAdmin(caller);
    return (await repo.listActiveInvites(this.deps.db, me.familyId, this.now))
      .map((row) => toInvite(row, this.inviteUrl(row.token)));
  }

  async createInvite(caller: Caller, invitedEmail: string | null) {
    const me = requireAdmin(caller);
    if (invitedEmail) await this.claimInviteMail(me.familyId);
    const token = newToken();
    const { invite, familyName } = await this.deps.db.transaction((tx) => this.insertInvite(tx, me, token, invitedEmail));
    if (invitedEmail) this.mailInvitation(me, invitedEmail, familyName, token);
    return toInvite(invite, this.inviteUrl(token));
  }

  private async claimInviteMail(familyId: string): Promise<void> {
    if (!(await this.deps.throttle.claim(`invite-mail:${familyId}`, inviteMailWindows))) {
      throw rateLimited(messages.tooManyAttempts);
    }
  }

  /** Writes an invite under the family's open-invite bound; answers it with the family's name for the mail. */
  private async insertInvite(tx: Tx, me: FamilyCaller, token: string, invitedEmail: string | null) {
    await lockFamilyRow(tx, me.familyId);
    const family = await repo.findFamily(tx, me.familyId);
    if (!family) throw notFound(msg.familyNotFound);
    if ((await repo.countActiveInvites(tx, me.familyId, this.now)) >= familyLimits.activeInvitesPerFamily) {
      throw conflict(msg.tooManyInvites);
    }
    const invite = await repo.insertInvite(tx, {
      familyId: me.familyId, token, invitedEmail, createdByUserId: me.userId,
      createdAt: this.now, expiresAt: new Date(this.now.getTime() + inviteLifetime),
    });
    await this.record(tx, me, 'invite_link_created', invite.id, { withEmail: invitedEmail !== null });
    return { invite, familyName: family.name };
  }

  private mailInvitation(me: FamilyCaller, to: string, familyName: string, token: string): void {
    deliver(this.deps, invitationMail(to, { inviterName: me.name, familyName, link: this.inviteUrl(token) }));
  }

  async revokeInvite(caller: Caller, token: string) {
    const me = requireAdmin(caller);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.revokeInvite(tx, me.familyId, token, this.now))) throw notFound(msg.inviteNotFound);
      await this.record(tx, me, 'invite_revoked');
    });
    return null;
  }
}
