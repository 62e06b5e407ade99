import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetches a web page for a user without letting the user reach the server's own network (SSRF): http and https
 * only; every address a host resolves to must be public, checked in the connection's own DNS lookup, so the
 * address connected to is the address checked (a rebinding DNS answer cannot slip in between); redirects are
 * followed by hand, each checked the same way; the whole fetch has a deadline and the body a size cap.
 */

export interface SafeFetchOptions {
  /** Whether an address may be connected to; public unicast only unless a test allows more. */
  allowAddress?: (address: string) => boolean;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** Resolves a host name (the system resolver unless a test stands one in). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
  /** What the request's Accept header asks for (web pages unless said). */
  accept?: string;
}

export interface FetchedPage {
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string;
  body: string;
}

export interface FetchedFile {
  url: string;
  contentType: string;
  bytes: Buffer;
}

/** Why a fetch failed: `refused` (an address or scheme a user may not reach) or `unreachable` (anything else). */
export class SafeFetchError extends Error {
  readonly reason: 'refused' | 'unreachable';
  constructor(reason: 'refused' | 'unreachable', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** IANA's global unicast space: every other IPv6 block is special-purpose, reserved or unassigned. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Public unicast only: no loopback, private, link-local (cloud metadata), CGNAT, multicast or reserved range, IPv4
 * or IPv6; an IPv4-mapped address is judged as its IPv4. ipaddr.js calls `unicast` whatever is in none of the
 * ranges it names, which for IPv6 includes unassigned space and the deprecated IPv4-compatible `::a.b.c.d` (::/96),
 * so an IPv6 address must also be global unicast.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(globalUnicast);
}

const systemResolve = (host: string) => new Promise<LookupAddress[]>((resolve, reject) => {
  dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
});

/** A web page, its body read as UTF-8. */
export async function safeFetch(address: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const { url, contentType, bytes } = await safeFetchBytes(address, options);
  return { url, contentType, body: bytes.toString('utf8') };
}

/** Any file (an image, say), its body as bytes. */
export async function safeFetchBytes(address: string, options: SafeFetchOptions = {}): Promise<FetchedFile> {
  const allow = options.allowAddress ?? isPublicAddress;
  const resolve = options.resolve ?? systemResolve;
  const maxRedirects = options.maxRedirects ?? 3;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 5000);

  // The connection resolves through this, and refuses the host when any of its addresses is not allowed.
  const lookup: LookupFunction = (host, lookupOptions, callback) => {
    resolve(host).then((found) => {
      if (found.length === 0 || found.some((a) => !allow(a.address))) {
        callback(new SafeFetchError('refused', `${host} resolves to an address that may not be fetched`), '', 0);
      } else if (lookupOptions.all) {
        callback(null, found);
      } else {
        callback(null, found[0]!.address, found[0]!.family);
      }
    }, (error: NodeJS.ErrnoException) => callback(error, '', 0));
  };

  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('refused', 'only http and https');
    // Node connects to an IP literal without a lookup, so a literal is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allow(host)) throw new SafeFetchError('refused', `${host} may not be fetched`);
    const answer = await get(url, lookup, deadline, maxBytes, options.accept ?? 'text/html,application/xhtml+xml');
    if (answer.location === undefined) return { url: url.toString(), contentType: answer.contentType, bytes: answer.bytes };
    if (hop >= maxRedirects) throw new SafeFetchError('unreachable', 'too many redirects');
    url = new URL(answer.location, url);
  }
}

interface Answer {
  location: string | undefined;
  contentType: string;
  bytes: Buffer;
}

function get(url: URL, lookup: LookupFunction, signal: AbortSignal, maxBytes: number, accept: string): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(url, {
      lookup, signal, agent: false,
      // No compression asked for, so the size cap counts the bytes that are read.
      headers: { accept, 'accept-encoding': 'identity', 'user-agent': 'Hearth recipe import' },
    }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        resolve({ location: response.headers.location, contentType: '', bytes: Buffer.alloc(0) });
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        reject(new SafeFetchError('unreachable', `answered ${status}`));
        return;
      }
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.destroy();
        reject(new SafeFetchError('unreachable', 'body too large'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          reject(new SafeFetchError('unreachable', 'body too large'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({
        location: undefined, contentType: response.headers['content-type'] ?? '', bytes: Buffer.concat(chunks),
      }));
      response.on('error', (error) => reject(unreachable(error)));
    });
    request.on('error', (error) => reject(unreachable(error)));
  });
}

const unreachable = (error: Error) =>
  (error instanceof SafeFetchError ? error : new SafeFetchError('unreachable', error.message));
