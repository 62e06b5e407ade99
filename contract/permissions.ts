import { z } from 'zod';

/** A member's permission level inside a family (spec part 1 §6). */
export const PermissionLevel = z.enum(['ADMIN', 'EDIT', 'READ_ONLY']);
export type PermissionLevel = z.infer<typeof PermissionLevel>;

/** What the server answers when a caller lacks the family or the level a call needs. */
export const accessMessages = {
  noFamily: 'You are not a member of a family yet.',
  readOnly: 'Your permission level is read-only: you can view but not change this.',
  adminOnly: 'Only a family admin can do this.',
  familyNotFound: 'Family not found',
} as const;
