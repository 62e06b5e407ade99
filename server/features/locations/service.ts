import type { BodyOf } from '@hearth/contract/endpoint';
import type { EventType } from '@hearth/contract/events';
import {
  locationLimits, locationMessages as m, type createLocation, type Location, type SuggestionKind, type Tag,
} from '@hearth/contract/locations';
import { requireEditor, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import { isUniqueViolation, lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Geocoder } from './geocoder.ts';
import { toLocation, toNote, toTag } from './mapper.ts';
import * as repo from './repository.ts';

type Input = BodyOf<typeof createLocation>;

/** The tag ids a location form sent, as {id, name} objects or bare ids, each once. */
function tagIdsOf(tags: Input['tags']): string[] | undefined {
  if (tags === undefined) return undefined;
  return [...new Set((tags ?? []).map((t) => (typeof t === 'string' ? t : t.id)))];
}

export class LocationService {
  private readonly deps: Deps;
  private readonly geocoder: Geocoder;

  constructor(deps: Deps, geocoder: Geocoder) {
    this.deps = deps;
    this.geocoder = geocoder;
  }

  private get now() {
    return this.deps.clock.now();
  }

  private record(tx: Tx, member: FamilyCaller, type: EventType, subjectId: string) {
    return this.deps.events.record(tx, { familyId: member.familyId, actorId: member.userId, type, subjectId });
  }

  /** Rows with their tags, in two queries whatever their number. */
  private async withTags(q: Queryable, rows: repo.LocationRow[]): Promise<Location[]> {
    const tagRows = await repo.tagsOf(q, rows.map((r) => r.id));
    const byLocation = new Map<string, Tag[]>();
    for (const t of tagRows) {
      const list = byLocation.get(t.locationId) ?? [];
      list.push({ id: t.id, name: t.name });
      byLocation.set(t.locationId, list);
    }
    return rows.map((row) => toLocation(row, byLocation.get(row.id) ?? []));
  }

  async list(caller: Caller) {
    const member = requireFamily(caller);
    return this.withTags(this.deps.db, await repo.listLocations(this.deps.db, member.familyId));
  }

  async favorites(caller: Caller) {
    const member = requireFamily(caller);
    return this.withTags(this.deps.db, await repo.listLocations(this.deps.db, member.familyId, { favoritesOnly: true }));
  }

  /** A query with no letter or digit lists every location, as an empty one does. */
  async search(caller: Caller, query: string) {
    const member = requireFamily(caller);
    const words = searchWords(query);
    if (words.length === 0) return this.list(caller);
    return this.withTags(this.deps.db, await repo.searchLocations(this.deps.db, member.familyId, member.userId, words));
  }

  async addressSuggestions(caller: Caller, query: string, kind: SuggestionKind) {
    requireFamily(caller);
    return query.length < 3 ? [] : this.geocoder.suggest(query, kind);
  }

  async create(caller: Caller, input: Input) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      const id = await insertLocation(tx, this.deps, member, input);
      return this.load(tx, member.familyId, id);
    });
  }

  /** Replaces the form's fields; a favourite flag or tags left out of the body keep their values. */
  async update(caller: Caller, id: string, input: Input) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.findLocation(tx, member.familyId, id, 'update'))) throw notFound(m.locationNotFound);
      const tagIds = tagIdsOf(input.tags);
      if (tagIds) await requireFamilyTags(tx, member.familyId, tagIds);
      const favorite = input.isFavorite ?? input.favorite;
      await repo.updateLocation(tx, member.familyId, id, {
        ...fields(input), ...(favorite === undefined || favorite === null ? {} : { isFavorite: favorite }),
        updatedAt: this.now,
      });
      if (tagIds) await repo.replaceLocationTags(tx, id, tagIds);
      await this.record(tx, member, 'location_updated', id);
      return this.load(tx, member.familyId, id);
    });
  }

  async setFavorite(caller: Caller, id: string, isFavorite: boolean) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.updateLocation(tx, member.familyId, id, { isFavorite, updatedAt: this.now });
      if (!row) throw notFound(m.locationNotFound);
      await this.record(tx, member, 'location_updated', id);
      return this.load(tx, member.familyId, id);
    });
  }

  /** Its notes and tag links go with it. */
  async delete(caller: Caller, id: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.deleteLocation(tx, member.familyId, id))) throw notFound(m.locationNotFound);
      await this.record(tx, member, 'location_deleted', id);
    });
    return null;
  }

  private async load(q: Queryable, familyId: string, id: string): Promise<Location> {
    const row = await repo.findLocation(q, familyId, id);
    if (!row) throw notFound(m.locationNotFound);
    const [location] = await this.withTags(q, [row]);
    return location!;
  }

  async tags(caller: Caller) {
    const member = requireFamily(caller);
    return (await repo.listTags(this.deps.db, member.familyId)).map(toTag);
  }

  async createTag(caller: Caller, name: string) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      if ((await repo.countTags(tx, member.familyId)) >= locationLimits.tagsPerFamily) throw conflict(m.tooManyTags);
      // The unique index on (family, lower(name)) decides between two members adding the same name at once.
      const row = await repo.insertTag(tx, { familyId: member.familyId, name, createdAt: this.now });
      if (!row) throw conflict(m.tagExists);
      await this.record(tx, member, 'tag_created', row.id);
      return toTag(row);
    });
  }

  async renameTag(caller: Caller, id: string, name: string) {
    const member = requireEditor(caller);
    try {
      return await this.deps.db.transaction(async (tx) => {
        const row = await repo.renameTag(tx, member.familyId, id, name);
        if (!row) throw notFound(m.tagNotFound);
        await this.record(tx, member, 'tag_updated', id);
        return toTag(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(m.tagExists);
      throw error;
    }
  }

  /** The tag leaves every location that had it (the link rows cascade). */
  async deleteTag(caller: Caller, id: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.deleteTag(tx, member.familyId, id))) throw notFound(m.tagNotFound);
      await this.record(tx, member, 'tag_deleted', id);
    });
    return null;
  }

  async notes(caller: Caller, locationId: string) {
    const member = requireFamily(caller);
    if (!(await repo.findLocation(this.deps.db, member.familyId, locationId))) throw notFound(m.locationNotFound);
    return (await repo.listNotes(this.deps.db, member.familyId, locationId, member.userId))
      .map((row) => toNote(row, member.userId));
  }

  async myNotes(caller: Caller) {
    const member = requireFamily(caller);
    return (await repo.notesByAuthor(this.deps.db, member.familyId, member.userId)).map((row) => toNote(row, member.userId));
  }

  async countNotes(caller: Caller, locationId: string) {
    const member = requireFamily(caller);
    if (!(await repo.findLocation(this.deps.db, member.familyId, locationId))) throw notFound(m.locationNotFound);
    return { count: await repo.countVisibleNotes(this.deps.db, member.familyId, locationId, member.userId) };
  }

  async addNote(caller: Caller, body: { locationId: string; note: string; isPersonal: boolean }) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      // The key-share lock keeps the location from going before the note that points at it is written.
      if (!(await repo.findLocation(tx, member.familyId, body.locationId, 'key share'))) {
        throw notFound(m.locationNotFound);
      }
      await lockFamilyRow(tx, member.familyId);
      if ((await repo.countNotes(tx, member.familyId)) >= locationLimits.notesPerFamily) throw conflict(m.tooManyNotes);
      const row = await repo.insertNote(tx, {
        familyId: member.familyId, locationId: body.locationId, authorUserId: member.userId, authorName: member.name,
        note: body.note, isPersonal: body.isPersonal, createdAt: this.now, updatedAt: this.now,
      });
      await this.record(tx, member, 'location_note_added', row.id);
      return toNote(row, member.userId);
    });
  }

  /** Only the author changes a note's text. */
  async updateNote(caller: Caller, id: string, note: string) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      const found = await repo.findVisibleNote(tx, member.familyId, id, member.userId);
      if (!found) throw notFound(m.noteNotFound);
      if (found.authorUserId !== member.userId) throw forbidden(m.onlyAuthorEdits);
      const row = await repo.updateNote(tx, id, note, this.now);
      if (!row) throw notFound(m.noteNotFound);
      await this.record(tx, member, 'location_note_updated', id);
      return toNote(row, member.userId);
    });
  }

  /** The author deletes their note; a family admin may also delete a shared one. */
  async deleteNote(caller: Caller, id: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      const found = await repo.findVisibleNote(tx, member.familyId, id, member.userId);
      if (!found) throw notFound(m.noteNotFound);
      if (found.authorUserId !== member.userId && member.permissionLevel !== 'ADMIN') {
        throw forbidden(m.onlyAuthorOrAdminDeletes);
      }
      await repo.deleteNote(tx, id);
      await this.record(tx, member, 'location_note_deleted', id);
    });
    return null;
  }
}

/**
 * A query's words, each once, those with a letter or digit only (the rest would match everything): at most
 * `locationLimits.searchWords`, so a search costs at most that many reads of the family's locations, tags and notes.
 */
export function searchWords(query: string): string[] {
  const words = query.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return [...new Set(words)].slice(0, locationLimits.searchWords);
}

function fields(input: Input) {
  return {
    name: input.name,
    address: input.address,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    googlePlaceId: input.googlePlaceId,
    notes: input.notes,
    rating: input.rating ?? null,
  };
}

/** Every tag id must be one of the family's tags: otherwise 404, exactly like a missing one. */
async function requireFamilyTags(tx: Tx, familyId: string, tagIds: string[]): Promise<void> {
  if ((await repo.countFamilyTags(tx, familyId, tagIds)) !== tagIds.length) throw notFound(m.tagNotFound);
}

/** Saves a location inside the caller's transaction, within the family's bound; returns its id. */
export async function insertLocation(
  tx: Tx, deps: Deps, member: { familyId: string; userId: string }, input: Input,
): Promise<string> {
  const tagIds = tagIdsOf(input.tags) ?? [];
  await requireFamilyTags(tx, member.familyId, tagIds);
  await lockFamilyRow(tx, member.familyId);
  if ((await repo.countLocations(tx, member.familyId)) >= locationLimits.locationsPerFamily) {
    throw conflict(m.tooManyLocations);
  }
  const now = deps.clock.now();
  const row = await repo.insertLocation(tx, {
    ...fields(input), isFavorite: input.isFavorite ?? input.favorite ?? false,
    familyId: member.familyId, createdByUserId: member.userId, createdAt: now, updatedAt: now,
  });
  await repo.replaceLocationTags(tx, row.id, tagIds);
  await deps.events.record(tx, {
    familyId: member.familyId, actorId: member.userId, type: 'location_created', subjectId: row.id,
  });
  return row.id;
}
