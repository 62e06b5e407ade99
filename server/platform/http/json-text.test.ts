import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@hearth/contract/endpoint';
import type { Deps } from '../deps.ts';
import { JsonText } from './json-text.ts';
import { route } from './route.ts';

const getNumbers = endpoint({
  method: 'GET', path: '/api/numbers', access: 'public', summary: 'Numbers',
  response: z.array(z.object({ id: z.string(), n: z.number() })),
});

async function answering(text: string, checkResponses: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  route(app, { checkResponses } as Deps, getNumbers, async () => new JsonText(text));
  const res = await app.inject({ method: 'GET', url: '/api/numbers' });
  await app.close();
  return res;
}

describe('an answer written as JSON text', () => {
  it('is sent as it is, as JSON', async () => {
    const text = '[{"id":"a","n":1},{"id":"b","n":2.5}]';
    for (const checkResponses of [true, false]) {
      const res = await answering(text, checkResponses);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(text);
    }
  });

  it('fails the contract check when it does not match, or carries a field the contract does not declare', async () => {
    for (const text of ['[{"id":"a","n":"1"}]', '[{"id":"a","n":1,"passwordHash":"x"}]', '{"id":"a","n":1}']) {
      const res = await answering(text, true);
      expect(res.statusCode, text).toBe(500);
      expect(res.body).not.toContain('passwordHash');
    }
  });
});
