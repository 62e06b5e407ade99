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

/** Each address with the range it is in; only public unicast may be fetched. */
const addresses: [address: string, range: string, isPublic: boolean][] = [
  ['93.184.215.14', 'IPv4 unicast', true],
  ['1.1.1.1', 'IPv4 unicast', true],
  ['2606:4700:4700::1111', 'IPv6 global unicast (2000::/3)', true],
  ['2a00:1450:4001:82a::200e', 'IPv6 global unicast (2000::/3)', true],
  ['::ffff:8.8.8.8', 'IPv4-mapped, judged as its IPv4', true],
  ['127.0.0.1', 'loopback', false],
  ['127.8.9.10', 'loopback', false],
  ['10.0.0.1', 'private', false],
  ['10.255.255.255', 'private', false],
  ['172.16.0.1', 'private', false],
  ['192.168.0.1', 'private', false],
  ['169.254.169.254', 'link-local (cloud metadata)', false],
  ['100.100.100.200', 'carrier-grade NAT', false],
  ['0.0.0.0', 'unspecified', false],
  ['224.0.0.1', 'multicast', false],
  ['255.255.255.255', 'broadcast', false],
  ['192.0.2.1', 'reserved (documentation)', false],
  ['240.0.0.1', 'reserved', false],
  ['::1', 'IPv6 loopback', false],
  ['::', 'IPv6 unspecified', false],
  ['fe80::1', 'IPv6 link-local', false],
  ['fc00::1', 'IPv6 unique local', false],
  ['fd00:ec2::254', 'IPv6 unique local (cloud metadata)', false],
  ['fec0::1', 'IPv6 deprecated site-local', false],
  ['ff02::1', 'IPv6 multicast', false],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback', false],
  ['::ffff:10.0.0.1', 'IPv4-mapped private', false],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local', false],
  ['::127.0.0.1', 'IPv4-compatible (::/96, deprecated) loopback', false],
  ['::7f00:1', 'IPv4-compatible loopback, as a URL writes it', false],
  ['::a00:1', 'IPv4-compatible private', false],
  ['::a9fe:a9fe', 'IPv4-compatible link-local', false],
  ['::808:808', 'IPv4-compatible, even of a public address', false],
  ['::ffff:0:7f00:1', 'IPv4-translated (rfc6145)', false],
  ['64:ff9b::a00:1', 'NAT64 (rfc6052)', false],
  ['2002:a00:1::1', '6to4', false],
  ['2001::1', 'Teredo', false],
  ['2001:db8::1', 'IPv6 documentation', false],
  ['100::1', 'IPv6 discard', false],
  ['4000::1', 'IPv6 unassigned, outside 2000::/3', false],
  ['5f00::1', 'IPv6 segment routing', false],
  ['not an address', 'not an address', false],
];

describe('which addresses are public', () => {
  it.each(addresses)('%s (%s): public %s', (address, _range, isPublic) => {
    expect(isPublicAddress(address)).toBe(isPublic);
  });
});

describe('safe fetching', () => {
  it('fetches an allowed page and follows a redirect to another allowed address', async () => {
    const page = await safeFetch(`http://127.0.0.1:${port}/redirect?to=/page`, sitePolicy);
    expect(page).toMatchObject({ url: `http://127.0.0.1:${port}/page`, body: '<p>ok</p>' });
  });

  it('refuses a redirect to loopback, 10.0.0.0/8 or 169.254.169.254, by literal or by name, without connecting', async () => {
    const targets = [
      `http://127.0.0.2:${port}/page`, `http://[::1]:${port}/page`, `http://[::127.0.0.1]:${port}/page`,
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
