import { describe, expect, it } from 'vitest';
import { PreparedStatements } from './statements.ts';
import { pantryEngine } from './testing.ts';

/**
 * How the prepared statements do their work: each text parsed once under a name, at most `capacity` kept. A
 * failure after a PGlite upgrade means the engine's statements work otherwise now (statements.test.ts says whether
 * they still answer right), and docs/performance.md says what this was measured to save.
 */

const engine = pantryEngine();
const { prepared } = engine;

const select = 'select name from pantry where id = $1';

describe('prepared statements on PGlite', () => {
  it('parses a text once under a name, then only binds it with each call\'s values', async () => {
    const statements = new PreparedStatements(engine.db());
    await engine.db().exec(`insert into pantry values (1, 'flour'), (2, 'salt')`);
    const names = [];
    for (const id of [1, 2, 3]) names.push((await statements.query(select, [id], {}, false)).rows);
    expect(names).toEqual([[{ name: 'flour' }], [{ name: 'salt' }], []]);
    expect(await prepared()).toEqual([{ name: expect.stringMatching(/^hearth_\d+$/), statement: select }]);
    expect(statements.size).toBe(1);
    await engine.db().exec('delete from pantry');
  });

  it('keeps at most its capacity, closing the least recently used, and prepares an evicted text again', async () => {
    const statements = new PreparedStatements(engine.db(), 2);
    const [a, b, c] = ['select 1 as n', 'select 2 as n', 'select 3 as n'];
    for (const text of [a, b, a, c]) await statements.query(text, [], {}, false);
    expect((await prepared()).map((row) => row.statement).sort()).toEqual([a, c]);
    expect((await statements.query(b, [], {}, false)).rows).toEqual([{ n: 2 }]);
    expect((await prepared()).map((row) => row.statement).sort()).toEqual([b, c]);
  });
});
