import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rawRows } from './client.ts';
import { transactionWithFinalWrite } from './final-write.ts';
import { isUniqueViolation } from './tenancy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table pantry (id int primary key, name text not null)`);
});
afterAll(async () => { await t.close(); });

const names = async () =>
  (await rawRows<{ name: string }>(t.db, sql`select name from pantry order by id`)).map((r) => r.name);

describe('a transaction whose final write goes with its commit', () => {
  it('commits the final write with the rest and answers the work\'s result', async () => {
    const result = await transactionWithFinalWrite(t.db, async (tx) => {
      await tx.execute(sql`insert into pantry values (1, 'flour')`);
      return { result: 'stocked', final: tx.execute(sql`insert into pantry values (2, 'salt')`) };
    });
    expect(result).toBe('stocked');
    expect(await names()).toEqual(['flour', 'salt']);
  });

  it('throws the final write\'s own failure, not the commit\'s, and keeps nothing of the transaction', async () => {
    const failure = await transactionWithFinalWrite(t.db, async (tx) => {
      await tx.execute(sql`insert into pantry values (3, 'sugar')`);
      return { result: 'stocked', final: tx.execute(sql`insert into pantry values (1, 'flour again')`) };
    }).then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await names()).toEqual(['flour', 'salt']);
  });

  it('rolls back a failure of the work before the final write, with the work\'s own error', async () => {
    const failure = await transactionWithFinalWrite(t.db, async (tx) => {
      await tx.execute(sql`insert into pantry values (4, 'yeast')`);
      throw new Error('the list is gone');
    }).then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ message: 'the list is gone' });
    expect(await names()).toEqual(['flour', 'salt']);
  });
});
