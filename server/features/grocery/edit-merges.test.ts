import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { familyEvents } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { groceryState, itemsOf, joinAs, newItem, newList } from './test-helpers.ts';

/** Issue 48: editing an item into one already unpurchased on its list merges them, as an add does. */

let t: TestApp;
let ada: SignedInUser;
let oz: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  oz = await signUp(t, { name: 'Oz' });
});
afterAll(async () => { await t.close(); });

const edit = (user: SignedInUser, itemId: string, body: Record<string, unknown>) =>
  user.call(api.updateItem, { params: { itemId }, body });
const shown = async (listId: string) => (await itemsOf(ada, listId)).map((i) => [i.name, i.quantity, i.unit]);

describe('an edit into an item already on the list', () => {
  it('merges them: that item gets the quantities summed (rounded to 3 decimals), the edited one goes', async () => {
    const listId = await newList(ada, 'Merge');
    const milk = await newItem(ada, listId, 'Milk', { quantity: 1.0005, unit: 'l' });
    const other = await newItem(ada, listId, 'Mlik', { quantity: 2, unit: 'l', category: 'Typos' });
    const merged = await edit(ada, other.id, { name: 'milk', quantity: 2, unit: 'L', category: 'Typos' });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      id: milk.id, name: 'Milk', quantity: 3.001, unit: 'l', category: 'Dairy & eggs', position: 0, mergedFrom: other.id,
    });
    expect(await shown(listId)).toEqual([['Milk', 3.001, 'l']]);
    // Other members' screens hear of it: the change names both items.
    const [event] = await t.db.select().from(familyEvents).where(and(
      eq(familyEvents.familyId, ada.user.familyId!), eq(familyEvents.subjectId, milk.id), eq(familyEvents.type, 'item_updated'),
    ));
    expect(event?.data).toEqual({ listId, merged: true, mergedFrom: other.id });
  });

  it('counts a missing quantity as one, as adds do, and merges a new unit as well as a new name', async () => {
    const listId = await newList(ada, 'Units');
    const eggs = await newItem(ada, listId, 'Eggs', { quantity: null, unit: 'dozen' });
    const loose = await newItem(ada, listId, 'Eggs', { quantity: null, unit: null });
    const merged = await edit(ada, loose.id, { unit: 'dozens' });
    expect(merged.body).toMatchObject({ id: eggs.id, quantity: 2, unit: 'dozen', mergedFrom: loose.id });
    expect(await shown(listId)).toEqual([['Eggs', 2, 'dozen']]);
  });

  it('leaves purchased items, other lists, and edits that keep the name and unit alone', async () => {
    const listId = await newList(ada, 'Apart');
    const elsewhere = await newList(ada, 'Elsewhere');
    await newItem(ada, elsewhere, 'Bread');
    const bought = await newItem(ada, listId, 'Jam');
    await edit(ada, bought.id, { isPurchased: true });
    const jelly = await newItem(ada, listId, 'Jelly');
    const renamed = await edit(ada, jelly.id, { name: 'Jam' });
    expect(renamed.body).toMatchObject({ id: jelly.id, name: 'Jam' });
    expect(renamed.body.mergedFrom).toBeUndefined();
    const bun = await newItem(ada, listId, 'Bun');
    expect((await edit(ada, bun.id, { name: 'Bread' })).body).toMatchObject({ id: bun.id, name: 'Bread' });
    // Putting a purchased item back unpurchased does not merge it: only a new name or unit does.
    const back = await edit(ada, bought.id, { isPurchased: false });
    expect(back.body).toMatchObject({ id: bought.id, isPurchased: false });
    expect((await itemsOf(ada, listId)).length).toBe(3);
    // An edited item bought in the same edit is not folded into an open one.
    const rolls = await newItem(ada, listId, 'Rolls');
    expect((await edit(ada, rolls.id, { name: 'Bread', isPurchased: true })).body).toMatchObject({ id: rolls.id, isPurchased: true });
  });

  it('answers 409 past 100,000, with nothing changed', async () => {
    const listId = await newList(ada, 'Cap');
    await newItem(ada, listId, 'Rice', { quantity: 99_999, unit: 'g' });
    const grains = await newItem(ada, listId, 'Grains', { quantity: 2, unit: 'g' });
    const before = await groceryState(t, ada.user.familyId!);
    const refused = await edit(ada, grains.id, { name: 'rice', category: 'Bulk' });
    expect([refused.status, refused.body.message]).toEqual([409, api.groceryMessages.quantityTooLarge]);
    expect(await groceryState(t, ada.user.familyId!)).toEqual(before);
    expect((await ada.call(api.getCategories, { params: { familyId: ada.user.familyId! } })).body).not.toContain('Bulk');
  });

  it('is refused to read-only members and to other families, with nothing changed', async () => {
    const listId = await newList(ada, 'Guarded');
    await newItem(ada, listId, 'Tea');
    const cha = await newItem(ada, listId, 'Cha');
    const ro = await joinAs(t, ada, 'READ_ONLY', 'Ro');
    const before = await groceryState(t, ada.user.familyId!);
    const readOnly = await edit(ro, cha.id, { name: 'Tea' });
    expect([readOnly.status, readOnly.body.message]).toEqual([403, readOnlyMessage]);
    const stranger = await edit(oz, cha.id, { name: 'Tea' });
    expect([stranger.status, stranger.body.message]).toEqual([404, api.groceryMessages.itemNotFound]);
    // Oz's own list with an item of that name is no target for Ada's item either.
    const ozList = await newList(oz, 'Oz');
    await newItem(oz, ozList, 'Chai');
    expect(await groceryState(t, ada.user.familyId!)).toEqual(before);
    const own = await edit(ada, cha.id, { name: 'Chai' });
    expect(own.body).toMatchObject({ id: cha.id, name: 'Chai' });
    expect((await itemsOf(oz, ozList)).map((i) => i.name)).toEqual(['Chai']);
  });

  it('stays exact in a burst of edits and adds into the same item', async () => {
    const listId = await newList(ada, 'Burst');
    const butter = await newItem(ada, listId, 'Butter', { quantity: 1 });
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => newItem(ada, listId, `Spread ${i}`, { quantity: 1 })));
    const answers = await Promise.all([
      ...others.map((o) => edit(ada, o.id, { name: 'butter' })),
      ...Array.from({ length: 6 }, () => ada.call(api.addItem, { body: { name: 'Butter', quantity: 1, listId } })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(6).fill(200), ...Array(6).fill(201)]);
    expect(answers.every((a) => a.body.id === butter.id)).toBe(true);
    expect(await shown(listId)).toEqual([['Butter', 13, null]]);
  });
});
