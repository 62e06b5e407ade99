import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { serverNodeFlags } from '../node-flags.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

it('starts the server with its Node flags from npm start, npm run dev and the container', () => {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  expect(scripts.start).toContain(`node ${serverNodeFlags.join(' ')} server/main.ts`);
  expect(scripts.dev).toContain(`node ${serverNodeFlags.join(' ')} --watch server/main.ts`);
  const command = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
  expect(JSON.parse(command ?? 'null')).toEqual(['node', ...serverNodeFlags, 'server/main.ts']);
});
