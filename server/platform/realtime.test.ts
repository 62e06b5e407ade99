import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Database, type Queryable } from './db/client.ts';
import { families, familyMembers, sessions, users } from './db/schema.ts';
import { Realtime, type Change } from './realtime.ts';
import { createPostgresDatabase, openTestDatabase } from '../test/databases.ts';
import { engine } from '../test/harness.ts';
import { until } from '../test/until.ts';

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

const publish = (realtime: Realtime, q: Queryable, change: Change) => q.execute(sql`select ${realtime.publishing([change])}`);

function collect(realtime: Realtime, familyId: string): Change[] {
  const received: Change[] = [];
  realtime.subscribe(familyId, (change) => received.push(change));
  return received;
}

/** Runs `work` with a publishing server and a listening one (on PostgreSQL, another connection). */
async function listening(work: (publisher: Realtime, listener: Realtime) => Promise<void>): Promise<void> {
  const publisher = new Realtime(writer);
  const listener = new Realtime(reader);
  await listener.start();
  try {
    await work(publisher, listener);
  } finally {
    await listener.stop();
  }
}

describe('realtime over LISTEN/NOTIFY', () => {
  it('delivers a change published by one server to another, only to the change\'s family', async () => {
    await listening(async (publisher, listener) => {
      const a = collect(listener, familyA);
      const b = collect(listener, familyB);
      await publish(publisher, writer.db, { familyId: familyA, topic: 'grocery', kind: 'add_grocery_item', id: 'x' });
      await until(() => a.length === 1, 'the change in family A');
      expect(a[0]).toMatchObject({ familyId: familyA, topic: 'grocery', kind: 'add_grocery_item', id: 'x' });
      await new Promise((r) => setTimeout(r, 100));
      expect(b).toHaveLength(0);
    });
  });

  it('delivers a change published in a transaction on commit, and never on rollback', async () => {
    await listening(async (publisher, listener) => {
      const a = collect(listener, familyA);
      await writer.db.transaction(async (tx) => {
        await publish(publisher, tx, { familyId: familyA, topic: 'grocery', kind: 'item_updated' });
      });
      await writer.db.transaction(async (tx) => {
        await publish(publisher, tx, { familyId: familyA, topic: 'grocery', kind: 'item_deleted' });
        tx.rollback();
      }).catch(() => undefined);
      await until(() => a.length >= 1, 'the committed change');
      await new Promise((r) => setTimeout(r, 150));
      expect(a.map((c) => c.kind)).toEqual(['item_updated']);
    });
  });

  it('delivers every change of one statement, in order, as one notification', async () => {
    await listening(async (publisher, listener) => {
      const a = collect(listener, familyA);
      const changes: Change[] = [
        { familyId: familyA, topic: 'grocery', kind: 'add_grocery_item', id: '00000000-0000-4000-8000-000000000003',
          listId: '00000000-0000-4000-8000-000000000001', byUserId: '00000000-0000-4000-8000-000000000002' },
        { familyId: familyA, topic: 'meals', kind: 'recipe_items_added', id: '00000000-0000-4000-8000-000000000004' },
      ];
      await writer.db.execute(sql`select ${publisher.publishing(changes)}`);
      await until(() => a.length === changes.length, 'both changes');
      expect(a).toEqual(changes);
    });
  });

  it('tells every server when a user\'s session is revoked or membership ends, from the database itself', async () => {
    const listener = new Realtime(reader);
    await listener.start();
    try {
      const [user] = await writer.db.insert(users).values({
        email: `access-${Date.now()}@example.test`, name: 'Access', passwordHash: 'x', status: 'ACTIVE',
      }).returning();
      const [family] = await writer.db.insert(families).values({ name: 'Access family' }).returning();
      const heard: string[] = [];
      listener.onAccessChange(user!.id, () => heard.push('changed'));
      const [member] = await writer.db.insert(familyMembers)
        .values({ familyId: family!.id, userId: user!.id, name: 'Access', permissionLevel: 'EDIT' }).returning();
      const [session] = await writer.db.insert(sessions)
        .values({ userId: user!.id, tokenHash: `h-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000) }).returning();
      await new Promise((r) => setTimeout(r, 150));
      expect(heard).toEqual([]);
      await writer.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session!.id));
      await until(() => heard.length === 1, 'the revoked session to be told');
      await writer.db.delete(familyMembers).where(eq(familyMembers.id, member!.id));
      await until(() => heard.length === 2, 'the ended membership to be told');
      await writer.db.update(users).set({ status: 'REJECTED' }).where(eq(users.id, user!.id));
      await until(() => heard.length === 3, 'the rejected user to be told');
    } finally {
      await listener.stop();
    }
  });
});
