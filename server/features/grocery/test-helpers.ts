import { asc, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import {
  groceryComments, groceryItems, groceryLists, meals, recurringItems,
} from '../../platform/db/schema.ts';
import { Events } from '../../platform/events.ts';
import { Realtime } from '../../platform/realtime.ts';
import { runRecurrence } from './recurrence-job.ts';
import { signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';

export { joinAs } from '../../test/factories.ts';

export async function newList(user: SignedInUser, title = 'Costco'): Promise<string> {
  const res = await user.call(api.createList, { body: { familyId: user.user.familyId, title } });
  if (res.status !== 201) throw new Error(`create list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function newItem(user: SignedInUser, listId: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await user.call(api.addItem, {
    body: { name, quantity: null, unit: null, category: null, listId, familyId: user.user.familyId, ...extra },
  });
  if (res.status !== 201) throw new Error(`add item failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as api.GroceryItem;
}

export async function itemsOf(user: SignedInUser, listId: string): Promise<api.GroceryItem[]> {
  const res = await user.call(api.getItems, { params: { listId } });
  if (res.status !== 200) throw new Error(`get items failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const namesOf = async (user: SignedInUser, listId: string) => (await itemsOf(user, listId)).map((i) => i.name);

export async function newRecurring(
  user: SignedInUser, listId: string, name: string, frequency: api.Frequency = 'WEEKLY',
): Promise<api.RecurringItem> {
  const res = await user.call(api.createRecurringItem, {
    body: { name, quantity: 1, unit: null, listId, familyId: user.user.familyId, frequency },
  });
  if (res.status !== 201) throw new Error(`create recurring failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newMeal(t: TestApp, familyId: string, name = 'Soup'): Promise<string> {
  const [row] = await t.db.insert(meals).values({ familyId, name }).returning({ id: meals.id });
  return row!.id;
}

/** What the job needs from the app, built over the test's database. */
export const jobDeps = (t: TestApp) => ({
  db: t.db, clock: t.clock, events: new Events(t.clock, new Realtime(t.database)),
});

/** Runs the recurring-items job once over the test's database; answers how many list items it added. */
export const runRecurringJob = (t: TestApp) => runRecurrence(jobDeps(t));

/** Every grocery row of a family, for before/after comparisons. */
export async function groceryState(t: TestApp, familyId: string) {
  return {
    lists: await t.db.select().from(groceryLists).where(eq(groceryLists.familyId, familyId)).orderBy(asc(groceryLists.id)),
    items: await t.db.select().from(groceryItems).where(eq(groceryItems.familyId, familyId)).orderBy(asc(groceryItems.id)),
    comments: await t.db.select().from(groceryComments).where(eq(groceryComments.familyId, familyId))
      .orderBy(asc(groceryComments.id)),
    recurring: await t.db.select().from(recurringItems).where(eq(recurringItems.familyId, familyId))
      .orderBy(asc(recurringItems.id)),
  };
}
