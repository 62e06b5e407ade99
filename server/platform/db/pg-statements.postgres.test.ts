import { afterEach, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { meals } from './schema.ts';
import { openPostgres, rawRows } from './client.ts';
import { preparedOn } from './prepared.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { StatementNames } from './pg-statements.ts';

/**
 * On a PostgreSQL server with PG_PREPARED_STATEMENTS=true, a statement the app sends again runs as a named prepared
 * statement, parsed once per connection (`StatementNames`); every answer stays what the unnamed statement answered.
 * Without it (the default), no statement is named, not even drizzle's prepared queries: a pooler in transaction mode
 * would send a name to a connection that never parsed it.
 */

const url = process.env.TEST_DATABASE_URL!;
const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end()));
});

async function connected(names: StatementNames): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  names.adopt(client);
  return client;
}

/** The connection's prepared statements (a statement without parameters, which is never named). */
async function prepared(client: pg.Client): Promise<{ name: string; statement: string }[]> {
  return (await client.query('select name, statement from pg_prepared_statements order by statement')).rows;
}

const plusOne = 'select $1::int + 1 as n';

describe('statement names', () => {
  it('run a statement sent a second time under a name from its text, parsed once on the connection', async () => {
    const client = await connected(new StatementNames());
    expect((await client.query(plusOne, [1])).rows).toEqual([{ n: 2 }]);
    expect(await prepared(client)).toEqual([]);
    expect((await client.query(plusOne, [2])).rows).toEqual([{ n: 3 }]);
    expect((await client.query({ text: plusOne, values: [3] })).rows).toEqual([{ n: 4 }]);
    const [statement, ...others] = await prepared(client);
    expect(others).toEqual([]);
    expect(statement).toEqual({ name: expect.stringMatching(/^hearth_[0-9a-f]{32}$/), statement: plusOne });
  });

  it('give every connection the same name for a text, each parsing it once', async () => {
    const names = new StatementNames();
    const [first, second] = [await connected(names), await connected(names)];
    for (const client of [first, second, first, second]) expect((await client.query(plusOne, [1])).rows).toEqual([{ n: 2 }]);
    const [a] = await prepared(first);
    expect(await prepared(second)).toEqual([a]);
  });

  it('name at most the connection\'s bound of texts, and answer the rest unnamed', async () => {
    const client = await connected(new StatementNames(2));
    const texts = [1, 2, 3].map((k) => `select $1::int + ${k} as n`);
    for (let round = 0; round < 3; round++) {
      for (const [k, text] of texts.entries()) expect((await client.query(text, [10])).rows).toEqual([{ n: 11 + k }]);
    }
    expect((await prepared(client)).map((p) => p.statement)).toEqual(texts.slice(0, 2));
  });

  it('leave statements without parameters, those their caller named, and query objects as they are', async () => {
    const client = await connected(new StatementNames());
    for (let round = 0; round < 2; round++) {
      expect((await client.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
      expect((await client.query({ name: 'callers_own', text: plusOne, values: [5] })).rows).toEqual([{ n: 6 }]);
      const own = new pg.Query('select $1::int * 2 as n', [21]);
      const answered = new Promise((resolve, reject) => { own.on('end', resolve); own.on('error', reject); });
      client.query(own);
      expect(((await answered) as pg.QueryResult).rows).toEqual([{ n: 42 }]);
    }
    expect(await prepared(client)).toEqual([{ name: 'callers_own', statement: plusOne }]);
  });

  it('parse a statement again whose first named sending failed in an aborted transaction', async () => {
    const client = await connected(new StatementNames());
    await client.query(plusOne, [1]);
    await client.query('begin');
    await expect(client.query('select no_such_column')).rejects.toThrow(/no_such_column/);
    await expect(client.query(plusOne, [2])).rejects.toThrow(/aborted/);
    await client.query('rollback');
    expect((await client.query(plusOne, [3])).rows).toEqual([{ n: 4 }]);
    expect((await prepared(client)).map((p) => p.statement)).toEqual([plusOne]);
  });

  it('keep a statement named in a transaction that rolled back', async () => {
    const client = await connected(new StatementNames());
    await client.query('begin');
    await client.query(plusOne, [1]);
    await client.query(plusOne, [2]);
    await client.query('rollback');
    expect((await client.query(plusOne, [3])).rows).toEqual([{ n: 4 }]);
    expect((await prepared(client)).map((p) => p.statement)).toEqual([plusOne]);
  });
});

describe('the app\'s connections to a PostgreSQL server', () => {
  /** Sends a repeated raw statement and a drizzle prepared query (a hot read's) three times each. */
  async function sendAgain(preparedStatements: boolean) {
    const created = await createPostgresDatabase(inject('templates'));
    const database = await openPostgres(created.url, { max: 1, preparedStatements });
    try {
      const text = sql`select ${7}::int * 6 as n`;
      const hot = () => preparedOn(database.db, 'test_meals', (q, name) =>
        q.select({ id: meals.id }).from(meals).where(eq(meals.familyId, sql.placeholder('familyId'))).prepare(name));
      for (let round = 0; round < 3; round++) {
        expect(await rawRows(database.db, text)).toEqual([{ n: 42 }]);
        expect(await hot().execute({ familyId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
      }
      return await rawRows<{ name: string; statement: string }>(
        database.db, sql.raw('select name, statement from pg_prepared_statements order by name'),
      );
    } finally {
      await database.close();
      await created.drop();
    }
  }

  it('name no statement by default, drizzle\'s prepared queries included', async () => {
    expect(await sendAgain(false)).toEqual([]);
  });

  it('with PG_PREPARED_STATEMENTS, name the statements they send again and drizzle\'s prepared queries', async () => {
    expect(await sendAgain(true)).toEqual([
      { name: expect.stringMatching(/^hearth_/), statement: 'select $1::int * 6 as n' },
      { name: 'test_meals', statement: expect.stringContaining('from "meals"') },
    ]);
  });
});
