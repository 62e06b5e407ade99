import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { forgetAttemptsNaming } from '../../platform/throttle.ts';
import { leaveOnAccountDeletion } from '../family/membership.ts';
import { deletePersonalNotes } from '../locations/public.ts';
import { deleteUser } from './repository.ts';

/**
 * The accounts feature's public API for the super admin: deleting an account, in the caller's transaction. Its
 * personal notes go, its member stays in the family without an account (or goes with `remove`; refused with
 * `refusal` for a sole admin whom other accounts need), and deleting its row takes its sessions, tokens, codes,
 * devices, notifications, preferences and Idempotency-Keys (references cascade); what it wrote for the family stays,
 * its author forgotten, and so do the sign-in attempts counted under its email. False when there is no such account.
 */
export async function eraseAccount(
  tx: Tx, deps: Deps, userId: string, remove: boolean, refusal: string,
): Promise<boolean> {
  const member = await leaveOnAccountDeletion(tx, userId, remove, refusal);
  await deletePersonalNotes(tx, userId);
  if (member) {
    await deps.events.record(tx, {
      familyId: member.familyId, actorId: userId, type: remove ? 'member_left' : 'member_updated', subjectId: member.id,
    });
  }
  const email = await deleteUser(tx, userId);
  if (email) await forgetAttemptsNaming(tx, [email, userId]);
  return email !== undefined;
}
