import { accessMessages, type PermissionLevel } from '@hearth/contract/permissions';
import { AppError, forbidden, notFound } from '../errors.ts';
import type { Caller } from './sessions.ts';

/** A caller known to belong to a family. */
export type FamilyCaller = Caller & { familyId: string; memberId: string; permissionLevel: PermissionLevel };

export const noFamilyMessage = accessMessages.noFamily;
export const readOnlyMessage = accessMessages.readOnly;
export const adminOnlyMessage = accessMessages.adminOnly;

/** Every family-scoped call starts here: the caller must have a family and a member record in it. */
export function requireFamily(caller: Caller): FamilyCaller {
  if (!caller.familyId || !caller.memberId || !caller.permissionLevel) {
    throw new AppError('FORBIDDEN', noFamilyMessage);
  }
  return caller as FamilyCaller;
}

/** ADMIN and EDIT may change family content; READ_ONLY may only read. */
export function requireEditor(caller: Caller): FamilyCaller {
  const member = requireFamily(caller);
  if (member.permissionLevel === 'READ_ONLY') throw forbidden(readOnlyMessage);
  return member;
}

export function requireAdmin(caller: Caller): FamilyCaller {
  const member = requireFamily(caller);
  if (member.permissionLevel !== 'ADMIN') throw forbidden(adminOnlyMessage);
  return member;
}

/** A familyId the caller sent (path, query or payload) must be their own; any other answers 404 like an unknown one. */
export function requireOwnFamily(member: FamilyCaller, familyId: string | null | undefined): void {
  if (familyId && familyId !== member.familyId) throw notFound(accessMessages.familyNotFound);
}
