/**
 * Where to go after signing in: the page a signed-out visitor asked for (a list shared in a message), carried
 * through /auth in the navigation state. Only a path of this app is followed, never another site.
 */
export interface AuthState {
  message?: string;
  from?: string;
}

export function returnPath(state: unknown, fallback: string): string {
  const from = (state as AuthState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth')
    ? from : fallback;
}
