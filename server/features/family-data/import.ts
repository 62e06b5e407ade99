import { randomUUID } from 'node:crypto';
import yauzl from 'yauzl';
import {
  FamilyData, familyDataFormatVersion, familyDataLimits as limits, familyDataMessages as m, type ImportSummary,
} from '@hearth/contract/family-data';
import { calendarLimits } from '@hearth/contract/calendar';
import { familyLimits } from '@hearth/contract/family';
import { groceryLimits } from '@hearth/contract/grocery';
import { locationLimits } from '@hearth/contract/locations';
import { mealLimits } from '@hearth/contract/meals';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { restoreAiUsage } from '../ai-planner/public.ts';
import { restoreEvents } from '../calendar/public.ts';
import { inviteAgain, joinAsAdmin, mailInvite, restoreFamily } from '../family/public.ts';
import { restoreLists } from '../grocery/public.ts';
import { restoreLocations } from '../locations/public.ts';
import { restoreRecipes } from '../meals/public.ts';

const bad = () => invalid(m.badArchive);

/**
 * `family.json` of an archive, read with every bound checked: at most `entriesMax` entries, and `family.json`
 * unpacked to at most `familyJsonMaxBytes` as its header says and as it actually inflates (yauzl checks the sizes
 * its headers claim against the bytes, so a zip bomb lying about its size stops at the bound too).
 */
export function readFamilyJson(archive: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) return reject(bad());
      if (zip.entryCount > limits.entriesMax) return reject(bad());
      let found = false;
      zip.on('error', () => reject(bad()));
      zip.on('end', () => { if (!found) reject(bad()); });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'family.json') return zip.readEntry();
        found = true;
        if (entry.uncompressedSize > limits.familyJsonMaxBytes) return reject(bad());
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(bad());
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.familyJsonMaxBytes) {
              stream.destroy();
              reject(bad());
            } else chunks.push(chunk);
          });
          stream.on('error', () => reject(bad()));
          stream.on('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')));
        });
      });
      zip.readEntry();
    });
  });
}

/** The archive's `family.json`, checked against the format (400 with what is wrong otherwise). */
export async function parseArchive(archive: Buffer): Promise<FamilyData> {
  let json: unknown;
  try {
    json = JSON.parse(await readFamilyJson(archive));
  } catch (error) {
    throw error instanceof SyntaxError ? bad() : error;
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > familyDataFormatVersion) throw invalid(m.newerFormat);
  const parsed = FamilyData.safeParse(json);
  if (!parsed.success) {
    throw invalid(m.badArchive, parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  requireConsistent(parsed.data);
  return parsed.data;
}

/** Every reference names a row of the archive and every bound holds, or the archive is refused (400). */
function requireConsistent(data: FamilyData): void {
  const members = new Set(data.members.map((x) => x.id));
  const recipes = new Set(data.recipes.map((x) => x.id));
  const events = new Set(data.calendarEvents.map((x) => x.id));
  const lists = new Set(data.lists.map((x) => x.id));
  const recurring = new Set(data.recurringItems.map((x) => x.id));
  const all = [...data.members, ...data.recipes, ...data.calendarEvents, ...data.lists, ...data.recurringItems, ...data.locations,
    ...data.lists.flatMap((l) => [...l.items, ...l.comments])];
  const known = (set: Set<string>, id: string | null) => id === null || set.has(id);
  const ok = new Set(all.map((x) => x.id)).size === all.length
    && data.members.length <= familyLimits.membersPerFamily && data.lists.length <= groceryLimits.listsPerFamily
    && data.recurringItems.length <= groceryLimits.recurringPerFamily && data.recipes.length <= mealLimits.mealsPerFamily
    && data.calendarEvents.length <= calendarLimits.eventsPerFamily && data.locations.length <= locationLimits.locationsPerFamily
    && data.calendarEvents.every((e) => e.attendeeIds.every((a) => members.has(a)) && known(events, e.seriesId)
      && e.seriesId !== e.id && (e.mealId === null || recipes.has(e.mealId)))
    && data.recurringItems.every((r) => lists.has(r.listId))
    && data.lists.every((l) => {
      const comments = new Set<string>();
      return l.items.length <= groceryLimits.itemsPerList
        && l.items.every((i) => known(recurring, i.recurringItemId) && known(recipes, i.addedFromRecipeId))
        // A reply comes after its parent, as an export writes them.
        && l.comments.every((c) => { const parent = known(comments, c.parentId); comments.add(c.id); return parent; });
    });
  if (!ok) throw bad();
}

/**
 * Founds a new family from an archive, in one transaction: every id is new (an export names ids of another server,
 * or of this one); members are recreated without accounts, the importer takes the member with their email (or is
 * added) as ADMIN, and every other member who had an account is invited again by email.
 */
export async function importFamily(deps: Deps, caller: Caller, archive: Buffer): Promise<ImportSummary> {
  const data = await parseArchive(archive);
  const newIds = new Map<string, string>();
  const ids = (old: string | null) => {
    if (old === null) return null;
    let id = newIds.get(old);
    if (!id) newIds.set(old, (id = randomUUID()));
    return id;
  };
  const { familyId, invites } = await deps.db.transaction(async (tx) => {
    // Only a user without a family may import; read again inside the transaction that joins them.
    const restored = await restoreFamily(tx, data.family, data.members.map(({ id: _, hasAccount: __, ...member }) => member));
    data.members.forEach((member, i) => newIds.set(member.id, restored.memberIds[i]!));
    if (!(await joinAsAdmin(tx, restored.familyId, { id: caller.userId, name: caller.name, email: caller.email }))) throw conflict(m.alreadyInFamily);
    const mine = caller.email.toLowerCase();
    const invites: { to: string; link: string }[] = [];
    for (const member of data.members) {
      if (!member.hasAccount || !member.email || member.email.toLowerCase() === mine) continue;
      invites.push({ to: member.email, link: await inviteAgain(tx, deps, { familyId: restored.familyId, userId: caller.userId, email: member.email }) });
    }
    await restoreRecipes(tx, restored.familyId, ids, data.recipes, data.recipeTags);
    await restoreLists(tx, restored.familyId, ids, { lists: data.lists, recurring: data.recurringItems });
    await restoreEvents(tx, restored.familyId, ids, data.calendarEvents);
    await restoreLocations(tx, restored.familyId, ids, caller.userId, data.locations, data.locationTags);
    await restoreAiUsage(tx, restored.familyId, data.aiUsage);
    return { familyId: restored.familyId, invites };
  });
  for (const invite of invites) mailInvite(deps, { ...invite, inviterName: caller.name, familyName: data.family.name });
  return {
    familyId, familyName: data.family.name, members: data.members.length, invited: invites.length,
    lists: data.lists.length, items: data.lists.reduce((n, l) => n + l.items.length, 0),
    comments: data.lists.reduce((n, l) => n + l.comments.length, 0), recurringItems: data.recurringItems.length,
    recipes: data.recipes.length, calendarEvents: data.calendarEvents.length, locations: data.locations.length,
    locationNotes: data.locations.reduce((n, l) => n + l.locationNotes.length, 0),
  };
}
