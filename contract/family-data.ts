import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * The family's data as one zip archive (docs/family-data-format.md): `family.json` (this format), `calendar.ics`,
 * `lists.csv` and `recipes/*.md`. Only `family.json` is read back by an import; the others are for people and apps.
 */
export const familyDataFormatVersion = 1;

export const familyDataLimits = {
  /** Bytes an uploaded archive may have. */
  uploadMaxBytes: 64 * 1024 * 1024,
  /** Bytes `family.json` may unpack to: a family at every bound fits; a zip bomb does not. */
  familyJsonMaxBytes: 256 * 1024 * 1024,
  /** Entries an archive may hold (one Markdown file per recipe, at most the recipe bound). */
  entriesMax: 2100,
} as const;

export const familyDataMessages = {
  tooLarge: `The archive must be at most ${familyDataLimits.uploadMaxBytes / 1024 / 1024} MB.`,
  notZip: 'Upload the .zip file a Hearth family export made.',
  badArchive: 'This file is not a Hearth family export.',
  newerFormat: 'This export was made by a newer Hearth. Update this server first.',
  alreadyInFamily: 'Leave your family before importing one.',
  tooOften: 'You imported several families today. Please try again tomorrow.',
} as const;

const text = z.string();
const maybe = z.string().nullable();
const num = z.number().nullable();

export const ExportedMember = z.object({
  id: z.string(), name: text, email: maybe, birthday: maybe,
  permissionLevel: z.enum(['ADMIN', 'EDIT', 'READ_ONLY']), color: text, memberNumber: z.number().int().nullable(),
  hasAccount: z.boolean(),
});

export const ExportedItem = z.object({
  id: z.string(), name: text, quantity: num, unit: maybe, category: maybe, recurrence: z.enum(['none', 'weekly', 'monthly']),
  position: z.number().int(), isPurchased: z.boolean(), recurringItemId: maybe, addedFromRecipeId: maybe,
});

export const ExportedComment = z.object({
  id: z.string(), userName: text, text, parentId: maybe, archivedAt: maybe, createdAt: text,
});

export const ExportedList = z.object({
  id: z.string(), title: text, createdAt: text, items: z.array(ExportedItem), comments: z.array(ExportedComment),
});

export const ExportedRecurringItem = z.object({
  id: z.string(), listId: z.string(), name: text, quantity: num, unit: maybe,
  frequency: z.enum(['WEEKLY', 'BI_WEEKLY', 'MONTHLY']), nextDueAt: text,
});

export const ExportedRecipe = z.object({
  id: z.string(), name: text, directions: maybe, prepTime: num, totalTime: num, servings: num, sourceUrl: maybe,
  tags: z.array(text), ingredients: z.array(z.object({ name: text, quantity: num, unit: maybe })),
});

export const ExportedEvent = z.object({
  id: z.string(), title: text, description: maybe, location: maybe, address: maybe, startTime: text, endTime: text,
  allDay: z.boolean(), categoryId: maybe, recurringPattern: maybe, recurringEndDate: maybe, seriesId: maybe,
  originalDate: maybe, isMeal: z.boolean(), mealId: maybe, reminderMinutes: num, servings: num,
  attendeeIds: z.array(z.string()), exceptions: z.array(text),
});

export const ExportedLocation = z.object({
  id: z.string(), name: text, address: maybe, latitude: num, longitude: num, googlePlaceId: maybe, notes: maybe,
  isFavorite: z.boolean(), rating: num, tags: z.array(text),
  locationNotes: z.array(z.object({
    id: z.string(), authorName: text, note: text, isPersonal: z.boolean(), createdAt: text, updatedAt: text,
  })),
});

/** `family.json`, format version 1. */
export const FamilyData = z.object({
  formatVersion: z.literal(familyDataFormatVersion),
  exportedAt: text,
  /** The member whose export it is: their own personal notes are in it, nobody else's. */
  exportedByMemberId: z.string(),
  family: z.object({
    name: text, description: maybe, timezone: text, defaultReminderMinutes: num, firstDayOfWeek: z.number().int(),
  }),
  members: z.array(ExportedMember),
  lists: z.array(ExportedList),
  recurringItems: z.array(ExportedRecurringItem),
  recipes: z.array(ExportedRecipe),
  recipeTags: z.array(text),
  calendarEvents: z.array(ExportedEvent),
  locations: z.array(ExportedLocation),
  locationTags: z.array(text),
  aiUsage: z.array(z.object({ day: text, count: z.number().int() })),
});
export type FamilyData = z.infer<typeof FamilyData>;

export const ImportSummary = z.object({
  familyId: z.string(),
  familyName: z.string(),
  members: z.number().int(),
  /** Members with an account in the export: each was sent an invite to the new family by email. */
  invited: z.number().int(),
  lists: z.number().int(),
  items: z.number().int(),
  comments: z.number().int(),
  recurringItems: z.number().int(),
  recipes: z.number().int(),
  calendarEvents: z.number().int(),
  locations: z.number().int(),
  locationNotes: z.number().int(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const exportFamilyData = endpoint({
  method: 'GET',
  path: '/api/family-data/export',
  access: 'user',
  summary: 'The caller\'s family\'s data as one zip (any member): family.json, calendar.ics, lists.csv and one Markdown file per recipe (docs/family-data-format.md). The caller\'s own personal notes are in it, never another member\'s',
  /** The archive's bytes (application/zip). */
  response: z.unknown(),
});

export const importFamilyData = endpoint({
  method: 'POST',
  path: '/api/family-data/import',
  access: 'user',
  summary: `Found a new family from a Hearth family export (a signed-in user without a family, who becomes its ADMIN). The body is the .zip itself (application/zip, at most ${familyDataLimits.uploadMaxBytes / 1024 / 1024} MB). Members without an account are recreated; members with one are invited again by email. 400 for an archive that is not a Hearth export`,
  upload: {
    type: /^application\/(zip|x-zip-compressed|octet-stream)$/, maxBytes: familyDataLimits.uploadMaxBytes,
    tooLarge: familyDataMessages.tooLarge, wrongType: familyDataMessages.notZip,
  },
  response: ImportSummary,
  status: 201,
});
