import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/meals';
import { groceryItems, groceryLists } from '../../platform/db/schema.ts';
import type { SignedInUser, TestApp } from '../../test/harness.ts';

/**
 * Fixtures for the meal tests. Members and lists are written straight to the database, so
 * these tests do not depend on the family and grocery features' endpoints.
 */

export async function createList(t: TestApp, familyId: string, title = 'Groceries'): Promise<string> {
  const [row] = await t.db.insert(groceryLists).values({ familyId, title }).returning({ id: groceryLists.id });
  return row!.id;
}

/** A list's items, top first. */
export async function itemsOf(t: TestApp, listId: string) {
  return t.db.select().from(groceryItems).where(eq(groceryItems.listId, listId)).orderBy(groceryItems.position);
}

export const pancakes = (extra: Record<string, unknown> = {}) => ({
  name: 'Pancakes',
  prepTime: 10,
  totalTime: 25,
  directions: 'Whisk, rest, fry.',
  ingredients: [
    { name: 'Flour', quantity: 2, unit: 'cups' },
    { name: 'Eggs', quantity: 3, unit: null },
    { name: 'Milk', quantity: null, unit: 'cup' },
  ],
  ...extra,
});

export async function createMeal(user: SignedInUser, body: Record<string, unknown> = pancakes()) {
  const res = await user.call(api.createMeal, { body });
  if (res.status !== 201) throw new Error(`create meal: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as api.Meal;
}

/** A photo of one colour with a pattern (so it has something to compress), in the given format. */
export async function testPhoto(
  width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif', background = '#d9822b',
): Promise<Buffer> {
  const stripes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="0" width="${Math.ceil(width / 3)}" height="${height}" fill="#2b6cd9"/></svg>`);
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: stripes }]).toFormat(format).toBuffer();
}
