import type { SessionUser } from '@hearth/contract/accounts';
import { storageKeys } from '@hearth/contract/limits';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The signed-in user and token, kept in localStorage under the spec's keys. */
export const session = {
  token(): string | null {
    return localStorage.getItem(storageKeys.token);
  },
  user(): SessionUser | null {
    const raw = localStorage.getItem(storageKeys.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionUser;
    } catch {
      return null;
    }
  },
  save(token: string, user: SessionUser): void {
    localStorage.setItem(storageKeys.token, token);
    this.saveUser(user);
    changed();
  },
  saveUser(user: SessionUser): void {
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    localStorage.setItem(storageKeys.userCreatedAt, user.createdAt);
  },
  clear(): void {
    localStorage.removeItem(storageKeys.token);
    localStorage.removeItem(storageKeys.user);
    changed();
  },
  /** Calls `listener` after every sign-in and sign-out in this tab; answers how to stop. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
