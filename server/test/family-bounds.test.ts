import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as family from '@hearth/contract/family';
import * as grocery from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import type { Answer } from './harness.ts';
import { createTestApp, signUp, strongPassword, uniqueEmail, type SignedInUser, type TestApp } from './harness.ts';
import { days } from '../platform/clock.ts';
import {
  familyMembers, groceryComments, groceryItems, groceryLists, invites, meals as mealRows, recurringItems,
} from '../platform/db/schema.ts';
import { runRecurringJob } from '../features/grocery/test-helpers.ts';

/**
 * Per-family bounds (issue #10, item 6): each is filled to just under its bound directly in the database, then a
 * parallel burst of 12 calls must leave exactly the bound, refusing the rest with 409 and the contract's message.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const burstSize = 12;

async function burst(room: number, call: () => Promise<Answer>, message: string): Promise<void> {
  const answers = await Promise.all(Array.from({ length: burstSize }, call));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(room);
  expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message]))
    .toEqual(Array(burstSize - room).fill([409, message]));
}

async function fill<T>(insert: (rows: T[]) => Promise<unknown>, n: number, row: (i: number) => T): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => row(i));
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

async function newFamily(): Promise<{ ada: SignedInUser; familyId: string; listId: string }> {
  const ada = await signUp(t, { name: 'Ada' });
  const familyId = ada.user.familyId!;
  const list = await ada.call(grocery.createList, { body: { familyId, title: 'Weekly' } });
  return { ada, familyId, listId: list.body.id };
}

const itemRow = (familyId: string, listId: string) => (i: number) => ({
  familyId, listId, name: `Filler ${i}`, position: i + 1,
});

describe('grocery', () => {
  it('a list takes exactly up to its item bound under parallel adds', async () => {
    const { ada, familyId, listId } = await newFamily();
    await fill((r) => t.db.insert(groceryItems).values(r), grocery.groceryLimits.itemsPerList - 3, itemRow(familyId, listId));
    let n = 0;
    await burst(3, () => ada.call(grocery.addItem, {
      body: { name: `Milk ${++n}`, quantity: null, unit: null, category: null, listId, familyId },
    }), grocery.groceryMessages.listFull);
    const [row] = await t.db.select({ n: count() }).from(groceryItems).where(eq(groceryItems.listId, listId));
    expect(row!.n).toBe(grocery.groceryLimits.itemsPerList);
  });

  it('a recipe whose ingredients would pass the bound adds none of them', async () => {
    const { ada, familyId, listId } = await newFamily();
    await fill((r) => t.db.insert(groceryItems).values(r), grocery.groceryLimits.itemsPerList - 1, itemRow(familyId, listId));
    const meal = await ada.call(meals.createMeal, {
      body: {
        familyId, name: 'Pancakes', directions: null, prepTime: 5, totalTime: 20,
        ingredients: [{ name: 'Flour', quantity: 1, unit: 'cup' }, { name: 'Eggs', quantity: 2, unit: null }],
      },
    });
    expect(meal.status).toBe(201);
    const added = await ada.call(meals.addMealToGroceryList, { params: { id: meal.body.id }, query: { groceryListId: listId } });
    expect([added.status, added.body.message]).toEqual([409, grocery.groceryMessages.listFull]);
    const [row] = await t.db.select({ n: count() }).from(groceryItems).where(eq(groceryItems.listId, listId));
    expect(row!.n).toBe(grocery.groceryLimits.itemsPerList - 1);
  });

  it('the recurrence job skips a full list instead of failing, and fills it again once there is room', async () => {
    const { ada, familyId, listId } = await newFamily();
    const recurring = await ada.call(grocery.createRecurringItem, {
      body: { name: 'Bread', quantity: 1, unit: null, listId, familyId, frequency: 'WEEKLY' },
    });
    expect(recurring.status).toBe(201);
    await fill((r) => t.db.insert(groceryItems).values(r), grocery.groceryLimits.itemsPerList, itemRow(familyId, listId));
    t.clock.advance(days(8));
    expect(await runRecurringJob(t)).toBe(0);
    expect(await t.db.$count(groceryItems, eq(groceryItems.recurringItemId, recurring.body.id))).toBe(0);
    await t.db.delete(groceryItems).where(and(eq(groceryItems.listId, listId), eq(groceryItems.name, 'Filler 0')));
    t.clock.advance(days(7));
    expect(await runRecurringJob(t)).toBe(1);
    expect(await t.db.$count(groceryItems, eq(groceryItems.recurringItemId, recurring.body.id))).toBe(1);
  });

  it('a family takes exactly up to its list bound under parallel creates', async () => {
    const { ada, familyId } = await newFamily();
    await fill((r) => t.db.insert(groceryLists).values(r), grocery.groceryLimits.listsPerFamily - 1 - 4,
      (i: number) => ({ familyId, title: `Filler ${i}` }));
    await burst(4, () => ada.call(grocery.createList, { body: { familyId, title: 'One more' } }),
      grocery.groceryMessages.tooManyLists);
    expect(await t.db.$count(groceryLists, eq(groceryLists.familyId, familyId))).toBe(grocery.groceryLimits.listsPerFamily);
  });

  it('a family takes exactly up to its recurring item bound under parallel creates', async () => {
    const { ada, familyId, listId } = await newFamily();
    await fill((r) => t.db.insert(recurringItems).values(r), grocery.groceryLimits.recurringPerFamily - 2,
      (i: number) => ({ familyId, listId, name: `Filler ${i}`, frequency: 'WEEKLY' as const, nextDueAt: new Date('2030-01-01') }));
    await burst(2, () => ada.call(grocery.createRecurringItem, {
      body: { name: 'Eggs', quantity: 1, unit: null, listId, familyId, frequency: 'WEEKLY' },
    }), grocery.groceryMessages.tooManyRecurring);
    expect(await t.db.$count(recurringItems, eq(recurringItems.familyId, familyId)))
      .toBe(grocery.groceryLimits.recurringPerFamily);
  });

  it('a list takes exactly up to its active comment bound; archiving one makes room', async () => {
    const { ada, familyId, listId } = await newFamily();
    await fill((r) => t.db.insert(groceryComments).values(r), grocery.groceryLimits.activeCommentsPerList - 5,
      (i: number) => ({ familyId, listId, userName: 'Ada', text: `Filler ${i}` }));
    const comment = () => ada.call(grocery.addComment, {
      body: { listId, familyId, userId: ada.user.id, userName: 'Ada', text: 'Get the ripe ones', parentId: null },
    });
    await burst(5, comment, grocery.groceryMessages.tooManyComments);
    const active = and(eq(groceryComments.listId, listId), isNull(groceryComments.archivedAt));
    expect(await t.db.$count(groceryComments, active)).toBe(grocery.groceryLimits.activeCommentsPerList);
    const [oldest] = await t.db.select({ id: groceryComments.id }).from(groceryComments).where(active).limit(1);
    expect((await ada.call(grocery.archiveComment, { params: { id: oldest!.id } })).status).toBe(204);
    expect((await comment()).status).toBe(201);
  });
});

describe('meals', () => {
  it('a family takes exactly up to its meal bound under parallel creates', async () => {
    const { ada, familyId } = await newFamily();
    await fill((r) => t.db.insert(mealRows).values(r), meals.mealLimits.mealsPerFamily - 3,
      (i: number) => ({ familyId, name: `Filler ${i}` }));
    await burst(3, () => ada.call(meals.createMeal, {
      body: { familyId, name: 'Soup', directions: null, prepTime: 10, totalTime: 30, ingredients: [] },
    }), meals.mealMessages.tooManyMeals);
    expect(await t.db.$count(mealRows, eq(mealRows.familyId, familyId))).toBe(meals.mealLimits.mealsPerFamily);
  });
});

describe('family', () => {
  it('a family takes exactly up to its member bound under parallel adds, and an invite cannot pass it', async () => {
    const { ada, familyId } = await newFamily();
    await fill((r) => t.db.insert(familyMembers).values(r), family.familyLimits.membersPerFamily - 1 - 2,
      (i: number) => ({ familyId, name: `Child ${i}`, memberNumber: i + 2 }));
    await burst(2, () => ada.call(family.addMember, {
      body: { name: 'Baby', email: null, birthday: null, permissionLevel: 'READ_ONLY' },
    }), family.familyMessages.familyFull);
    expect(await t.db.$count(familyMembers, eq(familyMembers.familyId, familyId))).toBe(family.familyLimits.membersPerFamily);

    const invite = await ada.call(family.createInvite, { body: { invitedEmail: null } });
    expect(invite.status).toBe(201);
    const joined = await t.call(accounts.register, {
      body: { email: uniqueEmail(), name: 'Late', password: strongPassword, inviteToken: invite.body.token },
    });
    expect([joined.status, joined.body.message]).toEqual([409, family.familyMessages.familyFull]);
    expect(await t.db.$count(familyMembers, eq(familyMembers.familyId, familyId))).toBe(family.familyLimits.membersPerFamily);
  });

  it('a family takes exactly up to its open invite bound; expired and revoked invites do not count', async () => {
    const { ada, familyId } = await newFamily();
    const now = t.clock.now();
    const open = family.familyLimits.activeInvitesPerFamily - 6;
    await fill((r) => t.db.insert(invites).values(r), open + 20, (i: number) => ({
      familyId, token: `bound-${familyId}-${i}`,
      expiresAt: new Date(now.getTime() + (i < open ? days(1) : -days(1))),
      revokedAt: i >= open && i % 2 === 0 ? now : null,
    }));
    await burst(6, () => ada.call(family.createInvite, { body: { invitedEmail: null } }), family.familyMessages.tooManyInvites);
  });
});
