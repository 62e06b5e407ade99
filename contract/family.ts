import { z } from 'zod';
import { endpoint, IdParams, IsoDateTime } from './endpoint.ts';
import { Color, FamilyNameRequest, InviteRequest, MemberOrderRequest, MemberUpdate, NewMember } from './family-fields.ts';
import { calendarLimits, LocalDate, Reminder } from './calendar.ts';
import { timezones } from './family-rules.ts';
import { PermissionLevel } from './permissions.ts';

export * from './family-rules.ts';
export * from './family-fields.ts';

/** The days as a first day of the week is chosen: index 0 Sunday … 6 Saturday, as JavaScript's getDay() counts. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const FirstDayOfWeek = z.number({ error: 'Please choose a day of the week' }).int('Please choose a day of the week')
  .min(0, 'Please choose a day of the week').max(6, 'Please choose a day of the week');

export const Timezone = z.enum(timezones, { error: 'Please choose one of the listed timezones' });
export type Timezone = z.infer<typeof Timezone>;

export const FamilyMember = z.object({
  id: z.uuid(),
  /** Null for members without an account, such as children. */
  userId: z.uuid().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  permissionLevel: PermissionLevel,
  color: z.string(),
  memberNumber: z.number().int().nullable(),
});
export type FamilyMember = z.infer<typeof FamilyMember>;

export const FamilySettings = z.object({
  familyName: z.string(),
  timezone: Timezone,
  /** The reminder a new event starts with (minutes before its start, reminders.ts), or null for none. */
  defaultReminderMinutes: z.number().int().nullable(),
  /** The day a week starts on in the calendar, the planner and the chore chart: 0 Sunday … 6 Saturday. */
  firstDayOfWeek: z.number().int(),
});
export type FamilySettings = z.infer<typeof FamilySettings>;

export const Invite = z.object({
  id: z.uuid(),
  token: z.string(),
  invitedEmail: z.string().nullable(),
  expiresAt: IsoDateTime,
  createdAt: IsoDateTime,
  /** The registration link carrying the token: /auth?invite=TOKEN. */
  inviteUrl: z.string(),
});
export type Invite = z.infer<typeof Invite>;

export const listMembers = endpoint({
  method: 'GET', path: '/api/family-members', access: 'user',
  summary: 'The caller\'s family members, by member number then name', response: z.array(FamilyMember),
});
export const addMember = endpoint({
  method: 'POST', path: '/api/family-members', access: 'user',
  summary: 'Add a member without an account; with an email, also mail an invite to join as that member (admin or edit)',
  body: NewMember, response: FamilyMember, status: 201,
});
export const updateMember = endpoint({
  method: 'PUT', path: '/api/family-members/{id}', access: 'user',
  summary: 'Edit a member (admin or edit; only an admin changes permission levels)',
  params: IdParams, body: MemberUpdate, response: FamilyMember,
});
export const removeMember = endpoint({
  method: 'DELETE', path: '/api/family-members/{id}', access: 'user',
  summary: 'Remove another member; a linked account loses access to the family (admin)',
  params: IdParams, response: z.null(),
});
export const setMemberColor = endpoint({
  method: 'PUT', path: '/api/family-members/{id}/color', access: 'user',
  summary: 'Change a member\'s colour (any member)',
  params: IdParams, body: z.object({ color: Color }), response: FamilyMember,
});
export const setMemberOrder = endpoint({
  method: 'PUT', path: '/api/family-members/order', access: 'user',
  summary: 'Set member numbers (admin); answers every member in the new order',
  body: MemberOrderRequest,
  response: z.array(FamilyMember),
});
export const autoAssignNumbers = endpoint({
  method: 'POST', path: '/api/family-members/auto-assign-numbers', access: 'user',
  summary: 'Number the members 1..n in their current order (admin)', response: z.array(FamilyMember),
});
export const getFamilyName = endpoint({
  method: 'GET', path: '/api/family-members/family-name', access: 'user',
  summary: 'The family\'s name and timezone', response: FamilySettings,
});
export const setFamilyName = endpoint({
  method: 'PUT', path: '/api/family-members/family-name', access: 'user',
  summary: 'Rename the family (admin)', body: FamilyNameRequest, response: FamilySettings,
});
export const setTimezone = endpoint({
  method: 'PUT', path: '/api/family-members/timezone', access: 'user',
  summary: 'Set the family\'s timezone (admin)', body: z.object({ timezone: Timezone }), response: FamilySettings,
});
export const setDefaultReminder = endpoint({
  method: 'PUT', path: '/api/family-members/default-reminder', access: 'user',
  summary: 'Set the reminder new events start with (admin)', body: z.object({ defaultReminderMinutes: Reminder }),
  response: FamilySettings,
});
export const setFirstDayOfWeek = endpoint({
  method: 'PUT', path: '/api/family-members/first-day-of-week', access: 'user',
  summary: 'Set the day the family\'s weeks start on (admin)', body: z.object({ firstDayOfWeek: FirstDayOfWeek }),
  response: FamilySettings,
});
export const listInvites = endpoint({
  method: 'GET', path: '/api/family/invites', access: 'user',
  summary: 'Active invites (not expired, not revoked), newest first (admin)', response: z.array(Invite),
});
export const createInvite = endpoint({
  method: 'POST', path: '/api/family/invite', access: 'user',
  summary: 'Create a 7-day multi-use invite link; with invitedEmail only that address may use it and it is mailed (admin)',
  body: InviteRequest, response: Invite, status: 201,
});
const TokenParams = z.object({ token: z.string().min(1).max(200) });
export const revokeInvite = endpoint({
  method: 'DELETE', path: '/api/family/invite/{token}', access: 'user',
  summary: 'Revoke an invite of the caller\'s family (admin)',
  params: TokenParams, response: z.null(),
});

/** What the person opening an invite link sees: whose family it is and who invited them. */
/** `invitedEmail`: the address an email invite was sent to (its landing fills it in), null for a link invite. */
export const InvitePreview = z.object({
  familyName: z.string(), inviterName: z.string().nullable(), invitedEmail: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof InvitePreview>;

export const previewInvite = endpoint({
  method: 'GET', path: '/api/family/invite/{token}', access: 'public',
  summary: 'The family a usable invite leads to, who sent it and the email it was sent to (the token is the secret; nothing else is told)',
  params: TokenParams, response: InvitePreview,
});
export const acceptInvite = endpoint({
  method: 'POST', path: '/api/family/invite/{token}/accept', access: 'user',
  summary: 'Move the signed-in account into the invite\'s family (its own consent; an account is never linked by others)',
  params: TokenParams, response: z.object({ familyId: z.uuid() }),
});

/** A member's birthday as it falls in a window of local dates: a read-only, all-day entry of the calendar. */
export const Birthday = z.object({
  memberId: z.uuid(),
  name: z.string(),
  /** The local date it falls on: a February 29 birthday falls on February 28 in other years. */
  date: z.string(),
  /** The age reached that day; null when the birth year is not known (see `birthdayAgeMax`). */
  age: z.number().int().nullable(),
  /** "Mia turns 8", or "Mia's birthday". */
  title: z.string(),
});
export type Birthday = z.infer<typeof Birthday>;

export const listBirthdays = endpoint({
  method: 'GET', path: '/api/family-members/birthdays', access: 'user',
  summary: `Members' birthdays falling in [startDate, endDate] (local dates, at most ${calendarLimits.windowDaysMax} days), by date then name`,
  query: z.object({ startDate: LocalDate, endDate: LocalDate }),
  response: z.array(Birthday),
});

/** Confirming a family's deletion: its name typed as it is (compared exactly, not trimmed or folded). */
export const DeleteFamilyRequest = z.object({ name: z.string().max(200) });
export const deleteFamily = endpoint({
  method: 'POST', path: '/api/family/delete', access: 'user',
  summary: 'Delete the caller\'s family and every row of it (admin, its name typed to confirm); the other accounts are '
    + 'left without a family and told by email',
  body: DeleteFamilyRequest, response: z.object({ message: z.string() }),
});
