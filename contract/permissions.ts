import { z } from 'zod';

/** A member's permission level inside a family (spec part 1 §6). */
export const PermissionLevel = z.enum(['ADMIN', 'EDIT', 'READ_ONLY']);
export type PermissionLevel = z.infer<typeof PermissionLevel>;
