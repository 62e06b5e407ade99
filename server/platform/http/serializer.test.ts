import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from './serializer.ts';

const compile = (schema: z.ZodType) =>
  compiledSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

const Item = z.object({
  id: z.uuid(),
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  recurrence: z.enum(['none', 'weekly']),
  recurringItemId: z.uuid().nullable().optional(),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
});

describe('compiled serializer', () => {
  it('writes the same JSON as the contract check for a valid answer', () => {
    const items = [
      { id: crypto.randomUUID(), name: 'Milk "2%"', quantity: 1.5, unit: null, recurrence: 'weekly', tags: [] },
      { id: crypto.randomUUID(), name: 'Eggs', quantity: null, unit: 'dozen', recurrence: 'none', recurringItemId: null,
        tags: [{ id: 't', name: 'dairy' }] },
    ];
    const schema = z.array(Item);
    expect(JSON.parse(compile(schema)(items))).toEqual(schema.parse(items));
  });

  it('never writes a field the contract does not declare', () => {
    const row = { id: crypto.randomUUID(), name: 'Ada', quantity: 0, unit: null, recurrence: 'none', tags: [],
      passwordHash: '$argon2id$secret', familyId: 'other' };
    const out = compile(Item)(row);
    expect(out).not.toContain('argon2id');
    expect(Object.keys(JSON.parse(out))).not.toContain('familyId');
  });

  it('compiles every response schema of the contract', async () => {
    const dir = fileURLToPath(new URL('../../../contract/', import.meta.url));
    let compiled = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = await import(`${dir}${file}`) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const endpoint = value as { method?: string; path?: string; response?: z.ZodType };
        if (typeof endpoint?.path !== 'string' || !endpoint.response) continue;
        expect(() => compile(endpoint.response!), `${endpoint.method} ${endpoint.path}`).not.toThrow();
        compiled++;
      }
    }
    expect(compiled).toBeGreaterThan(40);
  });
});
