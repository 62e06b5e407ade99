import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../errors.ts';
import { errorMessages } from '@hearth/contract/errors';
import type { Queryable } from './client.ts';

type FamilyOwned = PgTable & { id: AnyPgColumn; familyId: AnyPgColumn };

/**
 * The one check that an id belongs to the caller's family. Another family's id and a
 * nonexistent id answer the same 404, so ids never reveal what exists elsewhere.
 */
export async function requireInFamily(
  q: Queryable, table: FamilyOwned, id: string, familyId: string, what: string = errorMessages.notFound,
): Promise<void> {
  const rows = await q.select({ id: table.id }).from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.familyId, familyId))).limit(1);
  if (rows.length === 0) throw notFound(what);
}
