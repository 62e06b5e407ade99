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
} as const;
