import type { SessionUser } from '@hearth/contract/accounts';
import type { Caller } from '../../platform/auth/sessions.ts';

export function toSessionUser(caller: Caller): SessionUser {
  return {
    id: caller.userId,
    email: caller.email,
    name: caller.name,
    familyId: caller.familyId,
    permissionLevel: caller.permissionLevel,
    createdAt: caller.createdAt.toISOString(),
  };
}
