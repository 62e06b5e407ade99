import { describe, expect, it } from 'vitest';
import { PreparedStatements } from './statements.ts';
import { pantryEngine } from './testing.ts';

const engine = pantryEngine();
const { prepared } = engine;

describe('prepared statements on PGlite', () => {
  it('gives two sets on one PGlite names of their own', async () => {
    const [first, second] = [new PreparedStatements(engine.db()), new PreparedStatements(engine.db())];
    expect((await first.query('select 1 as n', [], {}, false)).rows).toEqual([{ n: 1 }]);
    expect((await second.query('select 2 as n', [], {}, false)).rows).toEqual([{ n: 2 }]);
    expect(new Set((await prepared()).map((row) => row.name)).size).toBe(2);
  });

  it('sends and answers values of every kind as PGlite\'s own query does', async () => {
    const statements = new PreparedStatements(engine.db());
    const text = `select $1::timestamptz as at, $2::int as n, $3::text as s, $4::text as nothing, $5::bool as yes,
      $6::jsonb as doc, $7::int[] as ids, $8::numeric as price, $9::date as day`;
    const params = [new Date('2026-11-24T10:30:00Z'), 7, 'it\'s', null, false, { a: [1, 'b'] }, [3, 4], '2.50',
      '2026-11-24'];
    for (const rowMode of ['object', 'array'] as const) {
      expect((await statements.query(text, params, { rowMode }, false)).rows)
        .toEqual((await engine.db().query(text, params, { rowMode })).rows);
    }
  });

  it('keeps no refused text, and a text prepared in a rolled-back transaction still runs after it', async () => {
    const statements = new PreparedStatements(engine.db());
    await expect(statements.query('selec 1', [], {}, false)).rejects.toMatchObject({ code: '42601' });
    expect(statements.size).toBe(0);
    const insert = 'insert into pantry values ($1, $2)';
    await expect(engine.db().transaction(async () => {
      await statements.query(insert, [1, 'yeast'], {}, true);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect((await engine.db().query('select count(*)::int as n from pantry')).rows).toEqual([{ n: 0 }]);
    await statements.query(insert, [2, 'sugar'], {}, false);
    await expect(statements.query(insert, [2, 'again'], {}, false)).rejects.toMatchObject({ code: '23505' });
    expect((await engine.db().query('select name from pantry')).rows).toEqual([{ name: 'sugar' }]);
    expect(statements.size).toBe(1);
    await engine.db().exec('delete from pantry');
  });

  it('answers results, long ones too, and refusals as PGlite\'s own query does', async () => {
    const statements = new PreparedStatements(engine.db());
    const insert = 'insert into pantry select g, \'item \' || g from generate_series(1, $1::int) g';
    expect(await statements.query(insert, [3000], {}, false))
      .toMatchObject({ affectedRows: 3000, command: 'INSERT', rows: [], fields: [] });
    // ~90 kB of rows: more than the answer buffer holds at first.
    for (const rowMode of [undefined, 'array'] as const) {
      const text = 'select id, name, id % 7 = 0 as lucky, null::text as nothing from pantry where id > $1 order by id';
      const own = await engine.db().query(text, [0], { rowMode });
      const mine = await statements.query(text, [0], { rowMode }, false);
      expect([mine.rows.length, mine.rows, mine.fields]).toEqual([3000, own.rows, own.fields]);
    }
    // An answer past the buffer's kept size, then a short one read from the fresh buffer.
    const long = await statements.query('select repeat($1, 3000000) as text', ['x'], {}, false);
    expect((long.rows[0] as { text: string }).text).toHaveLength(3_000_000);
    expect((await statements.query('select $1::text as s', ['short'], {}, false)).rows).toEqual([{ s: 'short' }]);
    const update = 'update pantry set name = name || \'!\' where id <= $1';
    expect(await statements.query(update, [10], {}, false)).toMatchObject({ affectedRows: 10, command: 'UPDATE' });
    expect(await statements.query('delete from pantry where id > $1', [0], {}, false))
      .toMatchObject({ affectedRows: 3000, command: 'DELETE' });
    await statements.query('insert into pantry values ($1, $2)', [1, 'flour'], {}, false);
    const refusal = (error: unknown) => {
      const { message, name, code, severity, detail, constraint, table, schema, routine } = error as Record<string, unknown>;
      return { message, name, code, severity, detail, constraint, table, schema, routine };
    };
    const [own, mine] = await Promise.all([
      engine.db().query('insert into pantry values ($1, $2)', [1, 'again']).catch(refusal),
      statements.query('insert into pantry values ($1, $2)', [1, 'again'], {}, false).catch(refusal),
    ]);
    expect(mine).toEqual(own);
    expect(mine).toMatchObject({ code: '23505', constraint: 'pantry_pkey', detail: 'Key (id)=(1) already exists.' });
    await engine.db().exec('delete from pantry');
  });

  it('delivers what NOTIFY sends to its listeners once the transaction commits, and stops on unlisten', async () => {
    const statements = new PreparedStatements(engine.db());
    const heard: string[] = [];
    const also: string[] = [];
    // Both wait for the channel's one LISTEN.
    const [stop, stopAlso] = await Promise.all([
      statements.listen('pantry "changes"', (payload) => heard.push(payload)),
      statements.listen('pantry "changes"', (payload) => also.push(payload)),
    ]);
    expect((await engine.db().query('select pg_listening_channels() as c')).rows).toEqual([{ c: 'pantry "changes"' }]);
    const notify = 'select pg_notify($1, $2)';
    await statements.transaction(async () => {
      await statements.query(notify, ['pantry "changes"', 'first'], {}, true);
      await statements.query(notify, ['elsewhere', 'not ours'], {}, true);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(heard).toEqual([]);
      await statements.query(notify, ['pantry "changes"', 'second'], {}, true);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toEqual(['first', 'second']);
    expect(also).toEqual(['first', 'second']);
    await stop();
    await statements.query(notify, ['pantry "changes"', 'only the other'], {}, false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([heard.length, also.at(-1)]).toEqual([2, 'only the other']);
    await stopAlso();
    await statements.query(notify, ['pantry "changes"', 'third'], {}, false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toEqual(['first', 'second']);
    expect((await engine.db().query('select pg_listening_channels() as c')).rows).toEqual([]);
  });
});
