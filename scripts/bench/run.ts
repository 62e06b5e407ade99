/**
 * Runs every benchmark in this folder, one after another (`npm run bench`). Each benchmark prints its own
 * numbers; DATABASE_URL (a PostgreSQL server URL) adds a PostgreSQL run to those that support it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run.ts').sort();
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== bench: ${bench}`);
  const result = spawnSync(process.execPath, [`${dir}${bench}`], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
