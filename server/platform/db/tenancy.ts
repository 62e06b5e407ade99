import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { errorMessages } from '@hearth/contract/errors';
import { notFound } from '../errors.ts';
import type { Queryable } from './client.ts';
import { families } from './schema.ts';

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

/** `requireInFamily` for many ids at once: those of `ids` that are the family's (the rest answer 404 alike). */
export async function idsInFamily(q: Queryable, table: FamilyOwned, ids: string[], familyId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q.select({ id: table.id }).from(table as PgTable)
    .where(and(inArray(table.id, ids), eq(table.familyId, familyId)));
  return new Set(rows.map((r) => r.id as string));
}

/**
 * Holds the family's row until the transaction ends, so per-family bounds are counted one writer at a time
 * (claim, then check). NO KEY UPDATE still lets other transactions insert rows that reference the family.
 */
export async function lockFamilyRow(q: Queryable, familyId: string): Promise<void> {
  await q.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('no key update');
}

function sqlState(error: unknown): string | undefined {
  return (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
}

/** A unique index refused the write (PostgreSQL 23505), whichever driver reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * The database ended the write to break a deadlock (40P01), or refused a statement sent behind one that failed so
 * (25P02): what a write meeting a family's deletion can get. Nothing of it was written.
 */
export function isWriteCollision(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '25P02';
}

/** A reference refused the write (23503): what it names went meanwhile (its family deleted while a member wrote). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}
