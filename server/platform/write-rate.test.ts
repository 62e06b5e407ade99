import { afterAll, beforeAll, expect, it } from 'vitest';
import * as grocery from '@hearth/contract/grocery';
import { errorMessages } from '@hearth/contract/errors';
import { minutes } from './clock.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../test/harness.ts';

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
const perMinute = 6;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITES_PER_MINUTE: String(perMinute) } });
  ada = await signUp(t, { name: 'Ada' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(async () => { await t.close(); });

it('answers 429 with a message past the per-user write rate, changes nothing, and leaves reads and others alone', async () => {
  const familyId = ada.user.familyId!;
  const create = (user: SignedInUser) => user.call(grocery.createList, {
    body: { familyId: user.user.familyId, title: 'Burst' },
  });
  const answers = await Promise.all(Array.from({ length: perMinute + 4 }, () => create(ada)));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(perMinute);
  expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message]))
    .toEqual(Array(4).fill([429, errorMessages.tooManyWrites]));
  const lists = await ada.call(grocery.getLists, { params: { familyId } });
  expect([lists.status, lists.body.length]).toEqual([200, perMinute]);
  expect((await create(bob)).status).toBe(201);
  t.clock.advance(minutes(1));
  expect((await create(ada)).status).toBe(201);
});

it('holds item adds, whose batch checks the caller itself, to the same rate under a parallel burst', async () => {
  const cleo = await signUp(t, { name: 'Cleo' });
  const familyId = cleo.user.familyId!;
  const list = await cleo.call(grocery.createList, { body: { familyId, title: 'Burst' } });
  const answers = await Promise.all(Array.from({ length: perMinute + 3 }, (_, i) => cleo.call(grocery.addItem, {
    body: { name: `Item ${i}`, listId: list.body.id, familyId },
  })));
  // The list's creation took one write of the minute.
  expect(answers.filter((a) => a.status === 201)).toHaveLength(perMinute - 1);
  expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message]))
    .toEqual(Array(4).fill([429, errorMessages.tooManyWrites]));
  const items = await cleo.call(grocery.getItems, { params: { listId: list.body.id } });
  expect(items.body).toHaveLength(perMinute - 1);
});
