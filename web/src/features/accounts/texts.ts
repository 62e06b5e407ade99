import { messages as server } from '@hearth/contract/accounts';

/**
 * Every text the accounts screens show: the server's messages (from the contract, shown as the server sends them)
 * and the web's own texts of the spec.
 */
export const messages = {
  ...server,
  registeredFallback: 'Registration successful! Please check your email for approval.',
  registerFailed: 'Registration failed. Please try again.',
  inviteNotice: "You're joining a family! This invite link will automatically add you to the family.",
  loginPendingShown: 'Your account is pending email verification. Please check your email and click the verification link.',
  verificationResent: 'We just sent you a new verification link; links we sent before still work until you use one.',
  loginDeniedShown: 'Your account request was denied. Please contact support.',
  loginFailed: 'Login failed. Please try again.',
  invalidResponse: 'Invalid response from server',
  codeRequestFailed: 'Failed to send code. Please try again.',
  codeResent: 'Code resent successfully.',
  codeResendFailed: 'Failed to resend code. Please try again.',
  verifyFailed: 'Email verification failed',
  verifyNoToken: 'No verification token found. Please check your email for the correct link.',
  verifyFailedShown: 'Verification failed. Please try again or contact support.',
  resetNoToken: 'Invalid reset link. Please request a new password reset.',
  resetFixErrors: 'Please fix the password validation errors below.',
  passwordsDiffer: 'Passwords do not match.',
  genericError: 'An error occurred. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  codeJustSent: (seconds: number) =>
    `A code was just sent to this email and is still valid: enter it below. You can ask for another in ${seconds} seconds.`,
  joinFamilyLabel: 'Family invitation',
  invitedBy: (name: string) => `${name} invited you.`,
  invitedTo: (familyName: string, inviterName: string | null) =>
    inviterName ? `${inviterName} invited you to join ${familyName}.` : `You're invited to join ${familyName}.`,
  joinFamilyTitle: (familyName: string) => `You're invited to join ${familyName}`,
  joinFamilyExplain: 'Joining moves your account into this family: you will see its lists, meals and calendar instead of your current family\'s.',
  joinFamilyButton: (familyName: string) => `Join ${familyName}`,
  joining: 'Joining...',
  joinFailed: 'Could not join the family. Please try again.',
  notNow: 'Not now',
} as const;

/** The Account page (issue 53). */
export const accountTexts = {
  title: 'Account',
  deleteAccount: 'Delete my account',
  deleteAccountOpen: 'Delete my account…',
  deleteExplained: 'Deleting your account signs you out everywhere and removes your sessions, devices, notifications '
    + 'and personal notes. What you added for the family (lists, recipes, events, shared notes) stays with the family, '
    + 'and your name stays on the family as a member without an account, unless you also choose to leave the family. '
    + 'If you are the only admin and others have accounts in the family, make someone else an admin or delete the '
    + 'family first.',
  deleteWarning: 'This cannot be undone. Enter your password to confirm.',
  passwordLabel: 'Password',
  passwordRequired: 'Password is required',
  codeLabel: 'Code from your email',
  codeRequired: 'Enter the 6-digit code from your email',
  useCode: 'Email me a code instead',
  removeFromFamily: 'Remove me from the family too',
  networkError: 'Network error. Please check your connection and try again.',
} as const;
