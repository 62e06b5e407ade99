import { z } from 'zod';

/** A member's permission level inside a family (spec part 1 §6). */
export const PermissionLevel = z.enum(['ADMIN', 'EDIT', 'READ_ONLY']);
export type PermissionLevel = z.infer<typeof PermissionLevel>;

// Plain text in a module of its own, so the screens that show it do not bring zod with them.
export { accessMessages } from './access-messages.ts';
