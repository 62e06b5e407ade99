import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calendar from '@hearth/contract/calendar';
import { calendarLimits } from '@hearth/contract/calendar';
import * as family from '@hearth/contract/family';
import { exportFamilyData, FamilyData, familyDataLimits, familyDataMessages, importFamilyData } from '@hearth/contract/family-data';
import * as grocery from '@hearth/contract/grocery';
import { groceryLimits } from '@hearth/contract/grocery';
import * as locations from '@hearth/contract/locations';
import { locationLimits } from '@hearth/contract/locations';
import * as meals from '@hearth/contract/meals';
import { mealLimits } from '@hearth/contract/meals';
import { rawRows } from '../../platform/db/client.ts';
import { joinAs } from '../../test/factories.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { makeHousehold, type Household } from '../../test/household.ts';
import type { Deps } from '../../platform/deps.ts';
import { familyDataModule } from './module.ts';

let t: TestApp;
let h: Household;
let readOnly: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  h = await makeHousehold(t);
  readOnly = await joinAs(t, h.admin, 'READ_ONLY', 'Rita Reader');
}, 120_000);
afterAll(() => t.close());

/** The archive's entries, name to text. */
function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => { files.set(entry.fileName, Buffer.concat(chunks).toString('utf8')); zip.readEntry(); });
      }));
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
  });
}

async function exportOf(user: SignedInUser) {
  const res = await user.call(exportFamilyData);
  expect(res.status).toBe(200);
  expect(res.raw.headers['content-type']).toBe('application/zip');
  expect(res.raw.headers['content-disposition']).toMatch(/^attachment; filename="hearth-family-\d{4}-\d{2}-\d{2}\.zip"$/);
  const bytes = res.raw.rawPayload;
  const files = await unzip(bytes);
  return { bytes, files, json: FamilyData.parse(JSON.parse(files.get('family.json')!)) };
}

/** The household's archive, downloaded once: its family may download six a minute. */
let householdArchive: ReturnType<typeof exportOf> | undefined;
const archiveOfHousehold = () => (householdArchive ??= exportOf(h.admin));

const upload = (user: SignedInUser, body: Buffer, type = 'application/zip') =>
  user.call(importFamilyData, { body: body as never, headers: { 'content-type': type } });

/** Items linked to a recurring item, and to a recipe. */
async function links(familyId: string): Promise<number[]> {
  const [row] = await rawRows<{ recurring: number; recipe: number }>(t.db, sql`select
    count(recurring_item_id)::int as recurring, count(added_from_recipe_id)::int as recipe from grocery_items where family_id = ${familyId}`);
  return [row!.recurring, row!.recipe];
}

/** A signed-in user without a family: joined the household, then removed by its admin. */
async function userWithoutFamily(name: string): Promise<SignedInUser> {
  const user = await joinAs(t, h.admin, 'EDIT', name);
  const members: { id: string; name: string }[] = (await h.admin.call(family.listMembers)).body;
  const res = await h.admin.call(family.removeMember, { params: { id: members.find((m) => m.name === name)!.id } });
  expect(res.status).toBe(204);
  return { ...user, user: { ...user.user, familyId: null } };
}

describe('export', () => {
  it('holds every file, the format, and the caller\'s own personal notes only (each permission level)', async () => {
    for (const [user, own, others] of [
      [h.admin, [], ['My own note']], [h.editor, ['My own note'], []], [readOnly, [], ['My own note']],
    ] as const) {
      const { files, json } = await exportOf(user);
      expect([...files.keys()].sort()).toEqual(['calendar.ics', 'family.json', 'lists.csv', 'recipes/Pancakes.md']);
      expect(json.formatVersion).toBe(1);
      expect(json.family.name).toBe('The Testers');
      expect(json.members.map((m) => m.name)).toEqual(expect.arrayContaining(['Alex Admin', 'Eddie Editor', 'Kid', 'Rita Reader']));
      expect(json.lists.map((l) => l.title).sort()).toEqual(['Hardware', 'Weekly shop']);
      expect(json.lists.flatMap((l) => l.comments.map((c) => c.text)).sort()).toEqual(['Get the big eggs', 'OK!']);
      expect(json.recurringItems.map((r) => r.name)).toEqual(['Coffee']);
      expect(json.recipes[0]!.ingredients.map((i) => i.name)).toEqual(['Flour', 'Eggs', 'Salt']);
      expect(json.calendarEvents.map((e) => e.title).sort()).toEqual(['Dentist', 'Pancake night', 'Swimming', 'Swimming (late)']);
      expect(json.aiUsage).toHaveLength(1);
      const notes = json.locations.flatMap((l) => l.locationNotes.map((n) => n.note));
      expect(notes).toEqual(expect.arrayContaining(['Great crust', ...own]));
      for (const note of others) expect(files.get('family.json')).not.toContain(note);
      expect(files.get('calendar.ics')).toMatch(/^BEGIN:VCALENDAR[\s\S]*SUMMARY:Dentist[\s\S]*END:VCALENDAR$/);
      expect(files.get('calendar.ics')).toContain('RRULE:FREQ=WEEKLY');
      expect(files.get('lists.csv')!.split('\r\n')[0]).toBe('list,item,quantity,unit,category,purchased');
      expect(files.get('lists.csv')).toContain('Weekly shop,Milk,1.5,kg,Produce,yes');
      expect(files.get('recipes/Pancakes.md')).toMatch(/^# Pancakes\n[\s\S]*## Ingredients\n\n- 2 cups Flour\n[\s\S]*## Directions\n\nWhisk, rest, fry\.\n$/);
    }
  });

  it('holds nothing of another family, and a user without a family has none to export', async () => {
    const other = await signUp(t, { name: 'Olga Other' });
    const { files, json } = await exportOf(other);
    expect(json.members.map((m) => m.name)).toEqual(['Olga Other']);
    for (const text of files.values()) for (const word of ['Testers', 'Pancakes', 'Dentist', 'Luigi', 'Eggs']) expect(text).not.toContain(word);
    const loner = await userWithoutFamily('Lonely Lou');
    expect((await loner.call(exportFamilyData)).status).toBe(403);
    expect((await t.call(exportFamilyData)).status).toBe(401);
  });

  it('writes lists.csv by RFC 4180, a cell that a spreadsheet would take for a formula kept as text', async () => {
    const cass = await signUp(t, { name: 'Cass Csv' });
    const listId = (await cass.call(grocery.createList, { body: { familyId: cass.user.familyId!, title: 'Party, "big"' } })).body.id;
    for (const [name, quantity, unit, category] of [
      ['=HYPERLINK("x")', 0.125, null, '@home'], ['Eggs, large', null, '-dozen', 'Dairy'], ['+1 cake', 2, 'kg', 'Bakery'],
    ] as const) {
      expect((await cass.call(grocery.addItem, { body: { name, quantity, unit, category, listId } })).status).toBe(201);
    }
    const rows = (await exportOf(cass)).files.get('lists.csv')!.split('\r\n');
    expect(rows.slice(1).sort()).toEqual([
      '',
      `"Party, ""big""","'=HYPERLINK(""x"")",0.125,,'@home,no`,
      `"Party, ""big""","Eggs, large",,'-dozen,Dairy,no`,
      `"Party, ""big""",'+1 cake,2,kg,Bakery,no`,
    ]);
  });

  it('writes family.json\'s items as the API answers them: quotes, backslashes, other scripts, nulls', async () => {
    const dee = await signUp(t, { name: 'Dee Json' });
    const listId = (await dee.call(grocery.createList, { body: { familyId: dee.user.familyId!, title: 'Json' } })).body.id;
    const tricky = 'say "hi" \\ été 🍎 寿司';
    for (const [name, quantity, unit] of [[tricky, 1.5, 'l'], ['Plain', null, null]] as const) {
      expect((await dee.call(grocery.addItem, { body: { name, quantity, unit, listId } })).status).toBe(201);
    }
    const { json } = await exportOf(dee);
    const items = json.lists.find((l) => l.title === 'Json')!.items
      .map(({ name, quantity, unit, isPurchased }) => ({ name, quantity, unit, isPurchased }));
    expect(items.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Plain', quantity: null, unit: null, isPurchased: false },
      { name: tricky, quantity: 1.5, unit: 'l', isPurchased: false },
    ]);
  });
});

/** An answer without ids, times and links (a new family has new ones), arrays in a stable order. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable).map((v) => JSON.stringify(v)).sort().map((v) => JSON.parse(v) as unknown);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value)
      .filter(([k]) => !/(^id$|Id$|Ids$|At$|^token$|[uU]rl$|^photo$|^version$|^memberNumber$|^createdBy|^author$|^userName$|^user$)/.test(k))
      .map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

/** What a member reads of every feature of their family, comparable across families. */
async function featureAnswers(user: SignedInUser, familyId: string) {
  const get = async (e: Parameters<SignedInUser['call']>[0], input?: Parameters<SignedInUser['call']>[1]) => {
    const res = await user.call(e, input);
    expect(res.status, e.path).toBe(200);
    return res.body;
  };
  const lists: { id: string; title: string }[] = await get(grocery.getLists, { params: { familyId } });
  const perList = [];
  for (const list of lists) {
    perList.push({
      title: list.title, items: await get(grocery.getItems, { params: { listId: list.id } }),
      comments: await get(grocery.getComments, { params: { listId: list.id } }),
    });
  }
  const recipes: { id: string }[] = await get(meals.listMeals, { params: { familyId } });
  const places: { id: string }[] = await get(locations.listLocations);
  const notes = [];
  for (const place of places) notes.push(await get(locations.listLocationNotes, { params: { id: place.id } }));
  return comparable({
    members: (await get(family.listMembers)).map((m: { name: string; permissionLevel: string }) => ({ name: m.name })),
    lists: perList,
    recurring: await get(grocery.getRecurringItems, { params: { familyId } }),
    recipes: await Promise.all(recipes.map((r) => get(meals.getMeal, { params: { id: r.id } }))),
    events: await get(calendar.listEvents, { query: { startDate: '2026-02-20', endDate: '2026-05-10' } }),
    locations: places, tags: await get(locations.listTags), notes,
  });
}

describe('import', () => {
  it('founds a new family with every feature as exported, its importer ADMIN, account members invited again', async () => {
    // An item the recurrence job added: linked to its recurring item.
    await t.db.execute(sql`update grocery_items set recurring_item_id = r.id from recurring_items r
      where r.family_id = ${h.familyId} and grocery_items.id = (select id from grocery_items where list_id = r.list_id limit 1)`);
    const { bytes } = await exportOf(h.editor);
    const mover = await userWithoutFamily('Mo Mover');
    const res = await upload(mover, bytes);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      familyName: 'The Testers', lists: 2, items: 9, comments: 2, recurringItems: 1, recipes: 1, calendarEvents: 4,
      locations: 2, locationNotes: 2,
    });
    expect(res.body.familyId).not.toBe(h.familyId);
    // The editor's personal note came with the editor's export, so the editor is the one to import it; here the
    // importer reads it as theirs, and every other reader compares alike.
    const signedIn = { ...mover, user: { ...mover.user, familyId: res.body.familyId } };
    const members: { name: string; permissionLevel: string }[] = (await mover.call(family.listMembers)).body;
    expect(members.find((m) => m.name === 'Mo Mover')?.permissionLevel).toBe('ADMIN');
    for (const email of [h.admin.email]) await t.mailbox.waitFor(email, /invit/i);
    const before = await featureAnswers(h.editor, h.familyId);
    const after = await featureAnswers(signedIn, res.body.familyId);
    const strip = (a: unknown) => ({ ...(a as object), members: undefined });
    expect(strip(after)).toEqual(strip(before));
    // Events keep their reminders: the reminder job has a row for each, as for the exported family's.
    const reminded = async (familyId: string) => (await rawRows<{ title: string; minutes: number }>(t.db, sql`select e.title,
      e.reminder_minutes as minutes from calendar_reminders r join calendar_events e on e.id = r.event_id
      where r.family_id = ${familyId} order by e.title`));
    expect(await reminded(res.body.familyId))
      .toEqual(expect.arrayContaining([{ title: 'Pancake night', minutes: 60 }, { title: 'Swimming', minutes: 30 }]));
    expect(await reminded(res.body.familyId)).toEqual(await reminded(h.familyId));
    // Items keep their links to the recurring item and recipe they came from (written after the items).
    expect(await links(res.body.familyId)).toEqual(await links(h.familyId));
    expect((await links(h.familyId)).every((n) => n > 0)).toBe(true);
  });

  it('imports an edited occurrence that comes before its series (an occurrence moved earlier than the series starts)', async () => {
    const json = JSON.parse((await archiveOfHousehold()).files.get('family.json')!) as FamilyData;
    const occurrences = json.calendarEvents.filter((e) => e.seriesId !== null);
    expect(occurrences.length).toBeGreaterThan(0);
    const reordered = { ...json, calendarEvents: [...occurrences, ...json.calendarEvents.filter((e) => e.seriesId === null)] };
    const mover = await userWithoutFamily('Early Eve');
    const res = await upload(mover, await zipOf({ 'family.json': JSON.stringify(reordered) }));
    expect(res.status).toBe(201);
    const series = await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from calendar_events o
      join calendar_events s on s.id = o.series_id where o.family_id = ${res.body.familyId}`);
    expect(series).toEqual([{ n: occurrences.length }]);
  });

  it('refuses what is not a Hearth export (4xx), and a user who has a family', async () => {
    const user = await userWithoutFamily('Bad Archive Ben');
    const json = JSON.parse((await exportOf(h.admin)).files.get('family.json')!) as Record<string, unknown>;
    const cases: [Buffer, number][] = [
      [Buffer.from('not a zip at all'), 400],
      [await zipOf({ 'notes.txt': 'hello' }), 400],
      [await zipOf({ 'family.json': '{"formatVersion":1' }), 400],
      [await zipOf({ 'family.json': JSON.stringify({ ...json, members: 'everyone' }) }), 400],
      [await zipOf({ 'family.json': JSON.stringify({ ...json, formatVersion: 2 }) }), 400],
      [await zipOf({ 'family.json': JSON.stringify({ ...json, calendarEvents: [{ ...(json.calendarEvents as object[])[0], attendeeIds: ['nobody'] }] }) }), 400],
    ];
    for (const [body, status] of cases) expect((await upload(user, body)).status).toBe(status);
    expect((await upload(user, await zipOf({ 'family.json': JSON.stringify({ ...json, formatVersion: 2 }) }))).body.message)
      .toBe(familyDataMessages.newerFormat);
    expect((await upload(user, Buffer.from('x'), 'text/plain')).status).toBe(415);
    expect((await upload(h.admin, await zipOf({ 'family.json': JSON.stringify(json) }))).status).toBe(409);
  });

  it('refuses a zip bomb: family.json inflating past the size its headers claim stops there', async () => {
    const user = await userWithoutFamily('Bomb Betty');
    // A real family.json, its headers then claiming 1 kB (the local header's size at 22, the central directory's
    // at 24 past its signature): read whole, it would import.
    const json = (await archiveOfHousehold()).files.get('family.json')!;
    expect(json.length).toBeGreaterThan(2048);
    const bomb = await zipOf({ 'family.json': json });
    bomb.writeUInt32LE(1024, 22);
    bomb.writeUInt32LE(1024, bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect((await upload(user, bomb)).status).toBe(400);
  });

  it('refuses an upload past the bound before reading it (413), and one without a session (401)', async () => {
    const user = await userWithoutFamily('Big Bertha');
    const past = await user.call(importFamilyData, {
      body: Buffer.from('PK') as never, headers: { 'content-type': 'application/zip', 'content-length': String(familyDataLimits.uploadMaxBytes + 1) },
    });
    expect(past.status).toBe(413);
    expect(past.body.message).toBe(familyDataMessages.tooLarge);
    const anonymous = await t.app.inject({ method: 'POST', url: importFamilyData.path, payload: Buffer.from('PK'), headers: { 'content-type': 'application/zip' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps no uploaded file once answered, imported or refused', async () => {
    const uploads = async () => (await readdir(tmpdir())).filter((f) => f.startsWith('hearth-upload-'));
    const before = await uploads();
    const user = await userWithoutFamily('Tidy Tess');
    expect((await upload(user, Buffer.from('not a zip'))).status).toBe(400);
    expect((await upload(user, (await archiveOfHousehold()).bytes)).status).toBe(201);
    // Other test files (the other engine's) may upload meanwhile; theirs go too, once answered.
    await expect.poll(async () => (await uploads()).filter((f) => !before.includes(f))).toEqual([]);
  });

  it('deletes the new family when the import fails half-way (an item naming a recipe not in the archive)', async () => {
    const user = await userWithoutFamily('Half Hal');
    const json = JSON.parse((await archiveOfHousehold()).files.get('family.json')!) as FamilyData;
    const [first, ...rest] = json.lists;
    const broken = { ...json, lists: [{ ...first!, items: [...first!.items, { ...first!.items[0]!, id: 'new-item', addedFromRecipeId: 'no-such-recipe' }] }, ...rest] };
    const count = async () => (await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from families`))[0]!.n;
    const before = await count();
    const res = await upload(user, await zipOf({ 'family.json': JSON.stringify(broken) }));
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
    expect(await rawRows(t.db, sql`select * from family_imports`)).toEqual([]);
  });

  it('deletes an import stopped half-way (silent for ten minutes), and nothing else', async () => {
    const [stopped, running, ordinary] = await Promise.all(['Stopped', 'Running', 'Ordinary'].map(async (name) =>
      (await rawRows<{ id: string }>(t.db, sql`insert into families (name) values (${name}) returning id`))[0]!.id));
    await t.db.execute(sql`insert into family_imports (family_id, touched_at)
      values (${stopped}, now() - interval '11 minutes'), (${running}, now() - interval '9 minutes')`);
    const [job] = familyDataModule.jobs!({ db: t.db } as Deps);
    await job!.run();
    const left = await rawRows<{ id: string }>(t.db, sql`select id from families where id in (${stopped}, ${running}, ${ordinary})`);
    expect(left.map((f) => f.id).sort()).toEqual([running, ordinary].sort());
    await t.db.execute(sql`delete from families where id in (${running}, ${ordinary})`);
  });

  it('refuses records past the app\'s own bounds, text the database cannot hold, and sections out of the format\'s order, writing nothing', async () => {
    const user = await userWithoutFamily('Strict Stella');
    const json = JSON.parse((await archiveOfHousehold()).files.get('family.json')!) as Record<string, unknown> & { lists: { items: object[] }[] };
    const [first, ...rest] = json.lists;
    const longName = { ...json, lists: [{ ...first, items: [{ ...first!.items[0], name: 'x'.repeat(groceryLimits.itemNameMax + 1) }] }, ...rest] };
    const { members, ...noMembersFirst } = json;
    const membersLast = { ...noMembersFirst, members };
    const { items: _, comments: __, ...head } = first! as unknown as Record<string, unknown>;
    const itemsBeforeHead = { ...json, lists: [{ items: first!.items, ...head }, ...rest] };
    const stranger = { ...json, exportedByMemberId: 'someone else' };
    const nul = { ...json, lists: [{ ...first!, items: [{ ...first!.items[0], name: 'Milk\u0000' }] }, ...rest] };
    const halfPair = { ...json, family: { ...(json.family as object), name: 'The \ud800 family' } };
    const familiesBefore = await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from families`);
    for (const archive of [longName, membersLast, itemsBeforeHead, stranger, nul, halfPair]) {
      const res = await upload(user, await zipOf({ 'family.json': JSON.stringify(archive) }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(familyDataMessages.badArchive);
    }
    expect(await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from families`)).toEqual(familiesBefore);
  });
});

/** The archive of a family at every bound with everyday content, as the family-export bench's, stays under this (docs/family-data-format.md). */
const everydayArchiveBytes = 32 * 1024 * 1024;

describe('bounds', () => {
  it('a family at every bound exports to under the documented bound (1/50 of every bound, measured and scaled)', async () => {
    // Seeding 400,000 items takes minutes; a fiftieth of every bound, set-based, takes a second or two, and each
    // entry of the archive grows with its rows (recipes' files too), so 50 times the growth is the family's.
    const part = 50;
    const owner = await signUp(t, { name: 'Bo Bound' });
    const f = owner.user.familyId!;
    const empty = (await exportOf(owner)).bytes.length;
    const lists = groceryLimits.listsPerFamily / part;
    await t.db.execute(sql`insert into grocery_lists (family_id, title) select ${f}, 'List ' || i from generate_series(1, ${lists}) i`);
    await t.db.execute(sql`insert into grocery_items (family_id, list_id, name, quantity, unit, position, is_purchased, category)
      select ${f}, l.id, 'Item ' || i, i % 4 + 1, case when i % 3 = 0 then null else 'kg' end, i, i % 4 = 0,
        (array['Produce', 'Dairy', 'Bakery', null])[i % 4 + 1]
      from grocery_lists l, generate_series(1, ${groceryLimits.itemsPerList}) i where l.family_id = ${f}`);
    await t.db.execute(sql`insert into grocery_comments (family_id, list_id, user_id, user_name, text)
      select ${f}, l.id, ${owner.user.id}, 'Bo', repeat('Comment ' || i || ' ', 10)
      from grocery_lists l, generate_series(1, ${2000 / part / lists}) i where l.family_id = ${f}`);
    await t.db.execute(sql`insert into recurring_items (family_id, list_id, name, frequency, next_due_at)
      select ${f}, (select id from grocery_lists where family_id = ${f} limit 1), 'Recurring ' || i, 'WEEKLY', now()
      from generate_series(1, ${groceryLimits.recurringPerFamily / part}) i`);
    await t.db.execute(sql`insert into meals (family_id, name, directions, servings, prep_time, total_time)
      select ${f}, 'Recipe ' || i, repeat('Stir well and simmer. ', 40), 4, 15, 40 from generate_series(1, ${mealLimits.mealsPerFamily / part}) i`);
    await t.db.execute(sql`insert into meal_ingredients (meal_id, position, name, quantity, unit)
      select m.id, p, 'Ingredient ' || p, p + 1, 'g' from meals m, generate_series(0, 19) p where m.family_id = ${f}`);
    await t.db.execute(sql`insert into calendar_events (family_id, title, description, start_time, end_time, recurring_pattern)
      select ${f}, 'Event ' || i, case when i % 4 = 0 then 'Notes for event ' || i end,
        '2026-' || lpad((1 + i % 12)::text, 2, '0') || '-10T09:00:00', '2026-' || lpad((1 + i % 12)::text, 2, '0') || '-10T10:00:00',
        case when i < 1000 / ${part} then 'WEEKLY' end
      from generate_series(1, ${calendarLimits.eventsPerFamily / part}) i`);
    await t.db.execute(sql`insert into locations (family_id, name, address)
      select ${f}, 'Place ' || i, i || ' Main St' from generate_series(1, ${locationLimits.locationsPerFamily / part}) i`);
    await t.db.execute(sql`insert into location_notes (family_id, location_id, author_user_id, author_name, note, is_personal)
      select ${f}, l.id, ${owner.user.id}, 'Bo', repeat('Note ' || i || ' ', 20), i % 5 = 0 from generate_series(1, ${locationLimits.notesPerFamily / part}) i
      join (select id, row_number() over (order by id) - 1 as n from locations where family_id = ${f}) l
        on l.n = i % ${locationLimits.locationsPerFamily / part}`);
    const { bytes, json } = await exportOf(owner);
    expect(json.lists.reduce((n, l) => n + l.items.length, 0)).toBe(groceryLimits.listsPerFamily * groceryLimits.itemsPerList / part);
    expect(json.calendarEvents).toHaveLength(calendarLimits.eventsPerFamily / part);
    const atEveryBound = empty + part * (bytes.length - empty);
    expect(atEveryBound).toBeLessThan(everydayArchiveBytes);
  }, 60_000);

  it('the largest archive an export can make is within the upload bound, and imports (1/200 of every bound, every text at its longest)', async () => {
    // Each character written \u0001 in family.json (6 bytes, the most), a row's every text at its bound: the items
    // and comments of a two-hundredth of the family's lists, a two-hundredth of its recipes, events and places.
    const part = 200;
    const owner = await signUp(t, { name: 'Max Bound' });
    const f = owner.user.familyId!;
    const empty = await exportOf(owner);
    const worst = (n: number) => `repeat(chr(1), ${n})`;
    const g = groceryLimits, m = mealLimits, c = calendarLimits, l = locationLimits;
    await t.db.execute(sql`insert into grocery_lists (family_id, title) values (${f}, ${sql.raw(worst(g.titleMax))})`);
    const list = sql`(select id from grocery_lists where family_id = ${f})`;
    await t.db.execute(sql`insert into grocery_items (family_id, list_id, name, quantity, unit, position, is_purchased, category)
      select ${f}, ${list}, ${sql.raw(worst(g.itemNameMax - 6))} || lpad(i::text, 6, '0'), 999999.999, ${sql.raw(worst(g.unitMax))}, i, false,
        ${sql.raw(worst(g.categoryMax))} from generate_series(1, ${g.itemsPerList}) i`);
    await t.db.execute(sql`insert into grocery_comments (family_id, list_id, user_id, user_name, text)
      select ${f}, ${list}, ${owner.user.id}, ${sql.raw(worst(100))}, ${sql.raw(worst(g.commentMax))}
      from generate_series(1, ${g.activeCommentsPerList}) i`);
    await t.db.execute(sql`insert into meals (family_id, name, directions, source_url, servings, prep_time, total_time)
      select ${f}, ${sql.raw(worst(m.nameMax - 4))} || lpad(i::text, 4, '0'), ${sql.raw(worst(m.directionsMax))},
        ${sql.raw(worst(m.sourceUrlMax))}, 4, 15, 40 from generate_series(1, ${m.mealsPerFamily / part}) i`);
    await t.db.execute(sql`insert into meal_ingredients (meal_id, position, name, quantity, unit)
      select id, p, ${sql.raw(worst(m.ingredientNameMax))}, 1, ${sql.raw(worst(m.unitMax))}
      from meals, generate_series(0, ${m.ingredientsMax - 1}) p where family_id = ${f}`);
    await t.db.execute(sql`insert into calendar_events (family_id, title, description, location, address, start_time, end_time)
      select ${f}, ${sql.raw(worst(c.titleMax))}, ${sql.raw(worst(c.descriptionMax))}, ${sql.raw(worst(c.locationMax))},
        ${sql.raw(worst(c.addressMax))}, '2026-05-10T09:00:00', '2026-05-10T10:00:00' from generate_series(1, ${c.eventsPerFamily / part}) i`);
    await t.db.execute(sql`insert into locations (family_id, name, address, notes)
      select ${f}, ${sql.raw(worst(l.nameMax))}, ${sql.raw(worst(l.addressMax))}, ${sql.raw(worst(l.notesMax))}
      from generate_series(1, ${l.locationsPerFamily / part}) i`);
    const { bytes, files } = await exportOf(owner);
    const json = Buffer.byteLength(files.get('family.json')!);
    const emptyJson = Buffer.byteLength(empty.files.get('family.json')!);
    expect(emptyJson + part * (json - emptyJson)).toBeLessThan(familyDataLimits.familyJsonMaxBytes);
    expect(empty.bytes.length + part * (bytes.length - empty.bytes.length)).toBeLessThan(familyDataLimits.uploadMaxBytes);
    const mover = await userWithoutFamily('Max Mover');
    const res = await upload(mover, bytes);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      lists: 1, items: g.itemsPerList, comments: g.activeCommentsPerList, recipes: m.mealsPerFamily / part,
      calendarEvents: c.eventsPerFamily / part, locations: l.locationsPerFamily / part,
    });
  }, 120_000);
});
