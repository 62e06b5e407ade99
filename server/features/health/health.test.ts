import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as healthApi from '@hearth/contract/health';
import { notReadyMessages } from '@hearth/contract/health';
import { rawRows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('GET /api/health and GET /api/ready', () => {
  it('answers that the process is alive, without a session', async () => {
    const res = await t.call(healthApi.health);
    expect([res.status, res.body]).toEqual([200, { status: 'ok' }]);
  });

  it('answers ready when the database answers with every migration applied', async () => {
    const res = await t.call(healthApi.ready);
    expect([res.status, res.body]).toEqual([200, { status: 'ready' }]);
  });

  it('answers 503 while the database lacks the last migration', async () => {
    const [last] = await rawRows<{ id: number; hash: string; created_at: string }>(t.db, sql`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`);
    try {
      const res = await t.call(healthApi.ready);
      expect([res.status, res.body]).toEqual([503, { code: 'UNAVAILABLE', message: notReadyMessages.migrationsMissing }]);
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await t.call(healthApi.ready)).status).toBe(200);
  });

  it('keeps unknown paths under /api a 404, and lists both probes in the API document', async () => {
    for (const url of ['/api/healthz', '/api/ready/now', '/api']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
    }
    const paths = Object.keys((await t.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
  });
});

describe('GET /api/ready while the server shuts down', () => {
  it('answers 503 to a request that reaches the server once it has begun closing', async () => {
    const app = await createTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect((app.app.server.address() as AddressInfo).port, '127.0.0.1');
    let answers = '';
    socket.on('data', (chunk: Buffer) => { answers += chunk.toString(); });
    const closed = new Promise((r) => socket.once('close', r));
    await new Promise((r) => socket.once('connect', r));
    // A request still arriving keeps the server draining: the probe sent after it on the same connection is
    // answered while the server closes.
    const received = new Promise((r) => app.app.server.once('request', r));
    socket.write('POST /api/login HTTP/1.1\r\nHost: hearth\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await received;
    const closing = app.close();
    // The server stops listening once the close hooks have run.
    while (app.app.server.listening) await new Promise((r) => setTimeout(r, 10));
    socket.write('{}GET /api/ready HTTP/1.1\r\nHost: hearth\r\n\r\n');
    await closing;
    await closed;
    expect(answers).toMatch(/^HTTP\/1\.1 400 /);
    expect(answers).toContain('HTTP/1.1 503 ');
    expect(answers).toContain(JSON.stringify({ code: 'UNAVAILABLE', message: notReadyMessages.shuttingDown }));
  });
});
