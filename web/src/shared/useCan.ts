import { useCurrentUser } from './useCurrentUser.ts';

/**
 * What the signed-in member may do, from the server's own answer (/api/me): ADMIN and EDIT change family
 * content, only ADMIN manages the family. Unknown (loading, no family) means neither: nothing is offered that
 * the server would refuse. The server checks every write anyway.
 */
export function useCan(): { edit: boolean; admin: boolean } {
  const level = useCurrentUser().data?.permissionLevel ?? null;
  return { edit: level === 'ADMIN' || level === 'EDIT', admin: level === 'ADMIN' };
}
