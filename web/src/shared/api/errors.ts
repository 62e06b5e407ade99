import type { ErrorCode } from '@hearth/contract/errors';
import { ApiError } from './client.ts';

/** The server's message for a failed call, or the spec's fallback text when no answer came. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Whether a failure carries one of the contract's stable error codes: branch on codes, never on message text. */
export function hasCode(error: unknown, ...codes: ErrorCode[]): boolean {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}
