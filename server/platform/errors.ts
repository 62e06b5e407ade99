import { errorMessages, errorStatus, type ErrorCode, type ErrorExtra } from '@hearth/contract/errors';

/** The one application error: a stable code (mapped to an HTTP status) and a message for people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: string[] | undefined;
  readonly extra: ErrorExtra;
  constructor(code: ErrorCode, message: string, errors?: string[], extra: ErrorExtra = {}) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.extra = extra;
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string = errorMessages.notFound) => new AppError('NOT_FOUND', what);
export const forbidden = (message: string = errorMessages.forbidden) => new AppError('FORBIDDEN', message);
export const invalid = (message: string, errors?: string[]) => new AppError('VALIDATION', message, errors);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);
export const rateLimited = (message: string, extra?: ErrorExtra) => new AppError('RATE_LIMITED', message, undefined, extra);
export const unavailable = (message: string) => new AppError('UNAVAILABLE', message);
