import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '@hearth/contract/endpoint';

const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));

/** Every endpoint the contract declares, read from its files: a new feature's calls are found without a line here. */
export async function contractEndpoints(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = await import(`${contractDir}${file}`) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const e = value as Partial<Endpoint>;
      if (typeof e?.path === 'string' && typeof e.method === 'string' && e.response) found.push(e as Endpoint);
    }
  }
  return found;
}
