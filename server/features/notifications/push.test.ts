import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as grocery from '@hearth/contract/grocery';
import * as api from '@hearth/contract/notifications';
import { pushSubscriptions } from '../../platform/db/schema.ts';
import { PushSender, pushCoalescingMs, quietUntil } from '../../platform/notifications/push.ts';
import { joinAs } from '../../test/factories.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { PushService, pushServiceAgent, vapidOf, type Device } from '../../test/push-service.ts';
import { okBody as ok } from '../../test/answers.ts';

let t: TestApp;
let service: PushService;
let ada: SignedInUser;
let ed: SignedInUser;
let listId: string;
let phone: Device;
let laptop: Device;

const add = (name: string) => ok(ed.call(grocery.addItem, { body: { name, listId } }));
/** A second sender on the same database, as another server process would run: its pass, awaited. */
async function pass(): Promise<void> {
  const other = new PushSender({ database: t.database, clock: t.clock, config: t.config, log: t.app.log, agent: pushServiceAgent });
  await other.start();
  await other.wake();
  await other.stop();
}
const payloadOf = (device: Device, body: Buffer) => JSON.parse(device.decrypt(body)) as { title: string; body: string; path: string };

beforeAll(async () => {
  service = new PushService();
  await service.start();
  t = await createTestApp({ env: { VAPID_SUBJECT: 'mailto:admin@hearth.test' }, pushAgent: pushServiceAgent });
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  listId = (await ok<{ id: string }>(ada.call(grocery.createList, { body: { title: 'Costco' } }))).id;
  phone = service.device('ada-phone');
  laptop = service.device('ada-laptop');
  for (const device of [phone, laptop]) await ok(ada.call(api.subscribePush, { body: device.subscription }));
  await ok(ed.call(api.subscribePush, { body: service.device('ed-phone').subscription }));
});
afterAll(async () => {
  await t.close();
  await service.stop();
});

describe('web push', () => {
  it('sends each of the member\'s devices a push signed with the server\'s VAPID key, readable only with the device\'s key', async () => {
    await add('Milk');
    const received = await service.waitFor(2);
    expect(received.map((r) => r.path).sort()).toEqual(['/push/ada-laptop', '/push/ada-phone']);
    const { publicKey } = await ok<{ publicKey: string }>(ada.call(api.pushKey));
    for (const r of received) {
      const { key, claims } = vapidOf(r);
      expect(key).toBe(publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe('mailto:admin@hearth.test');
      const now = Date.now() / 1000;
      expect(claims.exp).toBeGreaterThan(now);
      expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      const device = r.path.endsWith('phone') ? phone : laptop;
      expect(payloadOf(device, r.body)).toEqual({ title: 'Hearth', body: 'Ed added 1 item to Costco', path: `/list/${listId}` });
      // The other device's key cannot read it.
      expect(() => (device === phone ? laptop : phone).decrypt(r.body)).toThrow();
    }
  });

  it('coalesces a member\'s pushes within 2 minutes into one, sent once across senders', async () => {
    for (const name of ['Eggs', 'Bread', 'Rice']) await add(name);
    await Promise.all([pass(), pass()]);
    expect(service.received).toHaveLength(2);
    t.clock.advance(pushCoalescingMs);
    await Promise.all([pass(), pass(), pass()]);
    const sent = await service.waitFor(4);
    expect(sent).toHaveLength(4);
    expect(payloadOf(phone, sent.find((r) => r.path === '/push/ada-phone' && sent.indexOf(r) >= 2)!.body).body)
      .toBe('Ed added 4 items to Costco');
  });

  it('holds pushes in quiet hours (family timezone) until they end', async () => {
    // 2026-03-01 at 12:00Z plus a few minutes is about 07:0x in New York.
    await ok(ada.call(api.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: { start: '22:00', end: '08:00' }, digest: false } }));
    t.clock.advance(pushCoalescingMs);
    await ok(ada.call(api.markAllNotificationsRead));
    await add('Tea');
    await pass();
    expect(service.received).toHaveLength(4);
    t.clock.set('2026-03-01T13:00:00Z');
    await pass();
    const sent = await service.waitFor(6);
    expect(payloadOf(phone, sent.find((r, i) => i >= 4 && r.path === '/push/ada-phone')!.body).body).toBe('Ed added 1 item to Costco');
    expect(quietUntil(new Date('2026-03-01T12:30:00Z'), 'America/New_York', '22:00', '08:00')).toEqual(new Date('2026-03-01T13:00:00Z'));
    // Across the spring change (8 March 2026, 02:00 EST → 03:00 EDT) the end is still 08:00 local.
    expect(quietUntil(new Date('2026-03-08T11:30:00Z'), 'America/New_York', '22:00', '08:00')).toEqual(new Date('2026-03-08T12:00:00Z'));
    expect(quietUntil(new Date('2026-03-08T12:30:00Z'), 'America/New_York', '22:00', '08:00')).toBeNull();
    expect(quietUntil(new Date('2026-03-01T12:30:00Z'), 'Europe/Berlin', '22:00', '08:00')).toBeNull();
    await ok(ada.call(api.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest: false } }));
  });

  it('removes a subscription the push service answers 404 or 410', async () => {
    service.answers.set('/push/ada-phone', 410);
    service.answers.set('/push/ada-laptop', 404);
    t.clock.advance(pushCoalescingMs);
    await ok(ada.call(api.markAllNotificationsRead));
    await add('Jam');
    await service.waitFor(8);
    // The sender removes them once the answers are in.
    const left = () => t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ada.user.id));
    for (let tries = 0; tries < 100 && (await left()).length > 0; tries++) await new Promise((r) => setTimeout(r, 50));
    expect(await left()).toEqual([]);
  });

  it('refuses a malformed subscription, an oversize endpoint and bad keys with a message', async () => {
    const refuse = async (body: unknown, message: string) => {
      const res = await ada.call(api.subscribePush, { body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    };
    const good = service.device('x').subscription;
    await refuse({}, api.notificationMessages.subscriptionInvalid);
    await refuse({ endpoint: 'not a url', keys: good.keys }, api.notificationMessages.subscriptionInvalid);
    await refuse({ endpoint: good.endpoint }, api.notificationMessages.subscriptionInvalid);
    await refuse({ ...good, endpoint: `https://push.example/${'a'.repeat(api.notificationLimits.endpointMax)}` }, api.notificationMessages.endpointTooLong);
    await refuse({ ...good, keys: { p256dh: 'not base64!', auth: good.keys.auth } }, api.notificationMessages.keyInvalid);
  });
});

describe('devices', () => {
  it('takes only https endpoints; another process finds the VAPID key pair the first made in the database', async () => {
    const device = service.device('ed-tablet');
    const res = await ed.call(api.subscribePush, { body: { ...device.subscription, endpoint: 'http://push.example/ed' } });
    expect([res.status, res.body.message]).toEqual([400, api.notificationMessages.endpointNotHttps]);
    expect((await ed.call(api.subscribePush, { body: device.subscription })).status).toBe(204);
    expect((await ed.call(api.unsubscribePush, { body: { endpoint: device.endpoint } })).status).toBe(204);
    const second = await createTestApp({ database: t.database, clock: t.clock });
    const cy = await signUp(second, { name: 'Cy' });
    expect((await ok<{ publicKey: string }>(cy.call(api.pushKey))).publicKey)
      .toBe((await ok<{ publicKey: string }>(ada.call(api.pushKey))).publicKey);
    await second.app.close();
    await second.mailbox.stop();
  });

  it('holds a member to their bound of devices', async () => {
    // Ed has his phone already.
    for (let i = 1; i < api.notificationLimits.subscriptionsPerMember; i++) {
      await ok(ed.call(api.subscribePush, { body: service.device(`ed-${i}`).subscription }));
    }
    const res = await ed.call(api.subscribePush, { body: service.device('ed-extra').subscription });
    expect([res.status, res.body.message]).toEqual([409, api.notificationMessages.tooManySubscriptions]);
  });
});
