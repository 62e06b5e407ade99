import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A browser's side of a push subscription: its ECDH key pair and auth secret (RFC 8291). */
export class Device {
  readonly ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly endpoint: string;
  constructor(endpoint: string) {
    this.ecdh.generateKeys();
    this.endpoint = endpoint;
  }
  get subscription() {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') },
    };
  }

  /** The aes128gcm body (RFC 8188) decrypted with this device's private key and auth secret. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const sealed = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 2, then zero padding.
    const end = padded.lastIndexOf(2);
    if (end < 0) throw new Error('no record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

export interface VapidClaims { aud: string; exp: number; sub: string }

/**
 * Checks a push request's `Authorization: vapid t=<jwt>, k=<public key>` (RFC 8292): the ES256 signature with the
 * key, and answers the key and the claims.
 */
export function vapidOf(received: Received): { key: string; claims: VapidClaims } {
  const header = String(received.headers.authorization ?? '');
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, key] = [match[1]!, match[2]!];
  const [head, payload, signature] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'));
  if (!signed) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return { key, claims: JSON.parse(Buffer.from(payload!, 'base64url').toString()) as VapidClaims };
}

const certificate = readFileSync(new URL('./push-service.cert.pem', import.meta.url));
/** The agent that trusts the loopback push service's self-signed certificate (a test's own, for 127.0.0.1 only). */
export const pushServiceAgent = new Agent({ ca: certificate, keepAlive: true });

/** A push service on loopback HTTPS: keeps what it receives, answers 201, or the status set for a path. */
export class PushService {
  readonly received: Received[] = [];
  readonly answers = new Map<string, number>();
  private server: Server | undefined;
  private waiters = new Set<() => void>();
  origin = '';

  async start(): Promise<void> {
    this.server = createServer({ cert: certificate, key: readFileSync(new URL('./push-service.key.pem', import.meta.url)) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
        for (const wake of this.waiters) wake();
        res.statusCode = this.answers.get(req.url ?? '') ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  device(name: string): Device {
    return new Device(`${this.origin}/push/${name}`);
  }

  /** Waits until `count` requests have arrived in all (up to `ms`). */
  async waitFor(count: number, ms = 10_000): Promise<Received[]> {
    const deadline = Date.now() + ms;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the push service received ${this.received.length} of ${count} pushes`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        const wake = () => { clearTimeout(timer); this.waiters.delete(wake); resolve(); };
        this.waiters.add(wake);
      });
    }
    return this.received;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
