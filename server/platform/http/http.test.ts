import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'hearth-dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Hearth</title>');
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => { await t.close(); });

describe('serving', () => {
  it('answers client routes with the web app (SPA fallback)', async () => {
    for (const url of ['/', '/lists', '/list/123', '/no/such/page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Hearth</title>');
    }
  });

  it('sends hashed assets precompressed and cached for a year, and index.html revalidated every time', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    for (const url of ['/', '/lists']) {
      expect((await t.app.inject({ url })).headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the contract at /api/docs', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/login'].post).toBeDefined();
    expect(doc.paths['/auth/request-code'].post).toBeDefined();
    expect(doc.paths['/api/superadmin/users/{id}/approve'].put).toBeDefined();
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers malformed JSON with a 400 and a message, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/login', payload: '{"email":', headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});
