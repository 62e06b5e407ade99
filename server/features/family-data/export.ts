import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { ZipFile } from 'yazl';
import { familyDataFormatVersion } from '@hearth/contract/family-data';
import type { FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { aiUsageForExport } from '../ai-planner/public.ts';
import { calendarIcsParts, eventsForExport, type EventForExport } from '../calendar/public.ts';
import { familyForExport, membersForExport, type FamilyForExport } from '../family/public.ts';
import { commentsForExport, itemsTextForExport, listsForExport, recurringForExport, type ListForExport } from '../grocery/public.ts';
import { locationsForExport, tagsForExport, type LocationForExport } from '../locations/public.ts';
import { recipeNamesForExport, recipesForExport, recipeTagsForExport, type RecipeForExport } from '../meals/public.ts';
import { listsCsvHeader, recipeFileName, recipeMarkdown } from './files.ts';

/** Rows read at once: one read's rows become objects in one go, then other families' requests get their turn. */
const rowsPerRead = 500;

/**
 * Pages read one ahead: the next page's read is sent before this one is handed on, so the database (the embedded
 * engine's own thread, or PostgreSQL) reads while this thread formats, compresses and sends; yields between reads so
 * that a large family's export never holds the server's thread for long.
 */
async function* paged<T>(read: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let page = await read(null);
  for (;;) {
    const next = page.length === rowsPerRead ? settledLater(read(page[page.length - 1]!)) : undefined;
    if (page.length > 0) yield page;
    if (!next) return;
    await setImmediate();
    page = await next;
  }
}

/** A read started ahead, whose failure is reported when it is awaited (not as unhandled if the export stopped first). */
function settledLater<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {});
  return read;
}

/** Each batch with what `read` made of it, the next batch's read sent before this one is handed on (as `paged`). */
async function* readAhead<T, R>(batches: T[], read: (batch: T) => Promise<R>): AsyncGenerator<[T, R]> {
  let next = batches.length > 0 ? settledLater(read(batches[0]!)) : undefined;
  for (let i = 0; next; i++) {
    const current = await next;
    next = i + 1 < batches.length ? settledLater(read(batches[i + 1]!)) : undefined;
    yield [batches[i]!, current];
    await setImmediate();
  }
}

/** A JSON array written element by element. */
async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    const text = page.map((row) => JSON.stringify(row)).join(',\n');
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield ']';
}

async function* once<T>(read: () => Promise<T[]>): AsyncGenerator<T[]> {
  yield await read();
}

/** `family.json` as it is read, a section at a time (docs/family-data-format.md). */
async function* familyJson(q: Queryable, me: FamilyCaller, family: FamilyForExport, now: Date): AsyncGenerator<string> {
  const f = me.familyId;
  yield `{"formatVersion":${familyDataFormatVersion},"exportedAt":${JSON.stringify(now.toISOString())},`
    + `"exportedByMemberId":${JSON.stringify(me.memberId)},\n"family":${JSON.stringify(family)},\n"members":`;
  yield* jsonArray(once(() => membersForExport(q, f)));
  yield ',\n"lists":';
  yield* listsJson(q, f);
  yield ',\n"recurringItems":';
  yield* jsonArray(once(() => recurringForExport(q, f)));
  yield ',\n"recipes":';
  yield* jsonArray(paged<RecipeForExport>((after) => recipesForExport(q, f, after?.id ?? null, rowsPerRead)));
  yield ',\n"recipeTags":';
  yield* jsonArray(once(() => recipeTagsForExport(q, f)));
  yield ',\n"calendarEvents":';
  yield* jsonArray(paged<EventForExport>((after) => eventsForExport(q, f, after, rowsPerRead)));
  yield ',\n"locations":';
  yield* jsonArray(paged<LocationForExport>((after) => locationsForExport(q, f, me.userId, after?.id ?? null, rowsPerRead)));
  yield ',\n"locationTags":';
  yield* jsonArray(once(() => tagsForExport(q, f)));
  yield ',\n"aiUsage":';
  yield* jsonArray(once(() => aiUsageForExport(q, f)));
  yield '}\n';
}

/** Lists read at once: their items are at most this many times a list's bound (2,000), in one text from the database. */
const listsPerRead = 4;

/** The family's lists, a few at a time. */
async function listBatches(q: Queryable, familyId: string): Promise<ListForExport[][]> {
  const lists = await listsForExport(q, familyId);
  const batches: ListForExport[][] = [];
  for (let i = 0; i < lists.length; i += listsPerRead) batches.push(lists.slice(i, i + listsPerRead));
  return batches;
}

/** family.json's `lists`: each list with its items (as the database wrote them) and its comments. */
async function* listsJson(q: Queryable, familyId: string): AsyncGenerator<string> {
  let first = true;
  yield '[';
  const read = async (lists: ListForExport[]) =>
    [await itemsTextForExport(q, familyId, lists, 'json'), await commentsForExport(q, familyId, lists)] as const;
  for await (const [lists, [items, comments]] of readAhead(await listBatches(q, familyId), read)) {
    for (const list of lists) {
      const head = JSON.stringify(list).slice(0, -1);
      yield `${first ? '\n' : ',\n'}${head},"items":[${items.get(list.id) ?? ''}],"comments":${JSON.stringify(comments.get(list.id))}}`;
      first = false;
    }
  }
  yield ']';
}

/** `lists.csv`: one row per item, with its list's title. */
async function* listsCsv(q: Queryable, familyId: string): AsyncGenerator<string> {
  yield listsCsvHeader;
  const read = (lists: ListForExport[]) => itemsTextForExport(q, familyId, lists, 'csv');
  for await (const [lists, rows] of readAhead(await listBatches(q, familyId), read)) {
    for (const list of lists) yield rows.get(list.id) ?? '';
  }
}

async function* icsText(q: Queryable, familyId: string, family: FamilyForExport, year: number): AsyncGenerator<string> {
  for (const part of await calendarIcsParts(q, { id: familyId, name: family.name, timezone: family.timezone }, year)) {
    yield part;
    await setImmediate();
  }
}

const asStream = (text: AsyncIterable<string>) => Readable.from(text, { objectMode: false });

/**
 * The family's archive, streamed: yazl reads each entry only when the previous one is written, and each entry's
 * rows are read page by page as the client takes the bytes, so nothing is held whole in memory.
 */
export async function familyArchive(q: Queryable, me: FamilyCaller, now: Date): Promise<Readable | undefined> {
  const family = await familyForExport(q, me.familyId);
  if (!family) return undefined;
  const zip = new ZipFile();
  const options = { mtime: now };
  zip.addReadStreamLazy('family.json', options, (cb) => cb(null, asStream(familyJson(q, me, family, now))));
  zip.addReadStreamLazy('calendar.ics', options, (cb) => cb(null, asStream(icsText(q, me.familyId, family, now.getUTCFullYear()))));
  zip.addReadStreamLazy('lists.csv', options, (cb) => cb(null, asStream(listsCsv(q, me.familyId))));
  await addRecipes(zip, q, me.familyId, now);
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * One Markdown file per recipe. The names are read first (each file needs its name before the archive is ended);
 * a page of recipes is read when the first file of the page is written.
 */
async function addRecipes(zip: ZipFile, q: Queryable, familyId: string, now: Date): Promise<void> {
  const used = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const names = await recipeNamesForExport(q, familyId, after, rowsPerRead);
    const from = after;
    let read: Promise<Map<string, RecipeForExport>> | undefined;
    const readPage = () => (read ??= recipesForExport(q, familyId, from, names.length)
      .then((recipes) => new Map(recipes.map((r) => [r.id, r]))));
    for (const recipe of names) {
      zip.addReadStreamLazy(`recipes/${recipeFileName(recipe.name, used)}`, { mtime: now }, (cb) => {
        readPage().then(
          (recipes) => cb(null, Readable.from([recipeMarkdown(recipes.get(recipe.id)!)])),
          (error: unknown) => cb(error, Readable.from([])),
        );
      });
    }
    if (names.length < rowsPerRead) return;
    after = names[names.length - 1]!.id;
  }
}
