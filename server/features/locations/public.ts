import { sql } from 'drizzle-orm';
import { rawRows, type Queryable, type Tx } from '../../platform/db/client.ts';
import { locationNotes, locations as locationsTable, locationTags, tags } from '../../platform/db/schema/locations.ts';
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

export interface LocationNoteForExport {
  id: string; authorName: string; note: string; isPersonal: boolean; createdAt: string; updatedAt: string;
}
export interface LocationForExport {
  id: string; name: string; address: string | null; latitude: number | null; longitude: number | null;
  googlePlaceId: string | null; notes: string | null; isFavorite: boolean; rating: number | null; tags: string[];
  locationNotes: LocationNoteForExport[];
}

/**
 * A page of the family's locations by id (`after`: the last id of the previous page) with their tags and the notes
 * `readerUserId` may read: the shared ones and their own personal ones, never another member's personal note.
 */
export async function locationsForExport(
  q: Queryable, familyId: string, readerUserId: string, after: string | null, limit: number,
): Promise<LocationForExport[]> {
  const rows = await rawRows<Omit<LocationForExport, 'locationNotes'>>(q, sql`select l.id, l.name, l.address, l.latitude,
    l.longitude, l.google_place_id as "googlePlaceId", l.notes, l.is_favorite as "isFavorite", l.rating,
    coalesce((select array_agg(t.name order by lower(t.name)) from location_tags lt join tags t on t.id = lt.tag_id
      where lt.location_id = l.id), '{}') as tags
    from locations l where l.family_id = ${familyId} and (${after}::uuid is null or l.id > ${after}::uuid)
    order by l.id limit ${limit}`);
  const locations = rows.map((r) => ({ ...r, locationNotes: [] as LocationNoteForExport[] }));
  if (locations.length === 0) return locations;
  const byId = new Map(locations.map((l) => [l.id, l]));
  const notes = await rawRows<LocationNoteForExport & { locationId: string }>(q, sql`select id, location_id as "locationId",
    author_name as "authorName", note, is_personal as "isPersonal", to_json(created_at)#>>'{}' as "createdAt",
    to_json(updated_at)#>>'{}' as "updatedAt" from location_notes
    where family_id = ${familyId} and location_id = any(${sql.param(locations.map((l) => l.id))}::uuid[])
    and (not is_personal or author_user_id = ${readerUserId}) order by created_at, id`);
  for (const { locationId, ...note } of notes) byId.get(locationId)?.locationNotes.push(note);
  return locations;
}

/** The family's tags (at most its bound), for tags no location carries. */
export function tagsForExport(q: Queryable, familyId: string): Promise<string[]> {
  return rawRows<{ name: string }>(q, sql`select name from tags where family_id = ${familyId} order by lower(name)`)
    .then((rows) => rows.map((r) => r.name));
}

/**
 * Location tags of an import, by lower-case name to id, each added to the family once (`known` is the import's map,
 * shared by its batches).
 */
export async function restoreLocationTags(tx: Tx, familyId: string, names: string[], known: Map<string, string>): Promise<void> {
  for (const name of names) {
    if (known.has(name.toLowerCase())) continue;
    const [tag] = await tx.insert(tags).values({ familyId, name }).returning({ id: tags.id });
    known.set(name.toLowerCase(), tag!.id);
  }
}

/**
 * A batch of an import's locations with their tags and notes, inside the caller's transaction. A note's author is
 * kept by name; `authorUserId` is the importer for their own personal notes, the only ones an export holds.
 */
export async function restoreLocations(
  tx: Tx, familyId: string, ids: (old: string | null) => string | null, importerUserId: string,
  locations: LocationForExport[], tagIds: Map<string, string>,
): Promise<void> {
  await restoreLocationTags(tx, familyId, locations.flatMap((l) => l.tags), tagIds);
  await tx.insert(locationsTable).values(locations.map(({ tags: _, locationNotes: __, id, ...l }) => ({ ...l, id: ids(id)!, familyId })));
  const links = locations.flatMap((l) => [...new Set(l.tags.map((t) => t.toLowerCase()))]
    .map((t) => ({ locationId: ids(l.id)!, tagId: tagIds.get(t)! })));
  if (links.length > 0) await tx.insert(locationTags).values(links);
  const notes = locations.flatMap((l) => l.locationNotes.map((n) => ({
    familyId, locationId: ids(l.id)!, authorUserId: n.isPersonal ? importerUserId : null, authorName: n.authorName,
    note: n.note, isPersonal: n.isPersonal, createdAt: new Date(n.createdAt), updatedAt: new Date(n.updatedAt),
  })));
  for (let j = 0; j < notes.length; j += 500) await tx.insert(locationNotes).values(notes.slice(j, j + 500));
}
