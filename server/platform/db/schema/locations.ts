import { sql, type SQL } from 'drizzle-orm';
import {
  boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyRef } from './family.ts';

export const locations = pgTable('locations', {
  id: id(),
  familyId: familyRef(),
  name: text('name').notNull(),
  address: text('address'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  googlePlaceId: text('google_place_id'),
  notes: text('notes'),
  isFavorite: boolean('is_favorite').notNull().default(false),
  rating: integer('rating'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** What search compares: name, address and notes without case, accents or punctuation (migration 0025). */
  searchText: text('search_text').notNull().generatedAlwaysAs((): SQL =>
    sql`hearth_search_text(${locations.name} || ' ' || coalesce(${locations.address}, '') || ' ' || coalesce(${locations.notes}, ''))`),
}, (t) => [index('locations_family_idx').on(t.familyId)]);

export const tags = pgTable('tags', {
  id: id(),
  familyId: familyRef(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  searchText: text('search_text').notNull().generatedAlwaysAs((): SQL => sql`hearth_search_text(${tags.name})`),
}, (t) => [
  // Unique per family ignoring case, so two members adding "Pizza" and "pizza" at once get one tag.
  uniqueIndex('tags_family_name_key').on(t.familyId, sql`lower(${t.name})`),
]);

export const locationTags = pgTable('location_tags', {
  locationId: uuid('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  tagId: uuid('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.locationId, t.tagId] }), index('location_tags_tag_idx').on(t.tagId)]);

export const locationNotes = pgTable('location_notes', {
  id: id(),
  familyId: familyRef(),
  locationId: uuid('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The author's member name when written; kept if the account goes. */
  authorName: text('author_name').notNull(),
  note: text('note').notNull(),
  isPersonal: boolean('is_personal').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  searchText: text('search_text').notNull().generatedAlwaysAs((): SQL => sql`hearth_search_text(${locationNotes.note})`),
}, (t) => [
  index('location_notes_location_idx').on(t.locationId, t.createdAt),
  index('location_notes_author_idx').on(t.authorUserId, t.createdAt),
  index('location_notes_family_idx').on(t.familyId),
]);
