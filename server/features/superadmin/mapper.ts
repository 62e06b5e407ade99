import type { AdminFamily, AdminUser } from '@hearth/contract/superadmin';
import type { FamilyRow, UserRow } from './repository.ts';

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    emailVerified: row.emailVerifiedAt !== null,
    familyId: row.familyId,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminFamily(row: FamilyRow): AdminFamily {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: row.memberCount,
    verifiedMemberCount: row.verifiedMemberCount,
    createdAt: row.createdAt.toISOString(),
  };
}
