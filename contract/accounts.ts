import { z } from 'zod';
import { endpoint, IsoDateTime, MessageResponse } from './endpoint.ts';
import { limits } from './limits.ts';
import { PermissionLevel } from './permissions.ts';

/** Password policy: each rule with the exact message shown when it fails. */
export const passwordRules = [
  { message: 'Password must be at least 8 characters long', test: (p: string) => p.length >= limits.passwordMin },
  { message: 'Password must contain at least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { message: 'Password must contain at least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { message: 'Password must contain at least one number', test: (p: string) => /[0-9]/.test(p) },
] as const;

export function passwordProblems(password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export const messages = {
  registered: 'Registration successful! Please check your email to verify your account.',
  passwordPolicy: 'Password does not meet the requirements',
  emailTaken: 'An account with this email already exists',
  inviteInvalid: 'This invite link is invalid, expired or has been revoked.',
  inviteOtherEmail: 'This invite was sent to a different email address.',
  badCredentials: 'Invalid email or password',
  accountPending: 'Account pending approval: verify your email, or wait for an administrator to approve it.',
  accountDenied: 'Account request denied.',
  codeRequested: "If your email is registered, you'll receive a code.",
  codeInvalid: 'Invalid or expired code. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  emailVerified: 'Email verified! You can now sign in.',
  emailVerifiedAwaitingApproval: 'Email verified! An administrator will approve your account shortly.',
  verifyTokenInvalid: 'This verification link is invalid or has expired.',
  emailAlreadyVerified: 'Your email is already verified. You can sign in.',
  resetRequested: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new password reset.',
  authFailed: 'Authentication failed. Please login again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'Please sign in.',
} as const;

const Email = z.string().trim().toLowerCase().pipe(z.email({ error: 'Please enter a valid email address' }));

export const SessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  familyId: z.uuid().nullable(),
  permissionLevel: PermissionLevel.nullable(),
  createdAt: IsoDateTime,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SignedIn = z.object({ token: z.string(), user: SessionUser });

export const register = endpoint({
  method: 'POST',
  path: '/api/register',
  access: 'public',
  summary: 'Create an account; joins the invite\'s family, or founds a new one',
  body: z.object({
    email: Email,
    name: z.string().trim().min(1, 'Name is required').max(limits.nameMax, 'Name must be less than 100 characters'),
    password: z.string().max(256, 'Password is too long'),
    inviteToken: z.string().trim().max(200).nullish(),
  }),
  response: MessageResponse,
  status: 201,
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  summary: 'Sign in with email and password',
  body: z.object({ email: Email, password: z.string().min(1, 'Password is required').max(256) }),
  response: SignedIn,
});

export const me = endpoint({
  method: 'GET',
  path: '/api/me',
  access: 'user',
  summary: 'The signed-in user',
  response: SessionUser,
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/logout',
  access: 'user',
  summary: 'Revoke the current session',
  response: z.null(),
});

export const requestCode = endpoint({
  method: 'POST',
  path: '/auth/request-code',
  access: 'public',
  summary: 'Email a 6-digit sign-in code (same answer whether or not the email exists)',
  body: z.object({ email: Email }),
  response: MessageResponse,
});

export const verifyCode = endpoint({
  method: 'POST',
  path: '/auth/verify-code',
  access: 'public',
  summary: 'Sign in with an emailed code',
  body: z.object({ email: Email, code: z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits') }),
  response: SignedIn,
});

export const verifyEmail = endpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'public',
  summary: 'Confirm an email address with the token from the verification mail',
  body: z.object({ token: z.string().trim().min(1).max(200) }),
  response: MessageResponse,
});

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/request-password-reset',
  access: 'public',
  summary: 'Email a password reset link (same answer whether or not the email exists)',
  body: z.object({ email: Email }),
  response: MessageResponse,
});

export const confirmPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/confirm-password-reset',
  access: 'public',
  summary: 'Set a new password with a reset token; signs out every session',
  body: z.object({ token: z.string().trim().min(1).max(200), newPassword: z.string().max(256) }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

/** Deleting an account or a family (issue 53): the server's answers, word for word. */
export const deletionMessages = {
  confirmWith: 'Enter your password, or a sign-in code from your email, to confirm.',
  wrongPassword: 'That password is not right.',
  soleAdmin: 'You are the only admin of your family and other accounts are in it. Make another member an admin, '
    + 'or delete the family, before deleting your account.',
  accountDeleted: 'Your account has been deleted.',
  familyNameMismatch: "Type the family's name exactly as it is to confirm.",
  familyDeleted: 'The family has been deleted.',
  emailMismatch: "Type the account's email exactly as it is to confirm.",
} as const;

export const deleteAccount = endpoint({
  method: 'POST',
  path: '/api/me/delete',
  access: 'user',
  summary: 'Delete the signed-in account (password or emailed code re-entered): sessions, tokens, devices and personal '
    + 'notes go; the member stays in the family without an account unless removeFromFamily',
  body: z.object({
    password: z.string().max(256).optional(),
    code: z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits').optional(),
    removeFromFamily: z.boolean().default(false),
  }).refine((b) => (b.password ?? '') !== '' || b.code !== undefined, { error: deletionMessages.confirmWith }),
  response: MessageResponse,
});
