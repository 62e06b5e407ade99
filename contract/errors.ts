import { z } from 'zod';

/**
 * Stable error codes. The server answers every failure as `ErrorBody`;
 * the web client reads `message` (and `errors` for lists of rule failures).
 */
export const errorStatus = {
  /** Input failed validation; `errors` may list each failed rule. */
  VALIDATION: 400,
  /** No or invalid credentials, expired session. */
  UNAUTHENTICATED: 401,
  /** Signed in, but the permission level does not allow this. */
  FORBIDDEN: 403,
  /** The account is awaiting email verification or approval. */
  ACCOUNT_PENDING: 403,
  /** The account request was denied. */
  ACCOUNT_REJECTED: 403,
  /** Does not exist, or belongs to another family (never distinguished). */
  NOT_FOUND: 404,
  /** Conflicts with the current state (duplicate email, last admin, ...). */
  CONFLICT: 409,
  /** The body is larger than the call accepts (a photo past its size limit). */
  TOO_LARGE: 413,
  /** The body is not of a type the call reads (a file that is not an image). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Well formed, but nothing usable came of it (a page without a recipe). */
  UNPROCESSABLE: 422,
  /** Too many attempts; try again later. */
  RATE_LIMITED: 429,
  /** Unexpected server failure. */
  INTERNAL: 500,
  /** The server cannot do this now (its database is unreachable, it is starting or stopping); try again shortly. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** What the server answers when nothing more specific applies. */
export const errorMessages = {
  invalidValue: 'Invalid value',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this.',
  internal: 'Something went wrong on our side. Please try again.',
  brokenText: 'Text must not contain NUL characters or broken (unpaired surrogate) characters.',
  headersTooLarge: 'The request headers are too large.',
  bodyTooLarge: 'The request is too large.',
  uploadsBusy: 'The server is receiving other large files just now. Please try again in a minute.',
  tooManyWrites: 'You are making changes too quickly. Please wait a minute and try again.',
  databaseUnavailable: 'The server cannot reach its database right now. Please try again in a moment.',
  collided: 'Another change got in the way of this one, and nothing was saved. Please try again.',
} as const;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const ErrorBody = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  errors: z.array(z.string()).optional(),
  /** The AI planner's requests left today, on its quota answer (429). */
  remainingRequests: z.number().int().optional(),
  /** A sign-in of an account awaiting verification (ACCOUNT_PENDING): a new verification link was just mailed. */
  verificationSent: z.boolean().optional(),
});
/** What an error may carry besides its code, message and rule failures. */
export type ErrorExtra = Omit<ErrorBody, 'code' | 'message' | 'errors'>;
export type ErrorBody = z.infer<typeof ErrorBody>;
