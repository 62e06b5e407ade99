import type { SessionUser } from '@hearth/contract/accounts';
import { storageKeys } from '@hearth/contract/limits';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** How a session ends: signed out (by the member, or to sign in again), or refused by the server (401). */
export type SessionEnding = 'signed-out' | 'refused';
/**
 * How this tab's last session ended, until the next sign-in. Whoever ends a session also navigates to /auth, but a
 * page still showing reads the missing session first: it says why from this, not as to a visitor who never signed in.
 */
let ending: SessionEnding | null = null;

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
    ending = null;
    localStorage.setItem(storageKeys.token, token);
    this.saveUser(user);
    changed();
  },
  saveUser(user: SessionUser): void {
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    localStorage.setItem(storageKeys.userCreatedAt, user.createdAt);
  },
  clear(why: SessionEnding = 'signed-out'): void {
    ending = why;
    localStorage.removeItem(storageKeys.token);
    localStorage.removeItem(storageKeys.user);
    changed();
  },
  /** How the last session in this tab ended, if one did since the page was opened. */
  ending(): SessionEnding | null {
    return ending;
  },
  /** Calls `listener` after every sign-in and sign-out in this tab; answers how to stop. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
