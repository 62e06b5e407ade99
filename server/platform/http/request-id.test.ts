import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { contextLog, requestId, tagRequests } from './request-id.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logTo: { write: (line) => lines.push(JSON.parse(line)) } });
});
afterAll(async () => { await t.close(); });

const idOf = async (headers: Record<string, string> = {}, url = '/api/health') =>
  String((await t.app.inject({ url, headers })).headers['x-request-id']);

describe('request ids', () => {
  it('answers with the id the client sent when it is 1 to 128 plain characters', async () => {
    for (const id of ['trace-42', 'a1b2.c3:d4/e5+f6=g7@h8_i9', 'x'.repeat(128)]) {
      expect(await idOf({ 'x-request-id': id })).toBe(id);
    }
  });

  it('makes a random id instead of one too long, empty or with spaces or control characters', async () => {
    for (const id of ['x'.repeat(129), '', 'two words', 'line\tbreak', 'quote"d']) {
      const answered = await idOf({ 'x-request-id': id });
      expect(answered).toMatch(uuid);
    }
  });

  it('makes ids that never repeat, also across apps (a counter would start again in each process)', async () => {
    const other = await createTestApp();
    try {
      const ids = await Promise.all([
        ...Array.from({ length: 100 }, () => idOf()),
        ...Array.from({ length: 100 }, async () => String((await other.app.inject({ url: '/api/health' })).headers['x-request-id'])),
      ]);
      expect(ids.every((id) => uuid.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('writes the id on every log line of the request, refusals included', async () => {
    const linesOf = async (id: string, url: string) => {
      const from = lines.length;
      await idOf({ 'x-request-id': id }, url);
      return lines.slice(from);
    };
    for (const [id, url] of [['logged-1', '/api/no-such-route'], ['logged-2', '/api/me']]) {
      const written = await linesOf(id!, url!);
      expect(written.length).toBeGreaterThanOrEqual(2);
      expect(written.map((line) => line.reqId)).toEqual(written.map(() => id));
    }
  });

  it('writes it on lines a feature logs through the app\'s logger while serving the request, and on no others', async () => {
    const written: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => written.push(JSON.parse(line)) } }, genReqId: requestId });
    tagRequests(app);
    const log = contextLog(app.log);
    app.get('/work', async () => {
      await new Promise((r) => setTimeout(r, 5));
      log.info('inside');
      return {};
    });
    log.info('outside');
    await app.inject({ url: '/work', headers: { 'x-request-id': 'feature-1' } });
    await app.close();
    expect(written.find((line) => line.msg === 'inside')?.reqId).toBe('feature-1');
    expect(written.find((line) => line.msg === 'outside')).not.toHaveProperty('reqId');
  });
});
