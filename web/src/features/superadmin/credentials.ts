import type { Endpoint, ResponseOf } from '@hearth/contract/endpoint';
import { call, type CallInput } from '../../shared/api/client.ts';

const key = 'superadmin';

/** Super-admin credentials live in sessionStorage only: closing the tab signs the super admin out. */
export const credentials = {
  get(): string | null {
    return sessionStorage.getItem(key);
  },
  set(username: string, password: string): void {
    sessionStorage.setItem(key, btoa(`${username}:${password}`));
  },
  clear(): void {
    sessionStorage.removeItem(key);
  },
};

/** Calls a super-admin endpoint with basic authentication. */
export function adminCall<E extends Endpoint>(e: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  return call(e, { ...input, headers: { authorization: `Basic ${credentials.get() ?? ''}` } });
}
