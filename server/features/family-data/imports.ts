import { eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { familyImports } from '../../platform/db/schema/family-data.ts';

/** The family being imported is marked so, in the transaction that founds it. */
export async function markImporting(q: Queryable, familyId: string): Promise<void> {
  await q.insert(familyImports).values({ familyId });
}

/** A batch was written: the import is alive. */
export async function touchImport(q: Queryable, familyId: string): Promise<void> {
  await q.update(familyImports).set({ touchedAt: sql`now()` }).where(eq(familyImports.familyId, familyId));
}

/** The import is complete: its family is an ordinary one from now on. */
export async function unmarkImporting(q: Queryable, familyId: string): Promise<void> {
  await q.delete(familyImports).where(eq(familyImports.familyId, familyId));
}

/**
 * An import writes a batch every fraction of a second; one silent for this long (by the database's clock, which
 * stamped it) was stopped half-way.
 */
export const importStoppedAfter = '10 minutes';

/** Families whose import has not written a batch for `importStoppedAfter`. */
export async function stoppedImports(q: Queryable): Promise<string[]> {
  const rows = await q.select({ familyId: familyImports.familyId }).from(familyImports)
    .where(lt(familyImports.touchedAt, sql`now() - ${importStoppedAfter}::interval`));
  return rows.map((r) => r.familyId);
}
