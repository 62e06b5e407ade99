import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch, SafeFetchError } from './safe-fetch.ts';

let site: Server;
let port: number;
const hits: string[] = [];
beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/redirect') res.writeHead(302, { location: url.searchParams.get('to')! }).end();
    else if (url.pathname === '/slow') setTimeout(() => res.end('late'), 2000);
    else if (url.pathname === '/big') res.end('x'.repeat(5000));
    else res.end('<p>ok</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** The loopback site plays a public one: only its exact address is let through, every other is judged for real. */
const sitePolicy = { allowAddress: (a: string) => a === '127.0.0.1' || isPublicAddress(a) };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return (error as SafeFetchError).reason;
  }
  throw new Error('fetched');
}

describe('which addresses are public', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and reserved ranges, IPv4 and IPv6', () => {
    const refused = [
      '127.0.0.1', '127.8.9.10', '10.0.0.1', '10.255.255.255', '172.16.0.1', '192.168.0.1', '169.254.169.254',
      '100.100.100.200', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1',
      'fd00:ec2::254', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '2001:db8::1',
      '64:ff9b::a00:1', '2002:a00:1::1', 'not an address',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('safe fetching', () => {
  it('fetches an allowed page and follows a redirect to another allowed address', async () => {
    const page = await safeFetch(`http://127.0.0.1:${port}/redirect?to=/page`, sitePolicy);
    expect(page).toMatchObject({ url: `http://127.0.0.1:${port}/page`, body: '<p>ok</p>' });
  });

  it('refuses a redirect to loopback, 10.0.0.0/8 or 169.254.169.254, by literal or by name, without connecting', async () => {
    const targets = [
      `http://127.0.0.2:${port}/page`, `http://[::1]:${port}/page`,
      'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd',
    ];
    for (const to of targets) {
      hits.length = 0;
      expect(await refusal(safeFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`, sitePolicy)), to).toBe('refused');
      expect(hits).toEqual(['/redirect']);
    }
  });

  it('checks the addresses a name resolves to when connecting, so a rebinding answer is refused', async () => {
    let answers = 0;
    // A rebinding resolver: the site's address the first time it is asked, loopback after. Only the connection asks.
    const resolve = async () => [{ address: answers++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    expect((await safeFetch(`http://rebind.test:${port}/page`, { ...sitePolicy, resolve })).body).toBe('<p>ok</p>');
    expect(answers).toBe(1);
    hits.length = 0;
    expect(await refusal(safeFetch(`http://rebind.test:${port}/page`, { ...sitePolicy, resolve }))).toBe('refused');
    const mixed = async () => [{ address: '127.0.0.1', family: 4 }, { address: '10.0.0.1', family: 4 }];
    expect(await refusal(safeFetch(`http://mixed.test:${port}/page`, { ...sitePolicy, resolve: mixed }))).toBe('refused');
    expect(hits).toEqual([]);
  });

  it('stops after 3 redirects, at the deadline and past the body cap', async () => {
    const hop = (to: string) => `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`;
    const three = hop(hop(hop('/page')));
    expect((await safeFetch(three, sitePolicy)).body).toBe('<p>ok</p>');
    expect(await refusal(safeFetch(hop(three), sitePolicy))).toBe('unreachable');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/slow`, { ...sitePolicy, timeoutMs: 200 }))).toBe('unreachable');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/big`, { ...sitePolicy, maxBytes: 4000 }))).toBe('unreachable');
  });
});
