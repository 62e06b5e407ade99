/**
 * The family feature's plain values: timezone choices, defaults, limits and messages. No zod here, so the web
 * app's first download (which shows these) carries no schema library; family.ts re-exports all of it.
 */
import type { PermissionLevel } from './permissions.ts';

/** Spec part 1 §9: the timezone choices, in the order the selector shows them. */
export const timezones = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage',
  'Pacific/Honolulu', 'UTC', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney',
] as const;

export const familyDefaults = {
  color: '#cccccc',
  timezone: 'America/New_York' satisfies (typeof timezones)[number],
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

/**
 * Birthdays on the calendar and the newsfeed: a birth year giving an age above this is a placeholder typed by
 * someone who does not know the year (0001, 1604, 1900), so that birthday shows without an age.
 */
export const birthdayAgeMax = 120;

/** "Mia turns 8", or "Mia's birthday" when the birth year is not known. */
export function birthdayTitle(name: string, age: number | null): string {
  return age === null ? `${name}'s birthday` : `${name} turns ${age}`;
}

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
