import { deletionMessages } from '@hearth/contract/accounts';
import type { Timezone } from '@hearth/contract/family';
import { familyMessages as server } from '@hearth/contract/family';

/**
 * Every text the family screens show: the server's messages (from the contract, shown as the server sends them)
 * and the web's own texts of the spec.
 */
export const familyMessages = {
  ...server,
  loadMembersFailed: 'Failed to load family members',
  loadMembersError: 'Error loading family members',
  loadFamilyNameError: 'Error loading family name',
  inviteFailed: 'Failed to create invite',
  orderUpdateFailed: 'Failed to update member order',
  autoAssignFailed: 'Failed to auto-assign numbers',
  saved: 'Saved!',
  addMemberError: (message: string) => `Error adding member: ${message}`,
  genericError: (message: string) => `Error: ${message}`,
  updateMemberError: (message: string) => `Error updating member: ${message}`,
  updateFamilyNameError: (message: string) => `Error updating family name: ${message}`,
  updateTimezoneError: (message: string) => `Error updating timezone: ${message}`,
  updateDefaultReminderError: (message: string) => `Error updating the default reminder: ${message}`,
  firstDayOfWeekLabel: 'Weeks start on',
  updateFirstDayOfWeekError: (message: string) => `Error updating the first day of the week: ${message}`,
  familyIdLabel: 'Family ID (for support)',
  removeMember: (name: string) => `Remove ${name} from the family?`,
  // The server renews the calendar's subscription link when an account leaves.
  removeAccountMember: (name: string) =>
    `Remove ${name} from the family? The calendar subscription link will change, so theirs stops working; members subscribe again with the new link.`,
} as const;

/** Timezones as people read them; the stored value stays the IANA name. */
export const timezoneLabels: Record<Timezone, string> = {
  'America/New_York': 'Eastern Time — New York',
  'America/Chicago': 'Central Time — Chicago',
  'America/Denver': 'Mountain Time — Denver',
  'America/Los_Angeles': 'Pacific Time — Los Angeles',
  'America/Anchorage': 'Alaska Time — Anchorage',
  'Pacific/Honolulu': 'Hawaii Time — Honolulu',
  UTC: 'Coordinated Universal Time (UTC)',
  'Europe/London': 'UK Time — London',
  'Europe/Paris': 'Central European Time — Paris',
  'Asia/Tokyo': 'Japan Time — Tokyo',
  'Australia/Sydney': 'Eastern Australia Time — Sydney',
};

/** The admin's "Delete the family" card (issue 53). */
export const deleteFamilyTexts = {
  title: 'Delete the family',
  open: 'Delete the family…',
  explained: 'Deleting the family removes everything it holds for good: members, lists, recipes and their photos, the '
    + 'calendar, places and notes, the newsfeed, AI ideas and open invites. The accounts of the other members stay, '
    + 'without a family, and are told by email. Backups taken before keep the family until they are rotated.',
  warning: 'This cannot be undone.',
  typeName: (name: string) => `Type the family's name, ${name}, to confirm`,
  mismatch: deletionMessages.familyNameMismatch,
  confirm: 'Delete the family',
} as const;
