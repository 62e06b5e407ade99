import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPalette } from '@hearth/contract/family-rules';
import { login } from '@hearth/contract/accounts';
import { rawRows } from '../platform/db/client.ts';
import { createTestApp, randomIp, request, type TestApp } from '../test/harness.ts';
import { demoEmail, seed, seedPassword } from './cli.ts';
import { perFamily, seedFamilies, type SeededFamily } from './families.ts';

let t: TestApp;
let families: SeededFamily[];

beforeAll(async () => {
  t = await createTestApp();
  // Batches of 2 at 2 at once: the batches' boundaries and concurrent transactions are part of what is checked.
  families = await seedFamilies(t.database, { families: 5, password: seedPassword, sessions: true, batch: 2, concurrency: 2, now: t.clock.now() });
});

afterAll(() => t.close());

/** A seeded account's read of `url`, which must answer 200; its body. */
async function read(token: string, url: string): Promise<any> {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

const count = async (table: string, familyId: string) =>
  (await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)} where family_id = ${familyId}`))[0]!.n;

describe('seedFamilies', () => {
  it('writes each family as the issue describes it', async () => {
    expect(families).toHaveLength(5);
    for (const family of families) {
      const members = await rawRows<{ user_id: string | null; color: string; member_number: number; permission_level: string }>(t.db,
        sql`select user_id, color, member_number, permission_level from family_members where family_id = ${family.familyId} order by member_number`);
      expect(members).toHaveLength(perFamily.members);
      expect(members.map((m) => m.color)).toEqual(memberPalette.slice(0, perFamily.members));
      expect(members.map((m) => m.member_number)).toEqual([1, 2, 3, 4]);
      const children = members.filter((m) => m.user_id === null);
      expect(children.length).toBeGreaterThanOrEqual(1);
      expect(children.length).toBeLessThanOrEqual(2);
      expect(members[0]!.permission_level).toBe('ADMIN');
      expect(family.accounts).toHaveLength(perFamily.members - children.length);

      const lists = await rawRows<{ item_count: number; n: number }>(t.db, sql`select l.item_count,
        (select count(*)::int from grocery_items i where i.list_id = l.id) as n from grocery_lists l where l.family_id = ${family.familyId}`);
      expect(lists).toHaveLength(perFamily.lists);
      for (const list of lists) {
        expect(list.n).toBeGreaterThanOrEqual(perFamily.itemsMin);
        expect(list.n).toBeLessThanOrEqual(perFamily.itemsMax);
        expect(list.item_count).toBe(list.n);
      }
      expect(await count('meals', family.familyId)).toBe(perFamily.recipes);
      expect(await count('calendar_events', family.familyId)).toBe(perFamily.events);
      const series = await rawRows<{ n: number }>(t.db,
        sql`select count(*)::int as n from calendar_events where family_id = ${family.familyId} and recurring_pattern is not null`);
      expect(series[0]!.n).toBe(perFamily.series);
      expect(await count('locations', family.familyId)).toBe(perFamily.places);
    }
  });

  it('keeps the rules the app keeps: no two open items of a list would merge, every category is the family\'s', async () => {
    const merging = await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from (select list_id, match_key
      from grocery_items where not is_purchased group by list_id, match_key having count(*) > 1) d`);
    expect(merging[0]!.n).toBe(0);
    const unfiled = await rawRows<{ n: number }>(t.db, sql`select count(*)::int as n from grocery_items i where not exists
      (select 1 from grocery_categories c where c.family_id = i.family_id and c.name = i.category)`);
    expect(unfiled[0]!.n).toBe(0);
  });

  it('answers every seeded read through the app, with the counts seeded', async () => {
    const family = families[0]!;
    const token = family.accounts[0]!.token!;
    expect((await read(token, '/api/me')).familyId).toBe(family.familyId);
    expect(await read(token, '/api/family-members')).toHaveLength(perFamily.members);
    await read(token, '/api/dashboard/newsfeed');
    expect(await read(token, `/api/grocery-lists/${family.familyId}`)).toHaveLength(perFamily.lists);
    for (const listId of family.listIds) {
      const list = await read(token, `/api/grocery/list/${listId}`);
      expect(list.length).toBeGreaterThanOrEqual(perFamily.itemsMin);
      await read(token, `/api/grocery-comments/list/${listId}`);
    }
    await read(token, `/api/grocery/categories/${family.familyId}`);
    expect(await read(token, `/api/meals/family/${family.familyId}`)).toHaveLength(perFamily.recipes);
    expect((await read(token, `/api/meals/${family.mealIds[0]}`)).ingredients.length).toBeGreaterThanOrEqual(4);
    const today = t.clock.now().toISOString().slice(0, 10);
    const monthAhead = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await read(token, `/api/calendar/events?startDate=${today}&endDate=${monthAhead}`)).length).toBeGreaterThan(0);
    expect(await read(token, '/api/locations')).toHaveLength(perFamily.places);
    for (const id of family.locationIds.slice(0, 5)) await read(token, `/api/location-notes/location/${id}`);
    await read(token, '/api/tags');
  });

  it('signs an account in with the seeded password', async () => {
    const res = await request(t.app, login, { body: { email: families[1]!.accounts[1]!.email, password: seedPassword } }, randomIp());
    expect(res.status).toBe(200);
  });
});

describe('npm run seed', () => {
  it('makes the demo family once, and says how to sign in', async () => {
    const first = await seed(t.database, ['--demo']);
    expect(first).toContain(`Sign in as ${demoEmail} with the password ${seedPassword}`);
    expect(await seed(t.database, ['--demo'])).toMatch(/already there/);
    const res = await request(t.app, login, { body: { email: demoEmail, password: seedPassword } }, randomIp());
    expect(res.status).toBe(200);
  });

  it('refuses a count that is not a positive whole number', async () => {
    for (const args of [['--families', '0'], ['--families', 'x'], [], ['--demo', '--families', '2']]) {
      await expect(seed(t.database, args)).rejects.toThrow(/Usage/);
    }
  });
});
