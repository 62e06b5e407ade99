/**
 * Builds the web app only when its sources changed since the last build, so `npm start` starts in the server's
 * own time. The build records a hash of every source file it was made from in web/dist/.source-hash.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/precompress.ts', 'web/lean-contract.ts', 'contract',
  'package-lock.json'];
const stamp = join(root, 'web/dist/.source-hash');

function files(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const hash = createHash('sha256');
for (const file of sources.flatMap(files).sort()) hash.update(file).update('\0').update(readFileSync(join(root, file)));
const digest = hash.digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(join(root, 'web/dist/index.html'))) {
  console.log('Web app is up to date (web/dist).');
} else {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, digest);
}
