import { z } from 'zod';
import { calendarLimits } from './calendar.ts';
import { endpoint } from './endpoint.ts';
import { familyLimits } from './family-rules.ts';
import { groceryLimits } from './grocery.ts';
import { limits } from './limits.ts';
import { locationLimits } from './locations.ts';
import { mealLimits } from './meals.ts';

/**
 * The family's data as one zip archive (docs/family-data-format.md): `family.json` (this format), `calendar.ics`,
 * `lists.csv` and `recipes/*.md`. Only `family.json` is read back by an import; the others are for people and apps.
 */
export const familyDataFormatVersion = 1;

/** The longest email address (RFC 5321). */
const emailMax = 254;
const g = groceryLimits, m = mealLimits, c = calendarLimits, l = locationLimits;

/**
 * The most bytes the archive of a family at every bound can take, every text at its longest, in the characters
 * that take the most bytes: 6 in JSON (a control character, written `\u0001`), 3 elsewhere (UTF-8). Per record,
 * a generous allowance for keys, ids, numbers and dates. Archived comments past a list's active bound are not
 * bounded, so neither is their share (docs/family-data-format.md).
 */
function archiveBounds() {
  const items = g.listsPerFamily * g.itemsPerList;
  const comments = g.listsPerFamily * g.activeCommentsPerList;
  const recipeChars = m.nameMax + m.directionsMax + m.sourceUrlMax + m.tagsPerMeal * m.tagMax
    + m.ingredientsMax * (m.ingredientNameMax + m.unitMax);
  const eventChars = c.titleMax + c.descriptionMax + c.locationMax + c.addressMax;
  const locationChars = l.nameMax + l.addressMax + l.notesMax + l.googlePlaceIdMax + l.tagsPerLocation * l.tagNameMax;
  const json = 6, utf8 = 3, record = 400;
  const familyJson = 64 * 1024
    + familyLimits.membersPerFamily * ((limits.nameMax + emailMax) * json + record)
    + g.listsPerFamily * (g.titleMax * json + record)
    + items * ((g.itemNameMax + g.unitMax + g.categoryMax) * json + record)
    + comments * ((g.commentMax + limits.nameMax) * json + record)
    + g.recurringPerFamily * ((g.itemNameMax + g.unitMax) * json + record)
    + m.mealsPerFamily * (recipeChars * json + m.ingredientsMax * 64 + record)
    + (m.tagsPerFamily * m.tagMax + l.tagsPerFamily * l.tagNameMax) * json
    + c.eventsPerFamily * (eventChars * json + c.attendeesMax * 40 + 2 * record)
    + l.locationsPerFamily * (locationChars * json + record)
    + l.notesPerFamily * ((l.noteMax + limits.nameMax) * json + record)
    // A day's count of AI planner requests, for a century.
    + 100 * 366 * 40;
  const listsCsv = items * ((g.titleMax + g.itemNameMax + g.unitMax + g.categoryMax) * utf8 + 64);
  // iCalendar folds its lines every 75 bytes (3 more each) and writes each skipped date of a series.
  const calendarIcs = c.eventsPerFamily * (eventChars * utf8 * 1.05 + 4096);
  const recipeFiles = m.mealsPerFamily * (recipeChars * utf8 + m.ingredientsMax * 32 + 1024);
  // Stored (incompressible) entries: deflate's own few bytes per block, and each entry's headers.
  const archive = (familyJson + listsCsv + calendarIcs + recipeFiles) * 1.01 + (m.mealsPerFamily + 3) * 512;
  const mib = (bytes: number) => Math.ceil(bytes / 2 ** 20) * 2 ** 20;
  return { familyJsonMaxBytes: mib(familyJson), uploadMaxBytes: mib(archive) };
}

export const familyDataLimits = {
  /**
   * Bytes an uploaded archive may have, and `family.json` may unpack to: what a family at every bound exports, so an
   * export can always be imported (a zip bomb stops at the bound too). The upload is kept on disk, not in memory.
   */
  ...archiveBounds(),
  /** Entries an archive may hold (one Markdown file per recipe, at most the recipe bound). */
  entriesMax: 2100,
} as const;

const inGiB = (bytes: number) => (bytes / 2 ** 30).toFixed(1);

export const familyDataMessages = {
  tooLarge: `The archive must be at most ${inGiB(familyDataLimits.uploadMaxBytes)} GB.`,
  notZip: 'Upload the .zip file a Hearth family export made.',
  badArchive: 'This file is not a Hearth family export.',
  newerFormat: 'This export was made by a newer Hearth. Update this server first.',
  alreadyInFamily: 'Leave your family before importing one.',
  tooOften: 'You imported several families today. Please try again tomorrow.',
} as const;

const text = z.string();
const maybe = z.string().nullable();
const num = z.number().nullable();
/** Texts at most as long as the app lets them be, so that an import cannot bring in what no form would take. */
const upTo = (max: number) => z.string().max(max);
const maybeUpTo = (max: number) => z.string().max(max).nullable();

export const ExportedMember = z.object({
  id: z.string(), name: upTo(limits.nameMax), email: maybeUpTo(emailMax), birthday: maybe,
  permissionLevel: z.enum(['ADMIN', 'EDIT', 'READ_ONLY']), color: text, memberNumber: z.number().int().nullable(),
  hasAccount: z.boolean(),
});

export const ExportedItem = z.object({
  id: z.string(), name: upTo(g.itemNameMax), quantity: num, unit: maybeUpTo(g.unitMax), category: maybeUpTo(g.categoryMax), recurrence: z.enum(['none', 'weekly', 'monthly']),
  position: z.number().int(), isPurchased: z.boolean(), recurringItemId: maybe, addedFromRecipeId: maybe,
});

export const ExportedComment = z.object({
  id: z.string(), userName: upTo(limits.nameMax), text: upTo(g.commentMax), parentId: maybe, archivedAt: maybe, createdAt: text,
});

export const ExportedList = z.object({
  id: z.string(), title: upTo(g.titleMax), createdAt: text, items: z.array(ExportedItem), comments: z.array(ExportedComment),
});

export const ExportedRecurringItem = z.object({
  id: z.string(), listId: z.string(), name: upTo(g.itemNameMax), quantity: num, unit: maybeUpTo(g.unitMax),
  frequency: z.enum(['WEEKLY', 'BI_WEEKLY', 'MONTHLY']), nextDueAt: text,
});

export const ExportedRecipe = z.object({
  id: z.string(), name: upTo(m.nameMax), directions: maybeUpTo(m.directionsMax), prepTime: num, totalTime: num,
  servings: num, sourceUrl: maybeUpTo(m.sourceUrlMax), tags: z.array(upTo(m.tagMax)).max(m.tagsPerMeal),
  ingredients: z.array(z.object({ name: upTo(m.ingredientNameMax), quantity: num, unit: maybeUpTo(m.unitMax) })).max(m.ingredientsMax),
});

export const ExportedEvent = z.object({
  id: z.string(), title: upTo(c.titleMax), description: maybeUpTo(c.descriptionMax), location: maybeUpTo(c.locationMax),
  address: maybeUpTo(c.addressMax), startTime: text, endTime: text,
  allDay: z.boolean(), categoryId: maybe, recurringPattern: maybe, recurringEndDate: maybe, seriesId: maybe,
  originalDate: maybe, isMeal: z.boolean(), mealId: maybe, reminderMinutes: num, servings: num,
  attendeeIds: z.array(z.string()).max(c.attendeesMax), exceptions: z.array(text),
});

export const ExportedLocation = z.object({
  id: z.string(), name: upTo(l.nameMax), address: maybeUpTo(l.addressMax), latitude: num, longitude: num,
  googlePlaceId: maybeUpTo(l.googlePlaceIdMax), notes: maybeUpTo(l.notesMax), isFavorite: z.boolean(), rating: num,
  tags: z.array(upTo(l.tagNameMax)).max(l.tagsPerLocation),
  locationNotes: z.array(z.object({
    id: z.string(), authorName: upTo(limits.nameMax), note: upTo(l.noteMax), isPersonal: z.boolean(), createdAt: text, updatedAt: text,
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
  recipeTags: z.array(upTo(m.tagMax)),
  calendarEvents: z.array(ExportedEvent),
  locations: z.array(ExportedLocation),
  locationTags: z.array(upTo(l.tagNameMax)),
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
  summary: `Found a new family from a Hearth family export (a signed-in user without a family, who becomes its ADMIN). The body is the .zip itself (application/zip, at most ${inGiB(familyDataLimits.uploadMaxBytes)} GB). Members without an account are recreated; members with one are invited again by email. 400 for an archive that is not a Hearth export`,
  upload: {
    type: /^application\/(zip|x-zip-compressed|octet-stream)$/, maxBytes: familyDataLimits.uploadMaxBytes,
    tooLarge: familyDataMessages.tooLarge, wrongType: familyDataMessages.notZip, toFile: true,
  },
  response: ImportSummary,
  status: 201,
});
