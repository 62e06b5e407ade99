import type { FamilyMember, FamilySettings, Invite, Timezone } from '@hearth/contract/family';
import type { FamilyRow, InviteRow, MemberRow } from './repository.ts';

export function toFamilyMember(row: MemberRow): FamilyMember {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    birthday: row.birthday,
    permissionLevel: row.permissionLevel,
    color: row.color,
    memberNumber: row.memberNumber,
  };
}

export function toFamilySettings(row: FamilyRow): FamilySettings {
  return {
    familyName: row.name, timezone: row.timezone as Timezone, defaultReminderMinutes: row.defaultReminderMinutes,
    firstDayOfWeek: row.firstDayOfWeek,
  };
}

export function toInvite(row: InviteRow, inviteUrl: string): Invite {
  return {
    id: row.id,
    token: row.token,
    invitedEmail: row.invitedEmail,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    inviteUrl,
  };
}
