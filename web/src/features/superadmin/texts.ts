import { superadminMessages as server } from '@hearth/contract/superadmin';
import { deletionMessages } from '@hearth/contract/accounts';

/**
 * Every text the superadmin screens show: the server's messages (from the contract, shown as the server sends them)
 * and the web's own texts of the spec.
 */
export const superadminMessages = {
  ...server,
  loginFailed: 'Login failed. Please check your credentials.',
  loadFailed: 'Failed to load data',
  approveFailed: 'Failed to approve user',
  rejectFailed: 'Failed to reject user',
  assignFailed: 'Failed to assign user to family',
  statusFailed: 'Failed to change user status',
  resetFailed: 'Failed to reset password',
  createFamilyFailed: 'Failed to create family',
  familyIdRequired: 'Please enter a family ID',
  selectUsers: 'Please select at least one user',
} as const;

/** The console's "Delete family" and "Delete account": the same confirmations as the family's admin and the member. */
export const deletionTexts = {
  deleteFamily: 'Delete family',
  deleteAccount: 'Delete account',
  familyTitle: (name: string) => `Delete the family ${name}`,
  familyExplained: (members: number) => `Every row of the family goes for good: its ${members} member${members === 1 ? '' : 's'}, `
    + 'lists, recipes, calendar, places, notes and newsfeed. Its accounts stay, without a family, and are told by email. '
    + 'This cannot be undone.',
  typeName: (name: string) => `Type the family's name, ${name}, to confirm`,
  nameMismatch: deletionMessages.familyNameMismatch,
  familyConfirm: 'Delete the family',
  familyFailed: 'Failed to delete the family',
  accountTitle: (email: string) => `Delete the account ${email}`,
  accountExplained: 'The account\'s sessions, devices, notifications and personal notes go; its member stays in the family '
    + 'without an account, name kept, unless removed too. This cannot be undone.',
  typeEmail: (email: string) => `Type the account's email, ${email}, to confirm`,
  emailMismatch: deletionMessages.emailMismatch,
  removeFromFamily: 'Remove the member from the family too',
  accountConfirm: 'Delete the account',
  accountFailed: 'Failed to delete the account',
  deleting: 'Deleting…',
} as const;
