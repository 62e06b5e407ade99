import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { locationNotes, locations, locationTags, tags } from '../../platform/db/schema/locations.ts';

export type LocationRow = typeof locations.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type NoteRow = typeof locationNotes.$inferSelect;
export type LocationFields = Pick<LocationRow,
  'name' | 'address' | 'latitude' | 'longitude' | 'googlePlaceId' | 'notes' | 'isFavorite' | 'rating'>;

const byName = [sql`lower(${locations.name})`, asc(locations.name), asc(locations.id)] as const;

export async function listLocations(
  q: Queryable, familyId: string, options: { favoritesOnly?: boolean } = {},
): Promise<LocationRow[]> {
  return q.select().from(locations)
    .where(and(eq(locations.familyId, familyId), options.favoritesOnly ? eq(locations.isFavorite, true) : undefined))
    .orderBy(...byName);
}

/** A word's pattern: the word as the stored search texts read (no case, accents or punctuation, so no wildcard). */
const containing = (word: string) => sql`'%' || hearth_search_text(${word}) || '%'`;

/**
 * Every word is in the location's name, address or notes, in one of its tags, or in one of its notes the user may
 * see (shared ones and their own personal ones), each compared as its stored search text. Locations whose name holds
 * every word come first, then by name. Each word reads the family's locations, tags and notes once.
 */
export async function searchLocations(
  q: Queryable, familyId: string, userId: string, words: string[],
): Promise<LocationRow[]> {
  const hasWord = (word: string) => {
    const pattern = containing(word);
    const tagged = q.select({ id: locationTags.locationId }).from(locationTags)
      .innerJoin(tags, eq(tags.id, locationTags.tagId))
      .where(and(eq(tags.familyId, familyId), sql`${tags.searchText} like ${pattern}`));
    const noted = q.select({ id: locationNotes.locationId }).from(locationNotes)
      .where(and(eq(locationNotes.familyId, familyId), visibleTo(userId), sql`${locationNotes.searchText} like ${pattern}`));
    return or(sql`${locations.searchText} like ${pattern}`, inArray(locations.id, tagged), inArray(locations.id, noted));
  };
  const nameHasAll = and(...words.map((word) => sql`hearth_search_text(${locations.name}) like ${containing(word)}`));
  return q.select().from(locations)
    .where(and(eq(locations.familyId, familyId), ...words.map(hasWord)))
    .orderBy(sql`case when ${nameHasAll} then 0 else 1 end`, ...byName);
}

export async function findLocation(
  q: Queryable, familyId: string, id: string, lock?: 'update' | 'key share',
): Promise<LocationRow | undefined> {
  const query = q.select().from(locations).where(and(eq(locations.id, id), eq(locations.familyId, familyId)))
    .limit(1).$dynamic();
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function countLocations(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(locations).where(eq(locations.familyId, familyId));
  return row?.n ?? 0;
}

export async function insertLocation(
  q: Queryable, values: LocationFields & { familyId: string; createdByUserId: string | null; createdAt: Date; updatedAt: Date },
): Promise<LocationRow> {
  const [row] = await q.insert(locations).values(values).returning();
  if (!row) throw new Error('location insert returned nothing');
  return row;
}

export async function updateLocation(
  q: Queryable, familyId: string, id: string, values: Partial<LocationFields> & { updatedAt: Date },
): Promise<LocationRow | undefined> {
  const [row] = await q.update(locations).set(values)
    .where(and(eq(locations.id, id), eq(locations.familyId, familyId))).returning();
  return row;
}

export async function deleteLocation(q: Queryable, familyId: string, id: string): Promise<boolean> {
  const rows = await q.delete(locations).where(and(eq(locations.id, id), eq(locations.familyId, familyId)))
    .returning({ id: locations.id });
  return rows.length > 0;
}

/** The tags of the given locations, by tag name. */
export async function tagsOf(
  q: Queryable, locationIds: string[],
): Promise<{ locationId: string; id: string; name: string }[]> {
  if (locationIds.length === 0) return [];
  return q.select({ locationId: locationTags.locationId, id: tags.id, name: tags.name }).from(locationTags)
    .innerJoin(tags, eq(tags.id, locationTags.tagId))
    .where(inArray(locationTags.locationId, locationIds))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id));
}

export async function replaceLocationTags(q: Queryable, locationId: string, tagIds: string[]): Promise<void> {
  await q.delete(locationTags).where(eq(locationTags.locationId, locationId));
  if (tagIds.length > 0) await q.insert(locationTags).values(tagIds.map((tagId) => ({ locationId, tagId })));
}

export async function listTags(q: Queryable, familyId: string): Promise<TagRow[]> {
  return q.select().from(tags).where(eq(tags.familyId, familyId)).orderBy(sql`lower(${tags.name})`, asc(tags.id));
}

/** How many of the ids are the family's tags; key-share locks keep them until the transaction ends. */
export async function countFamilyTags(q: Queryable, familyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await q.select({ id: tags.id }).from(tags)
    .where(and(inArray(tags.id, ids), eq(tags.familyId, familyId))).for('key share');
  return rows.length;
}

export async function countTags(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(tags).where(eq(tags.familyId, familyId));
  return row?.n ?? 0;
}

/** Inserts the tag unless the family has one of that name (any case); undefined then. */
export async function insertTag(
  q: Queryable, values: { familyId: string; name: string; createdAt: Date },
): Promise<TagRow | undefined> {
  const [row] = await q.insert(tags).values(values).onConflictDoNothing().returning();
  return row;
}

export async function renameTag(q: Queryable, familyId: string, id: string, name: string): Promise<TagRow | undefined> {
  const [row] = await q.update(tags).set({ name }).where(and(eq(tags.id, id), eq(tags.familyId, familyId))).returning();
  return row;
}

export async function deleteTag(q: Queryable, familyId: string, id: string): Promise<boolean> {
  const rows = await q.delete(tags).where(and(eq(tags.id, id), eq(tags.familyId, familyId))).returning({ id: tags.id });
  return rows.length > 0;
}

/** Notes the user may see: shared ones, and their own personal ones. */
const visibleTo = (userId: string) =>
  or(eq(locationNotes.isPersonal, false), eq(locationNotes.authorUserId, userId));

export async function listNotes(q: Queryable, familyId: string, locationId: string, userId: string): Promise<NoteRow[]> {
  return q.select().from(locationNotes)
    .where(and(eq(locationNotes.familyId, familyId), eq(locationNotes.locationId, locationId), visibleTo(userId)))
    .orderBy(desc(locationNotes.createdAt), desc(locationNotes.id));
}

export async function countVisibleNotes(
  q: Queryable, familyId: string, locationId: string, userId: string,
): Promise<number> {
  const [row] = await q.select({ n: count() }).from(locationNotes)
    .where(and(eq(locationNotes.familyId, familyId), eq(locationNotes.locationId, locationId), visibleTo(userId)));
  return row?.n ?? 0;
}

export async function notesByAuthor(q: Queryable, familyId: string, userId: string): Promise<NoteRow[]> {
  return q.select().from(locationNotes)
    .where(and(eq(locationNotes.familyId, familyId), eq(locationNotes.authorUserId, userId)))
    .orderBy(desc(locationNotes.createdAt), desc(locationNotes.id));
}

/** A note the user may see (another member's personal note is not found, like a missing one). */
export async function findVisibleNote(
  q: Queryable, familyId: string, id: string, userId: string,
): Promise<NoteRow | undefined> {
  const [row] = await q.select().from(locationNotes)
    .where(and(eq(locationNotes.id, id), eq(locationNotes.familyId, familyId), visibleTo(userId))).limit(1);
  return row;
}

export async function countNotes(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(locationNotes).where(eq(locationNotes.familyId, familyId));
  return row?.n ?? 0;
}

export async function insertNote(
  q: Queryable,
  values: Pick<NoteRow, 'familyId' | 'locationId' | 'authorUserId' | 'authorName' | 'note' | 'isPersonal' | 'createdAt' | 'updatedAt'>,
): Promise<NoteRow> {
  const [row] = await q.insert(locationNotes).values(values).returning();
  if (!row) throw new Error('note insert returned nothing');
  return row;
}

export async function updateNote(q: Queryable, id: string, note: string, at: Date): Promise<NoteRow | undefined> {
  const [row] = await q.update(locationNotes).set({ note, updatedAt: at }).where(eq(locationNotes.id, id)).returning();
  return row;
}

export async function deleteNote(q: Queryable, id: string): Promise<void> {
  await q.delete(locationNotes).where(eq(locationNotes.id, id));
}

/** Deletes an account's personal notes, which no one else can read (its shared notes stay the family's). */
export async function deletePersonalNotes(q: Queryable, userId: string): Promise<void> {
  await q.delete(locationNotes).where(and(eq(locationNotes.authorUserId, userId), eq(locationNotes.isPersonal, true)));
}
