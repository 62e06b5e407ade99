import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@hearth/contract/errors';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'hearth-dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Hearth</title>');
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(dist, 'assets', 'app-abc123.js.map'), '{"sources":["secret.ts"]}');
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Hearth"}');
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

  it('revalidates the service worker and the manifest, so a new version is found (never cached as immutable)', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
    }
  });

  it('lets the app register its service worker and manifest from its own origin only', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('lets images come from this origin and from memory only: a recipe photo fetched with the token (blob:), an imported one (data:)', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob:");
  });

  it('keeps source maps on the server', async () => {
    const map = await t.app.inject({ url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('sends a strict content security policy and no referrer, and HSTS only over HTTPS', async () => {
    for (const url of ['/', '/api/me', '/assets/app-abc123.js']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const https = await proxied.app.inject({ url: '/api/me', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const spoofed = await t.app.inject({ url: '/api/me', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('refuses NUL and lone surrogates anywhere in a request with 400 and a message, before any sign-in', async () => {
    for (const name of ['Ada\u0000', 'Ada\uD800', '\uDC00Ada']) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name, email: 'ada@example.test', password: 'Sunny-Kitchen-42' }),
      });
      expect([res.statusCode, res.json()]).toEqual([400, { code: 'VALIDATION', message: errorMessages.brokenText }]);
    }
    const path = await t.app.inject({ method: 'DELETE', url: '/api/family/invite/a%00b' });
    expect([path.statusCode, path.json().message]).toEqual([400, errorMessages.brokenText]);
    const paired = await t.app.inject({
      method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Ada 💥', email: 'not-an-email', password: 'x' }),
    });
    expect(paired.json().message).not.toBe(errorMessages.brokenText);
  });

  it('answers the router\'s and the HTTP parser\'s own refusals as { code, message }', async () => {
    const long = await t.app.inject({ url: `/api/meals/${'a'.repeat(500)}` });
    expect([long.statusCode, long.json().code]).toEqual([414, 'VALIDATION']);
    const encoding = await t.app.inject({ url: '/api/meals/%E0%A4%A' });
    expect([encoding.statusCode, encoding.json().code]).toEqual([400, 'VALIDATION']);
    const big = await t.app.inject({
      method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(2_000_000),
    });
    expect([big.statusCode, big.json()]).toEqual([413, { code: 'TOO_LARGE', message: errorMessages.bodyTooLarge }]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`x-big-${i}`, 'x'.repeat(20_000)]));
    const huge = await fetch(`http://127.0.0.1:${port}/api/me`, { headers });
    expect([huge.status, await huge.json()]).toEqual([431, { code: 'VALIDATION', message: errorMessages.headersTooLarge }]);
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

  it('serves the API explorer over plain HTTP too: no page asks the browser to upgrade its requests to HTTPS', async () => {
    const docs = await t.app.inject({ url: '/api/docs' });
    expect([docs.statusCode, docs.headers['content-type']]).toEqual([200, expect.stringContaining('text/html')]);
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js', '/', '/api/me']) {
      const csp = String((await t.app.inject({ url })).headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('answers malformed JSON with a 400 and a message, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/login', payload: '{"email":', headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});
