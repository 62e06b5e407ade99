import { z } from 'zod';
import { endpoint, Id, IsoDateTime, MessageResponse } from './endpoint.ts';
import { limits } from './limits.ts';

export const AccountStatus = z.enum(['PENDING', 'ACTIVE', 'REJECTED']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const superadminMessages = {
  authFailed: 'Authentication failed',
  userNotFound: 'User not found',
  familyNotFound: 'Family not found',
  familyNameRequired: 'Family name is required',
  notConfigured: 'Super admin is not configured on this server',
} as const;

export const AdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  status: AccountStatus,
  emailVerified: z.boolean(),
  familyId: z.uuid().nullable(),
  lastLogin: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminFamily = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  /** Members whose account has a verified email: 0 for the family a sign-up founded and never verified. */
  verifiedMemberCount: z.number().int(),
  createdAt: IsoDateTime,
});
export type AdminFamily = z.infer<typeof AdminFamily>;

const UserParams = z.object({ id: Id });

export const listUsers = endpoint({
  method: 'GET', path: '/api/superadmin/users', access: 'superadmin',
  summary: 'Every user, newest first', response: z.array(AdminUser),
});
export const listPendingUsers = endpoint({
  method: 'GET', path: '/api/superadmin/users/pending', access: 'superadmin',
  summary: 'Users awaiting approval', response: z.array(AdminUser),
});
export const listFamilies = endpoint({
  method: 'GET', path: '/api/superadmin/families', access: 'superadmin',
  summary: 'Every family', response: z.array(AdminFamily),
});
export const approveUser = endpoint({
  method: 'PUT', path: '/api/superadmin/users/{id}/approve', access: 'superadmin',
  summary: 'Set a user ACTIVE', params: UserParams, response: AdminUser,
});
export const rejectUser = endpoint({
  method: 'PUT', path: '/api/superadmin/users/{id}/reject', access: 'superadmin',
  summary: 'Set a user REJECTED and end their sessions', params: UserParams, response: AdminUser,
});
export const assignUserToFamily = endpoint({
  method: 'PUT', path: '/api/superadmin/users/{id}/family/{familyId}', access: 'superadmin',
  summary: 'Move a user into a family as a member',
  params: z.object({ id: Id, familyId: Id }), response: AdminUser,
});
export const setUserStatus = endpoint({
  method: 'PUT', path: '/api/superadmin/users/{id}/status', access: 'superadmin',
  summary: 'Set a user\'s status directly', params: UserParams,
  body: z.object({ status: AccountStatus }), response: AdminUser,
});
export const resetUserPassword = endpoint({
  method: 'PUT', path: '/api/superadmin/users/{id}/password', access: 'superadmin',
  summary: 'Set a new password for a user and end their sessions', params: UserParams,
  body: z.object({ newPassword: z.string().max(256) }), response: MessageResponse,
});
/** Body of createFamily; named because the console's form validates with it (the web keeps no endpoint's schemas). */
export const NewFamily = z.object({
  name: z.string().trim().min(1, superadminMessages.familyNameRequired)
    .max(limits.familyNameMax, 'Family name must be less than 100 characters'),
  description: z.string().trim().max(1000).nullish(),
});
export const createFamily = endpoint({
  method: 'POST', path: '/api/superadmin/families', access: 'superadmin',
  summary: 'Create an empty family',
  body: NewFamily,
  response: AdminFamily,
  status: 201,
});

export const deleteUser = endpoint({
  method: 'POST', path: '/api/superadmin/users/{id}/delete', access: 'superadmin',
  summary: 'Delete an account (its email typed to confirm), as the member would; removeFromFamily also removes its member',
  params: UserParams,
  body: z.object({ email: z.string().max(320), removeFromFamily: z.boolean().default(false) }),
  response: MessageResponse,
});
export const deleteFamily = endpoint({
  method: 'POST', path: '/api/superadmin/families/{id}/delete', access: 'superadmin',
  summary: 'Delete a family and every row of it (its name typed to confirm); its accounts are left without a family and told by email',
  params: UserParams,
  body: z.object({ name: z.string().max(200) }),
  response: MessageResponse,
});
