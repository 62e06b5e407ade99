import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { endpoint, IdParams, IsoDateTime } from './endpoint.ts';
import { limits } from './limits.ts';
import { PermissionLevel } from './permissions.ts';

/** Spec part 1 §9: the timezone choices, in the order the selector shows them. */
export const timezones = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage',
  'Pacific/Honolulu', 'UTC', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney',
] as const;
export const Timezone = z.enum(timezones, { error: 'Please choose one of the listed timezones' });
export type Timezone = z.infer<typeof Timezone>;

export const familyDefaults = {
  color: '#cccccc',
  timezone: 'America/New_York' satisfies Timezone,
  permissionLevel: 'READ_ONLY' satisfies PermissionLevel,
  inviteLifetimeDays: 7,
} as const;

/**
 * Colours new members get, in order (the first one the family does not use yet), so a calendar's colour coding means
 * something from the start: the Okabe–Ito colour-blind-safe set, then four more distinct hues. The spec's #cccccc
 * stays the column default.
 */
export const memberPalette = [
  '#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#7b61ff', '#8c564b', '#17becf',
] as const;

/** Bounds no real family meets, so one family cannot slow the others (docs/DECISIONS.md). */
export const familyLimits = {
  membersPerFamily: 50,
  activeInvitesPerFamily: 50,
} as const;

export const familyMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  invalidEmail: 'Please enter a valid email address',
  invalidDate: 'Please enter a valid date',
  familyNameRequired: 'Family name is required',
  familyNameTooLong: 'Family name must be less than 100 characters',
  invalidColor: 'Color must be a hex color like #cccccc',
  invalidMemberNumber: 'Order numbers must be whole numbers of at least 1',
  duplicateInOrder: 'Each member may appear only once in the order',
  memberNotFound: 'Family member not found',
  familyNotFound: 'Family not found',
  inviteNotFound: 'Invite not found',
  alreadyInThisFamily: 'This person is already a member of your family.',
  joinByInvite: 'An existing account joins a family by accepting an invitation: add the person by email and they will get one.',
  soleAdminLeaving: 'You are the only admin of your current family. Make another member an admin before joining a new family.',
  familyFull: `A family can have at most ${familyLimits.membersPerFamily} members.`,
  tooManyInvites: `A family can have at most ${familyLimits.activeInvitesPerFamily} open invites. Revoke some to make more.`,
  cannotRemoveSelf: 'You cannot remove yourself from the family.',
  lastAdmin: 'The family needs at least one admin with an account. Make another member an admin first.',
  permissionAdminOnly: 'Only a family admin can change permission levels.',
  adminOnly: 'Admin only',
} as const;

const EmailText = z.string().trim().toLowerCase().max(254, familyMessages.invalidEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, familyMessages.invalidEmail);
const DateText = z.string().trim().refine((v) => v === '' || isCalendarDate(v), familyMessages.invalidDate);

// Forms send '' for an empty optional field; '' and null both mean "none".
/** On a create, a missing optional field means none too. */
const OptionalEmail = EmailText.nullish().transform((v) => v || null);
const OptionalBirthday = DateText.nullish().transform((v) => v || null);
/** On an update, a missing optional field keeps its value; '' or null clears it. */
const KeptEmail = EmailText.nullish().transform((v) => (v === undefined ? undefined : v || null));
const KeptBirthday = DateText.nullish().transform((v) => (v === undefined ? undefined : v || null));

export const MemberName = z.string().trim().min(1, familyMessages.nameRequired)
  .max(limits.nameMax, familyMessages.nameTooLong);

export const Color = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, familyMessages.invalidColor)
  .transform((v) => v.toLowerCase());

export const MemberNumber = z.number({ error: familyMessages.invalidMemberNumber })
  .int(familyMessages.invalidMemberNumber).min(1, familyMessages.invalidMemberNumber)
  .max(1_000_000, familyMessages.invalidMemberNumber);

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

/** The Add Family Member form and POST body. */
export const NewMember = z.object({
  name: MemberName,
  email: OptionalEmail,
  birthday: OptionalBirthday,
  permissionLevel: PermissionLevel.default(familyDefaults.permissionLevel),
  /** In the spec's payload; only null is accepted, since an account joins only by accepting an invitation. */
  userId: z.uuid({ error: familyMessages.joinByInvite }).nullish().transform((v) => v ?? null),
});

/** The PUT body: name is required; a missing email, birthday or permissionLevel is left unchanged. */
export const MemberUpdate = z.object({
  name: MemberName,
  email: KeptEmail,
  birthday: KeptBirthday,
  permissionLevel: PermissionLevel.optional(),
});

export const FamilyName = z.string().trim().min(1, familyMessages.familyNameRequired)
  .max(limits.familyNameMax, familyMessages.familyNameTooLong);

export const FamilySettings = z.object({ familyName: z.string(), timezone: Timezone });
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

export const InviteRequest = z.object({ invitedEmail: OptionalEmail });

export const listMembers = endpoint({
  method: 'GET', path: '/api/family-members', access: 'user',
  summary: 'The caller\'s family members, by member number then name', response: z.array(FamilyMember),
});
export const addMember = endpoint({
  method: 'POST', path: '/api/family-members', access: 'user',
  summary: 'Add a member without an account, or link an existing account that has no family (admin or edit)',
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
  body: z.array(z.object({ id: z.uuid({ error: familyMessages.memberNotFound }), memberNumber: MemberNumber }))
    .max(500)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, familyMessages.duplicateInOrder),
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
  summary: 'Rename the family (admin)', body: z.object({ familyName: FamilyName }), response: FamilySettings,
});
export const setTimezone = endpoint({
  method: 'PUT', path: '/api/family-members/timezone', access: 'user',
  summary: 'Set the family\'s timezone (admin)', body: z.object({ timezone: Timezone }), response: FamilySettings,
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
export const InvitePreview = z.object({ familyName: z.string(), inviterName: z.string().nullable() });
export type InvitePreview = z.infer<typeof InvitePreview>;

export const previewInvite = endpoint({
  method: 'GET', path: '/api/family/invite/{token}', access: 'public',
  summary: 'The family a usable invite leads to and who sent it (the token is the secret; nothing else is told)',
  params: TokenParams, response: InvitePreview,
});
export const acceptInvite = endpoint({
  method: 'POST', path: '/api/family/invite/{token}/accept', access: 'user',
  summary: 'Move the signed-in account into the invite\'s family (its own consent; an account is never linked by others)',
  params: TokenParams, response: z.object({ familyId: z.uuid() }),
});
