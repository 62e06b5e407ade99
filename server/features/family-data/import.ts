import { hash, randomBytes } from 'node:crypto';
import yauzl from 'yauzl';
import { z } from 'zod';
import {
  ExportedList, FamilyData, familyDataFormatVersion, familyDataLimits as limits, familyDataMessages as m, type ImportSummary,
} from '@hearth/contract/family-data';
import { calendarLimits } from '@hearth/contract/calendar';
import { errorMessages } from '@hearth/contract/errors';
import { familyLimits, familyMessages } from '@hearth/contract/family';
import { groceryLimits } from '@hearth/contract/grocery';
import { locationLimits } from '@hearth/contract/locations';
import { mealLimits } from '@hearth/contract/meals';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { hasBrokenText } from '../../platform/http/refusals.ts';
import type { UploadedFile } from '../../platform/http/upload-file.ts';
import { restoreAiUsage } from '../ai-planner/public.ts';
import { restoreEvents, type EventForExport } from '../calendar/public.ts';
import { discardUnjoinedFamily, inviteAgain, joinAsAdmin, mailInvite, restoreFamily } from '../family/public.ts';
import {
  linkItems, restoreComments, restoreItems, restoreLists, restoreRecurring, type ItemLinks,
} from '../grocery/public.ts';
import { restoreLocations, restoreLocationTags } from '../locations/public.ts';
import { restoreRecipes, restoreRecipeTags } from '../meals/public.ts';
import { familyJsonParts, NotFamilyJson, type Part } from './family-json.ts';
import { markImporting, touchImport, unmarkImporting } from './imports.ts';

const bad = (errors?: string[]) => invalid(m.badArchive, errors);

/** An uploaded archive, open on disk: `family.json` can be read through as often as needed. */
class Archive {
  private readonly zip: yauzl.ZipFile;
  private readonly entry: yauzl.Entry;

  private constructor(zip: yauzl.ZipFile, entry: yauzl.Entry) {
    this.zip = zip;
    this.entry = entry;
  }

  /** The archive at `path`, with its bounds checked: at most `entriesMax` entries, family.json's size as its header says. */
  static open(path: string): Promise<Archive> {
    return new Promise((resolve, reject) => {
      const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
      yauzl.open(path, options, (error, zip) => {
        if (error || !zip) return reject(bad());
        const refuse = () => { zip.close(); reject(bad()); };
        if (zip.entryCount > limits.entriesMax) return refuse();
        zip.on('error', refuse);
        zip.on('end', refuse);
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entry.fileName !== 'family.json') return zip.readEntry();
          zip.removeAllListeners('end');
          if (entry.uncompressedSize > limits.familyJsonMaxBytes) return refuse();
          resolve(new Archive(zip, entry));
        });
        zip.readEntry();
      });
    });
  }

  /** family.json's bytes as they inflate, stopping at the bound whatever its header claimed (a zip bomb). */
  async *familyJson(): AsyncGenerator<Buffer> {
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
      this.zip.openReadStream(this.entry, (error, s) => (error || !s ? reject(bad()) : resolve(s)));
    });
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limits.familyJsonMaxBytes) throw bad();
        yield chunk;
      }
    } catch (error) {
      throw error instanceof NotFamilyJson || (error as { statusCode?: number }).statusCode ? error : bad();
    }
  }

  close(): void {
    this.zip.close();
  }
}

const shape = FamilyData.shape;
const ListHead = ExportedList.pick({ id: true, title: true, createdAt: true });
const Header = FamilyData.pick({ exportedAt: true, exportedByMemberId: true, family: true });

/** Days of AI planner use an archive may count: a century. */
const aiUsageDaysMax = 100 * 366;

/** What the first read found: the small sections whole, the others as ids (for the second read's references). */
interface Checked {
  header: z.infer<typeof Header>;
  members: z.infer<typeof shape.members>;
  recipeTags: string[];
  locationTags: string[];
  aiUsage: z.infer<typeof shape.aiUsage>;
  recurring: Set<string>;
  recipes: Set<string>;
  events: Set<string>;
}

/** Parses one record, noting the first that does not fit the format (`where`: its place, for the answer). */
function parsed<S extends z.ZodType>(schema: S, value: unknown, where: string, failures: string[]): z.infer<S> | undefined {
  // An upload is not checked at the edge as a JSON body is: text the database cannot hold is refused here.
  if (hasBrokenText(value)) {
    failures.push(`${where}: ${errorMessages.brokenText}`);
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  failures.push(...result.error.issues.slice(0, 10).map((i) => [where, ...i.path].join('.') + `: ${i.message}`));
  return undefined;
}

/**
 * The first read: every record against the format, every count within the family's bounds, ids unique, and the
 * references to what comes before them in the format's order (a list's recurring items, an event's attendees and
 * recipe, a reply's parent). Holds only ids and the small sections.
 */
async function check(archive: Archive): Promise<Checked> {
  const failures: string[] = [];
  const header: Record<string, unknown> = {};
  const small = { members: [] as Checked['members'], recipeTags: [] as string[], locationTags: [] as string[], aiUsage: [] as Checked['aiUsage'] };
  const ids = new Set<string>();
  const fresh = (id: string) => !ids.has(id) && Boolean(ids.add(id));
  const members = new Set<string>();
  const lists = new Set<string>();
  const found = { recurring: new Set<string>(), recipes: new Set<string>(), events: new Set<string>() };
  const heads = new Map<number, Record<string, unknown>>();
  let list = { index: -1, items: 0, active: 0, comments: new Set<string>() };
  let notes = 0;
  const ok = (condition: boolean, what: string) => { if (!condition) failures.push(what); };
  const listOf = (index: number) => {
    if (index === list.index) return true;
    const head = parsed(ListHead, heads.get(index), `lists.${index}`, failures);
    heads.delete(index);
    if (!head) return false;
    ok(fresh(head.id), `lists.${index}.id: repeated`);
    lists.add(head.id);
    ok(lists.size <= groceryLimits.listsPerFamily, 'lists: too many');
    list = { index, items: 0, active: 0, comments: new Set() };
    return true;
  };
  const take = (part: Part): void => {
    switch (part.at) {
      case 'header': header[part.key] = part.value; return;
      case 'members': {
        const member = parsed(shape.members.element, part.value, 'members', failures);
        if (!member) return;
        ok(fresh(member.id) && small.members.push(member) <= familyLimits.membersPerFamily, 'members: repeated or too many');
        members.add(member.id);
        return;
      }
      case 'listField': {
        ok(part.list > list.index && part.list < groceryLimits.listsPerFamily, 'lists: out of order or too many');
        heads.set(part.list, { ...heads.get(part.list), [part.key]: part.value });
        return;
      }
      case 'items': {
        const item = listOf(part.list) && parsed(shape.lists.element.shape.items.element, part.value, `lists.${part.list}.items`, failures);
        if (!item) return;
        ok(fresh(item.id) && ++list.items <= groceryLimits.itemsPerList, `lists.${part.list}.items: repeated or too many`);
        return;
      }
      case 'comments': {
        const comment = listOf(part.list) && parsed(shape.lists.element.shape.comments.element, part.value, `lists.${part.list}.comments`, failures);
        if (!comment) return;
        // A reply comes after its parent, as an export writes them.
        ok(comment.parentId === null || list.comments.has(comment.parentId), `lists.${part.list}.comments: unknown parent`);
        ok(fresh(comment.id) && (comment.archivedAt !== null || ++list.active <= groceryLimits.activeCommentsPerList),
          `lists.${part.list}.comments: repeated or too many`);
        list.comments.add(comment.id);
        return;
      }
      case 'recurringItems': {
        const recurring = parsed(shape.recurringItems.element, part.value, 'recurringItems', failures);
        if (!recurring) return;
        ok(fresh(recurring.id) && found.recurring.add(recurring.id).size <= groceryLimits.recurringPerFamily && lists.has(recurring.listId),
          'recurringItems: repeated, too many, or of an unknown list');
        return;
      }
      case 'recipes': {
        const recipe = parsed(shape.recipes.element, part.value, 'recipes', failures);
        if (recipe) ok(fresh(recipe.id) && found.recipes.add(recipe.id).size <= mealLimits.mealsPerFamily, 'recipes: repeated or too many');
        return;
      }
      case 'calendarEvents': {
        const event = parsed(shape.calendarEvents.element, part.value, 'calendarEvents', failures);
        if (!event) return;
        ok(fresh(event.id) && found.events.add(event.id).size <= calendarLimits.eventsPerFamily && event.seriesId !== event.id
          && event.attendeeIds.every((a) => members.has(a)) && (event.mealId === null || found.recipes.has(event.mealId)),
        'calendarEvents: repeated, too many, or naming an unknown member or recipe');
        return;
      }
      case 'locations': {
        const location = parsed(shape.locations.element, part.value, 'locations', failures);
        if (!location) return;
        notes += location.locationNotes.length;
        ok(fresh(location.id) && notes <= locationLimits.notesPerFamily, 'locations: repeated, or too many notes');
        return;
      }
      case 'recipeTags': case 'locationTags': {
        const tag = parsed(shape[part.at].element, part.value, part.at, failures);
        if (tag !== undefined) ok(small[part.at].push(tag) <= (part.at === 'recipeTags' ? mealLimits.tagsPerFamily : locationLimits.tagsPerFamily), `${part.at}: too many`);
        return;
      }
      case 'aiUsage': {
        const day = parsed(shape.aiUsage.element, part.value, 'aiUsage', failures);
        if (day) ok(small.aiUsage.push(day) <= aiUsageDaysMax, 'aiUsage: too many days');
        return;
      }
    }
  };
  let locations = 0;
  for await (const part of familyJsonParts(archive.familyJson())) {
    // Past the first failure only the format's version is still of interest (a newer one says so instead).
    if (failures.length > 0 && part.at !== 'header') continue;
    if (part.at === 'locations') ok(++locations <= locationLimits.locationsPerFamily, 'locations: too many');
    take(part);
  }
  for (const index of heads.keys()) listOf(index);
  const version = header.formatVersion;
  if (typeof version === 'number' && version > familyDataFormatVersion) throw invalid(m.newerFormat);
  ok(version === familyDataFormatVersion, 'formatVersion: not 1');
  const head = failures.length === 0 ? parsed(Header, header, 'family.json', failures) : undefined;
  if (!head || failures.length > 0) throw bad(failures.slice(0, 10));
  if (!members.has(head.exportedByMemberId)) throw bad(['exportedByMemberId: not a member']);
  return { header: head, ...small, ...found };
}

/**
 * Records written in one transaction: short enough that other families' statements (on PGlite, waiting for the
 * engine's one transaction) get their turn between batches.
 */
const batchSize = 500;

/** Runs one batch's writes in a transaction of their own (`write`). */
type InTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The second read: every list, item, comment, recurring item, recipe, event and place of the (still hidden) new
 * family, a batch a transaction. Items are linked to their recurring items and recipes at the end (those come after
 * them); an edited occurrence that comes before its series waits for it.
 */
async function write(
  inTx: InTransaction, archive: Archive, familyId: string, importerId: string, checked: Checked,
  ids: (old: string | null) => string | null,
) {
  const recipeTags = new Map<string, string>();
  const locationTags = new Map<string, string>();
  await inTx(async (tx) => {
    await restoreRecipeTags(tx, familyId, checked.recipeTags, recipeTags);
    await restoreLocationTags(tx, familyId, checked.locationTags, locationTags);
  });
  const counts = { lists: 0, items: 0, comments: 0, recurringItems: 0, recipes: 0, calendarEvents: 0, locations: 0, locationNotes: 0 };
  const links: ItemLinks[] = [];
  const eventsIn = new Set<string>();
  const waiting: EventForExport[] = [];
  let batch: { at: string; list: number; rows: unknown[] } = { at: '', list: -1, rows: [] };
  const heads = new Map<number, Record<string, unknown>>();
  const listIds = new Map<number, string>();
  const flush = async () => {
    const { at, list, rows } = batch;
    batch = { at: '', list: -1, rows: [] };
    if (rows.length === 0) return;
    const listId = listIds.get(list)!;
    await inTx(async (tx) => {
      if (at === 'items') await restoreItems(tx, familyId, ids, listId, rows as z.infer<typeof shape.lists.element.shape.items>);
      if (at === 'comments') await restoreComments(tx, familyId, ids, listId, rows as z.infer<typeof shape.lists.element.shape.comments>);
      if (at === 'recurringItems') await restoreRecurring(tx, familyId, ids, rows as z.infer<typeof shape.recurringItems>);
      if (at === 'recipes') await restoreRecipes(tx, familyId, ids, rows as z.infer<typeof shape.recipes>, recipeTags);
      if (at === 'calendarEvents') await restoreEvents(tx, familyId, ids, rows as EventForExport[]);
      if (at === 'locations') await restoreLocations(tx, familyId, ids, importerId, rows as z.infer<typeof shape.locations>, locationTags);
    });
  };
  const add = async (at: string, list: number, row: unknown) => {
    if (batch.at !== at || batch.list !== list || batch.rows.length >= batchSize) await flush();
    batch.at = at;
    batch.list = list;
    batch.rows.push(row);
  };
  const listIn = async (index: number) => {
    if (listIds.has(index)) return;
    const head = ListHead.parse(heads.get(index));
    heads.delete(index);
    await flush();
    await inTx((tx) => restoreLists(tx, familyId, ids, [head]));
    listIds.set(index, head.id);
    counts.lists++;
  };
  for await (const part of familyJsonParts(archive.familyJson())) {
    if (part.at === 'listField') heads.set(part.list, { ...heads.get(part.list), [part.key]: part.value });
    else if (part.at === 'items') {
      await listIn(part.list);
      const item = shape.lists.element.shape.items.element.parse(part.value);
      if ((item.recurringItemId !== null && !checked.recurring.has(item.recurringItemId))
        || (item.addedFromRecipeId !== null && !checked.recipes.has(item.addedFromRecipeId))) throw bad(['items: unknown recurring item or recipe']);
      // Only the ids are kept until the end, not the item's text.
      const { id, recurringItemId, addedFromRecipeId } = item;
      if (recurringItemId !== null || addedFromRecipeId !== null) links.push({ id, recurringItemId, addedFromRecipeId });
      counts.items++;
      await add('items', part.list, item);
    } else if (part.at === 'comments') {
      await listIn(part.list);
      counts.comments++;
      await add('comments', part.list, shape.lists.element.shape.comments.element.parse(part.value));
    } else if (part.at === 'recurringItems' || part.at === 'recipes' || part.at === 'locations') {
      for (const index of [...heads.keys()]) await listIn(index);
      const row = shape[part.at].element.parse(part.value);
      counts[part.at]++;
      if (part.at === 'locations') counts.locationNotes += (row as z.infer<typeof shape.locations.element>).locationNotes.length;
      await add(part.at, -1, row);
    } else if (part.at === 'calendarEvents') {
      const event = shape.calendarEvents.element.parse(part.value);
      if (event.seriesId !== null && !checked.events.has(event.seriesId)) throw bad(['calendarEvents: unknown series']);
      counts.calendarEvents++;
      if (event.seriesId !== null && !eventsIn.has(event.seriesId)) waiting.push(event);
      else {
        eventsIn.add(event.id);
        await add('calendarEvents', -1, event);
      }
    }
  }
  for (const index of [...heads.keys()]) await listIn(index);
  await flush();
  // Each waiting occurrence's series is in now (an edited occurrence's series is never an occurrence itself).
  for (let i = 0; i < waiting.length; i += batchSize) await inTx((tx) => restoreEvents(tx, familyId, ids, waiting.slice(i, i + batchSize)));
  for (let i = 0; i < links.length; i += batchSize) await inTx((tx) => linkItems(tx, familyId, ids, links.slice(i, i + batchSize)));
  await inTx((tx) => restoreAiUsage(tx, familyId, checked.aiUsage));
  return counts;
}

/**
 * A new id for every exported one, the same each time it is asked for, without a table of them: a SHA-256 of the old
 * id after a secret of this import alone, shaped as a version 4 UUID (one `crypto.hash` call: an HMAC object per id
 * was a large share of a large import's time, docs/performance.md).
 */
function newIds(): (old: string | null) => string | null {
  const secret = randomBytes(32).toString('hex');
  return (old) => {
    if (old === null) return null;
    const h = hash('sha256', secret + old, 'buffer');
    h[6] = (h[6]! & 0x0f) | 0x40;
    h[8] = (h[8]! & 0x3f) | 0x80;
    const x = h.toString('hex', 0, 16);
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  };
}

/**
 * Founds a new family from an uploaded archive. family.json is read twice as a stream, never whole: first checked
 * (nothing is written for an archive that is not a Hearth export), then written a batch a transaction into a family
 * nobody belongs to yet (`family_imports` marks it), which the importer joins in the last transaction; a failure
 * deletes it whole, and the `stopped-imports` job deletes one whose server went away. Every id is new; members are
 * recreated without accounts, the importer takes the member with their email (or is added) as ADMIN, and every
 * other member who had an account is invited again by email.
 */
export async function importFamily(deps: Deps, caller: Caller, file: UploadedFile): Promise<ImportSummary> {
  const archive = await Archive.open(file.path);
  try {
    return await importArchive(deps, caller, archive);
  } catch (error) {
    throw error instanceof NotFamilyJson ? bad() : error;
  } finally {
    archive.close();
  }
}

async function importArchive(deps: Deps, caller: Caller, archive: Archive): Promise<ImportSummary> {
  const checked = await check(archive);
  const { family } = checked.header;
  const members = checked.members;
  const mine = caller.email.toLowerCase();
  // The importer takes over the member with their email, or joins as one more.
  if (members.length >= familyLimits.membersPerFamily && !members.some((x) => x.email?.toLowerCase() === mine)) {
    throw conflict(familyMessages.familyFull);
  }
  const ids = newIds();
  const familyId = await deps.db.transaction(async (tx) => {
    const id = await restoreFamily(tx, family, members.map(({ hasAccount: _, ...member }) => ({ ...member, id: ids(member.id)! })));
    await markImporting(tx, id);
    return id;
  });
  try {
    const inTx: InTransaction = (work) => deps.db.transaction(async (tx) => {
      const done = await work(tx);
      await touchImport(tx, familyId);
      return done;
    });
    const counts = await write(inTx, archive, familyId, caller.userId, checked, ids);
    const invites = await deps.db.transaction(async (tx) => {
      // Only a user without a family may import; read again inside the transaction that joins them.
      if (!(await joinAsAdmin(tx, familyId, { id: caller.userId, name: caller.name, email: caller.email }))) throw conflict(m.alreadyInFamily);
      const invites: { to: string; link: string }[] = [];
      for (const member of members) {
        if (!member.hasAccount || !member.email || member.email.toLowerCase() === mine) continue;
        invites.push({ to: member.email, link: await inviteAgain(tx, deps, { familyId, userId: caller.userId, email: member.email }) });
      }
      await unmarkImporting(tx, familyId);
      return invites;
    });
    for (const invite of invites) mailInvite(deps, { ...invite, inviterName: caller.name, familyName: family.name });
    return { familyId, familyName: family.name, members: members.length, invited: invites.length, ...counts };
  } catch (error) {
    await discardUnjoinedFamily(deps.db, familyId);
    throw error;
  }
}
