/**
 * Runs every benchmark in this folder, one after another (`npm run bench`), after installing what only the benches
 * use (this folder's package.json, `npm run bench:install`) when it is missing or its lock changed. Each benchmark
 * prints its own numbers; DATABASE_URL (a PostgreSQL server URL) adds a PostgreSQL run to those that support it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
// npm writes node_modules/.package-lock.json at each install: older than the lock, the install is out of date.
const installed = `${dir}node_modules/.package-lock.json`;
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(`${dir}package-lock.json`).mtimeMs) {
  const install = spawnSync('npm', ['run', 'bench:install'], { cwd: `${dir}../..`, stdio: 'inherit' });
  if (install.status !== 0) process.exit(1);
}
const benches = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run.ts').sort();
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== bench: ${bench}`);
  const result = spawnSync(process.execPath, [`${dir}${bench}`], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
