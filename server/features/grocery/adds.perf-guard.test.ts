import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import * as api from '@hearth/contract/grocery';
import { familyOfOne, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { newList } from './test-helpers.ts';

/**
 * How many statements an item add sends its database: the add's event and its key's answer are written by the add's
 * own statement, sent with the list's lock, so the list is held for that statement and COMMIT. A failure means an
 * add works otherwise now; docs/performance.md ("Item adds at once") says what this was measured to save.
 */

let t: TestApp;
let ada: SignedInUser;
beforeAll(async () => { ({ t, member: ada } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The statements sent while `work` runs: on PGlite through its client (a transaction's BEGIN and COMMIT included), on
 * PostgreSQL as pg sends them (each with parameters ends with a Sync; BEGIN and COMMIT go as simple queries).
 */
async function statementsSent(work: () => Promise<unknown>): Promise<number> {
  if (t.database.engine === 'postgres') {
    const spies = [vi.spyOn(pg.Connection.prototype, 'sync'), vi.spyOn(pg.Connection.prototype, 'query')];
    try {
      await work();
      return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }
  const client = (t.db as unknown as { $client: { query: Query; transaction: (w: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown> } }).$client;
  const { query, transaction } = client;
  let n = 0;
  client.query = (...args) => { n++; return query(...args); };
  client.transaction = (w) => {
    n += 2;
    return transaction((tx) => w({ query: (...args) => { n++; return tx.query(...args); } }));
  };
  try {
    await work();
    return n;
  } finally {
    Object.assign(client, { query, transaction });
  }
}

const add = (listId: string, name: string, headers: Record<string, string> = {}) => ada.call(api.addItem, {
  body: { name, quantity: 1, unit: null, category: null, listId, familyId: ada.user.familyId }, headers,
});

it('sends the session lookup, the write rate, BEGIN, the list\'s lock, the category\'s read, one add and COMMIT; with a key, its claim too', async () => {
  const listId = await newList(ada);
  await add(listId, 'Warm-up');
  const statuses: number[] = [];
  const sent = (name: string, headers?: Record<string, string>) => statementsSent(async () => {
    statuses.push((await add(listId, name, headers)).status);
  });
  // Milk's aisle is new to the family: its category is written and read back (3 more) before the add.
  const counts = [await sent('Milk'), await sent('milk')];
  const key = { [idempotencyHeader]: crypto.randomUUID() };
  counts.push(await sent('Eggs', key));
  // A repeat: its claim fails the transaction (the lock and the add sent with it fail too), then the answer is read.
  counts.push(await sent('Eggs', key));
  expect(counts).toEqual([9, 7, 8, 8]);
  expect(statuses).toEqual([201, 201, 201, 201]);
});
