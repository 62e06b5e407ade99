import { superadminMessages as server } from '@hearth/contract/superadmin';

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
