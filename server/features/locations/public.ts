import type { Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { insertLocation } from './service.ts';

export { deletePersonalNotes } from './repository.ts';

/**
 * The locations feature's public API for other features: the calendar saves a restaurant it is told about.
 * Inside the caller's transaction, within the family's bound; answers the new location's id.
 */
export function saveLocation(
  tx: Tx, deps: Deps, input: { familyId: string; actorId: string; name: string; address: string | null },
): Promise<string> {
  return insertLocation(tx, deps, { familyId: input.familyId, userId: input.actorId }, {
    name: input.name, address: input.address, googlePlaceId: null, notes: null,
  });
}
