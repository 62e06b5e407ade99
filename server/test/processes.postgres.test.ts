import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { fillPath, type Endpoint } from '@hearth/contract/endpoint';
import * as accounts from '@hearth/contract/accounts';
import { errorMessages } from '@hearth/contract/errors';
import * as grocery from '@hearth/contract/grocery';
import { createPostgresDatabase } from './databases.ts';
import { linkToken, Mailbox } from './mailbox.ts';
import { strongPassword, uniqueEmail } from './harness.ts';
import { startServer, type ServerProcess } from './processes.ts';

/**
 * Every limit is counted in the database, so it holds for any number of server processes: three real processes
 * of `server/main.ts` on one PostgreSQL database, each request of a burst sent to the next process in turn.
 */

const writesPerMinute = 20;
const mailbox = new Mailbox();
let servers: ServerProcess[] = [];
let dropDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
  const database = await createPostgresDatabase(inject('templates'));
  dropDatabase = database.drop;
  const smtpUrl = await mailbox.start();
  servers = await Promise.all([0, 1, 2].map(() => startServer({
    DATABASE_URL: database.url, SMTP_URL: smtpUrl, TRUST_PROXY: 'loopback', WRITES_PER_MINUTE: String(writesPerMinute),
  })));
  await Promise.all(servers.map((s) => s.ready()));
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await mailbox.stop();
  await dropDatabase();
});

let clients = 0;
/** A client address of its own (the processes trust their loopback proxy's X-Forwarded-For). */
const newClient = () => `198.51.100.${++clients}`;

async function call(
  server: ServerProcess, e: Endpoint, input: { body?: unknown; params?: Record<string, string>; token?: string; client: string },
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${fillPath(e.path, input.params)}`, {
    method: e.method,
    headers: {
      'x-forwarded-for': input.client,
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
    },
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** `n` calls at once, the i-th to process i mod 3. */
const spread = (n: number, send: (server: ServerProcess, i: number) => Promise<{ status: number; body: any }>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(servers[i % servers.length]!, i)));

async function signUp(): Promise<{ token: string; familyId: string }> {
  const email = uniqueEmail();
  const client = newClient();
  const [first, second, third] = servers as [ServerProcess, ServerProcess, ServerProcess];
  expect((await call(first, accounts.register, { body: { email, name: 'Ada', password: strongPassword }, client })).status)
    .toBe(201);
  const token = linkToken((await mailbox.waitFor(email, /Verify/)).text, '/verify-email');
  expect((await call(second, accounts.verifyEmail, { body: { token }, client })).status).toBe(200);
  const login = await call(third, accounts.login, { body: { email, password: strongPassword }, client });
  return { token: login.body.token, familyId: login.body.user.familyId };
}

it('lets exactly 20 of 90 sign-in calls from one address through, over three processes', async () => {
  const client = newClient();
  const answers = await spread(90, (server) =>
    call(server, accounts.login, { body: { email: uniqueEmail(), password: 'Wrong-pass-1' }, client }));
  expect(answers.filter((a) => a.status === 401)).toHaveLength(20);
  expect(answers.filter((a) => a.status === 429).map((a) => a.body.message))
    .toEqual(Array(70).fill(accounts.messages.tooManyAttempts));
});

it('lets exactly WRITES_PER_MINUTE of a user\'s 90 writes through, over three processes', async () => {
  const ada = await signUp();
  const answers = await spread(90, (server, i) => call(server, grocery.createList, {
    body: { familyId: ada.familyId, title: `List ${i}` }, token: ada.token, client: newClient(),
  }));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(writesPerMinute);
  expect(answers.filter((a) => a.status === 429).map((a) => a.body.message))
    .toEqual(Array(90 - writesPerMinute).fill(errorMessages.tooManyWrites));
});

it('holds item adds, counted in their batches, to the same rate over three processes', async () => {
  const bea = await signUp();
  const client = newClient();
  const list = await call(servers[0]!, grocery.createList, { body: { familyId: bea.familyId, title: 'Burst' }, token: bea.token, client });
  const answers = await spread(90, (server, i) => call(server, grocery.addItem, {
    body: { name: `Item ${i}`, listId: list.body.id, familyId: bea.familyId }, token: bea.token, client,
  }));
  // The list's creation took one write of the minute.
  expect(answers.filter((a) => a.status === 201)).toHaveLength(writesPerMinute - 1);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(90 - writesPerMinute + 1);
  const items = await call(servers[1]!, grocery.getItems, { params: { listId: list.body.id }, token: bea.token, client });
  expect(items.body).toHaveLength(writesPerMinute - 1);
});
