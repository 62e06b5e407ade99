import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres, type Database } from './db/client.ts';
import { Realtime, type Change } from './realtime.ts';
import { createPostgresDatabase, openTestDatabase } from '../test/databases.ts';
import { engine } from '../test/harness.ts';

const familyA = '00000000-0000-4000-8000-00000000000a';
const familyB = '00000000-0000-4000-8000-00000000000b';

let writer: Database;
/** Where another server process would listen: a second connection on PostgreSQL; PGlite lives in one process. */
let reader: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (engine === 'postgres') {
    const created = await createPostgresDatabase(inject('templates'));
    writer = await openPostgres(created.url);
    reader = await openPostgres(created.url);
    cleanup = async () => {
      await writer.close();
      await reader.close();
      await created.drop();
    };
  } else {
    writer = await openTestDatabase('pglite', inject('templates'));
    reader = writer;
    cleanup = () => writer.close();
  }
});
afterAll(async () => { await cleanup(); });

function collect(realtime: Realtime, familyId: string): Change[] {
  const received: Change[] = [];
  realtime.subscribe(familyId, (change) => received.push(change));
  return received;
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime over LISTEN/NOTIFY', () => {
  it('delivers a change published by one server to another, only to the change\'s family', async () => {
    const publisher = new Realtime(writer);
    const listener = new Realtime(reader);
    await listener.start();
    try {
      const a = collect(listener, familyA);
      const b = collect(listener, familyB);
      await publisher.publish(writer.db, { familyId: familyA, topic: 'grocery', kind: 'add_grocery_item', id: 'x' });
      await until(() => a.length === 1);
      expect(a[0]).toMatchObject({ familyId: familyA, topic: 'grocery', kind: 'add_grocery_item', id: 'x' });
      await new Promise((r) => setTimeout(r, 100));
      expect(b).toHaveLength(0);
    } finally {
      await listener.stop();
    }
  });

  it('delivers a change published in a transaction on commit, and never on rollback', async () => {
    const publisher = new Realtime(writer);
    const listener = new Realtime(reader);
    await listener.start();
    try {
      const a = collect(listener, familyA);
      await writer.db.transaction(async (tx) => {
        await publisher.publish(tx, { familyId: familyA, topic: 'grocery', kind: 'item_updated' });
      });
      await writer.db.transaction(async (tx) => {
        await publisher.publish(tx, { familyId: familyA, topic: 'grocery', kind: 'item_deleted' });
        tx.rollback();
      }).catch(() => undefined);
      await until(() => a.length >= 1);
      await new Promise((r) => setTimeout(r, 150));
      expect(a.map((c) => c.kind)).toEqual(['item_updated']);
    } finally {
      await listener.stop();
    }
  });
});
