import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * On PostgreSQL, a transaction may send statements together. The pool's connections pipeline them, the driver's supported way: sent otherwise, pg
 * queues them one after another and warns that pg@9 will not. Run in a process of its own, since the driver warns
 * once per process.
 */
it('sends a transaction\'s statements together without the driver\'s deprecation warning', () => {
  const url = process.env.TEST_DATABASE_URL;
  expect(url).toBeTruthy();
  const client = fileURLToPath(new URL('./client.ts', import.meta.url));
  const script = `
    import { sql } from 'drizzle-orm';
    import { openPostgres } from ${JSON.stringify(client)};
    const database = await openPostgres(process.env.TEST_DATABASE_URL);
    const answers = await database.db.transaction((tx) => Promise.all(
      [1, 2, 3].map((n) => tx.execute(sql\`select \${n}::int as n\`)),
    ));
    console.log(JSON.stringify(answers.map((a) => a.rows[0].n)));
    await database.close();
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', env: { ...process.env, TEST_DATABASE_URL: url },
  });
  expect(run.stderr).not.toMatch(/deprecat/i);
  expect(run.status).toBe(0);
  expect(run.stdout.trim()).toBe('[1,2,3]');
});
