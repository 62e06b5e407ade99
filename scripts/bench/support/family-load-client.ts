/**
 * The family-load bench's load generator: a process of its own (forked by `family-load.ts`), holding one live stream
 * per signed-in member of its share of the families and sending the everyday mix at a fixed rate, open loop: each
 * request is due at its time whether or not earlier ones were answered, and its latency counts from when it was
 * due (a late send is the client's fault and shows as `lag`, so a slow client cannot hide a slow server).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request, type IncomingMessage } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Member { userId: string; email: string; token: string; address: string }
export interface Family { familyId: string; members: Member[]; listIds: string[] }

/** The mix: each operation's share of requests, in percent (the issue's). */
export const mix = {
  newsfeed: 20, listRead: 25, add: 10, tick: 10, edit: 5, calendar: 10, meals: 5, locations: 5, commentRead: 2.5,
  commentPost: 2.5, signIn: 5,
} as const;
export type Operation = keyof typeof mix;

export type ToClient =
  | { kind: 'init'; base: string; families: Family[]; password: string; shares: Partial<Record<Operation, number>> }
  | { kind: 'shares'; shares: Partial<Record<Operation, number>> }
  | { kind: 'streams' }
  | { kind: 'run'; rate: number; seconds: number; warmSeconds: number };

export interface StepResult {
  sent: number;
  times: Partial<Record<Operation, number[]>>;
  failures: Record<string, number>;
  /** How late requests left, ms (the client's own delay). */
  lag: number[];
  /** A change's arrival on another member's stream, from its write being due, ms. */
  deliveries: number[];
  eventLoopDelayP99: number;
  /** This process's CPU time over the counted seconds, us. */
  cpuUs: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });
const now = () => performance.timeOrigin + performance.now();
const timeoutMs = 10_000;
let base = '';
let families: Family[] = [];
let password = '';
let weights: [Operation, number][] = [];
const knownItems = new Map<string, string[]>();
const addNames = ['Milk', 'Eggs', 'Bread', 'Bananas', 'Coffee', 'Rice', 'Apples', 'Cheese', 'Yogurt', 'Pasta',
  'Tomatoes', 'Onions', 'Butter', 'Chicken', 'Lemons', 'Cereal', 'Spinach', 'Carrots', 'Juice', 'Tea'];
const comments = ['On my way to the store', 'Got it', 'Anything else?', 'They were out', 'Bought the big pack'];

interface Pending { at: number; familyId: string; byUserId: string; waiting: Set<string> }
/** Writes not yet seen on every other member's stream, by family. */
const pending = new Map<string, Pending[]>();

let counting = false;
let result = fresh();

function fresh(): StepResult {
  return { sent: 0, times: {}, failures: {}, lag: [], deliveries: [], eventLoopDelayP99: 0, cpuUs: 0 };
}

function fail(op: string, why: string | number) {
  if (!counting) return;
  const key = `${op} ${why}`;
  result.failures[key] = (result.failures[key] ?? 0) + 1;
}

/** One call; its answer's body as text, or null when it failed (counted). */
function call(op: Operation, due: number, member: Member, method: string, path: string, body?: unknown): Promise<string | null> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {
      'x-forwarded-for': member.address, 'accept-encoding': 'identity',
      ...(op === 'signIn' ? {} : { authorization: `Bearer ${member.token}` }),
      ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
      ...(method === 'POST' && op !== 'signIn' ? { 'idempotency-key': randomUUID() } : {}),
    };
    const counted = counting;
    if (counted) result.lag.push(now() - due);
    const req = request(`${base}${path}`, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ok = res.statusCode! >= 200 && res.statusCode! < 300;
        if (counted && counting) {
          (result.times[op] ??= []).push(now() - due);
          if (!ok) fail(op, res.statusCode!);
        }
        resolve(ok ? Buffer.concat(chunks).toString() : null);
      });
      res.on('error', () => { if (counted) fail(op, 'reset'); resolve(null); });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => { if (counted) fail(op, e.message === 'timeout' ? 'timeout' : 'network'); resolve(null); });
    req.end(payload);
  });
}

function pick<T>(values: T[]): T {
  return values[Math.floor(Math.random() * values.length)]!;
}

function chooseOperation(): Operation {
  let r = Math.random() * weights.reduce((sum, [, w]) => sum + w, 0);
  for (const [op, w] of weights) {
    r -= w;
    if (r < 0) return op;
  }
  return weights[0]![0];
}

/** Notes a write due at `due`, to be matched on the other members' streams. */
function expectChange(family: Family, member: Member, due: number) {
  if (!counting) return;
  const waiting = new Set(family.members.filter((m) => m.userId !== member.userId).map((m) => m.userId));
  if (waiting.size === 0) return;
  const list = pending.get(family.familyId) ?? [];
  list.push({ at: due, familyId: family.familyId, byUserId: member.userId, waiting });
  pending.set(family.familyId, list);
}

function remember(listId: string, id: string) {
  const ids = knownItems.get(listId) ?? [];
  if (!ids.includes(id)) ids.push(id);
  if (ids.length > 30) ids.shift();
  knownItems.set(listId, ids);
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function send(due: number) {
  const family = pick(families);
  const member = pick(family.members);
  const listId = pick(family.listIds);
  let op = chooseOperation();
  const items = knownItems.get(listId);
  if ((op === 'tick' || op === 'edit') && !items?.length) op = 'add';
  if (counting) result.sent++;
  switch (op) {
    case 'newsfeed': await call(op, due, member, 'GET', '/api/dashboard/newsfeed'); break;
    case 'listRead': {
      const text = await call(op, due, member, 'GET', `/api/grocery/list/${listId}`);
      if (text) for (const item of (JSON.parse(text) as { id: string; isPurchased: boolean }[]).slice(0, 30)) if (!item.isPurchased) remember(listId, item.id);
      break;
    }
    case 'add': {
      expectChange(family, member, due);
      const text = await call(op, due, member, 'POST', '/api/grocery', { name: pick(addNames), quantity: 1, listId, familyId: family.familyId });
      if (text) remember(listId, (JSON.parse(text) as { id: string }).id);
      break;
    }
    case 'tick': {
      const id = pick(items!);
      items!.splice(items!.indexOf(id), 1);
      expectChange(family, member, due);
      await call(op, due, member, 'PATCH', `/api/grocery/${id}`, { isPurchased: true });
      break;
    }
    case 'edit':
      expectChange(family, member, due);
      await call(op, due, member, 'PATCH', `/api/grocery/${pick(items!)}`, { quantity: 1 + Math.floor(Math.random() * 5) });
      break;
    case 'calendar': await call(op, due, member, 'GET', `/api/calendar/events?startDate=${inDays(-7)}&endDate=${inDays(35)}`); break;
    case 'meals': await call(op, due, member, 'GET', `/api/meals/family/${family.familyId}`); break;
    case 'locations': await call(op, due, member, 'GET', '/api/locations'); break;
    case 'commentRead': await call(op, due, member, 'GET', `/api/grocery-comments/list/${listId}`); break;
    case 'commentPost':
      expectChange(family, member, due);
      await call(op, due, member, 'POST', '/api/grocery-comments', { listId, familyId: family.familyId, text: pick(comments) });
      break;
    case 'signIn': await call(op, due, member, 'POST', '/api/login', { email: member.email, password }); break;
  }
}

/** One member's live stream: each change by another member settles that member's oldest write it was waiting for. */
function openStream(family: Family, member: Member): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${base}/api/live`, {
      headers: { authorization: `Bearer ${member.token}`, 'x-forwarded-for': member.address, accept: 'text/event-stream' },
      agent: false,
    }, (res: IncomingMessage) => {
      resolve(res.statusCode === 200);
      if (res.statusCode !== 200) { res.resume(); return; }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (data && message.startsWith('event: change')) arrived(family, member, JSON.parse(data) as { byUserId?: string });
        }
      });
      res.on('error', () => {});
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

function arrived(family: Family, member: Member, change: { byUserId?: string }) {
  const list = pending.get(family.familyId);
  if (!list || !change.byUserId) return;
  const at = now();
  const write = list.find((p) => p.byUserId === change.byUserId && p.waiting.has(member.userId) && p.at <= at);
  if (!write) return;
  write.waiting.delete(member.userId);
  if (counting) result.deliveries.push(at - write.at);
  if (write.waiting.size === 0) list.splice(list.indexOf(write), 1);
}

async function run(rate: number, seconds: number, warmSeconds: number): Promise<StepResult> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const started = now();
  const warmEnd = started + warmSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  let cpuBefore = process.cpuUsage();
  let issued = 0;
  const inFlight = new Set<Promise<void>>();
  while (now() < end) {
    const t = now();
    if (!counting && t >= warmEnd) {
      counting = true;
      result = fresh();
      pending.clear();
      delay.enable();
      cpuBefore = process.cpuUsage();
    }
    // Request i is due at started + i / rate.
    const due = Math.floor(((t - started) / 1000) * rate) + 1;
    for (; issued < due; issued++) {
      const p = send(started + (issued / rate) * 1000);
      inFlight.add(p);
      void p.then(() => inFlight.delete(p));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const cpu = process.cpuUsage(cpuBefore);
  delay.disable();
  counting = false;
  const counted = result;
  counted.cpuUs = cpu.user + cpu.system;
  counted.eventLoopDelayP99 = delay.percentile(99) / 1e6;
  // Late answers are waited for (up to the timeout) but not counted past the step's end.
  await Promise.race([Promise.all(inFlight), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  return counted;
}

process.on('message', async (m: ToClient) => {
  if (m.kind === 'init') {
    ({ base, families, password } = m);
    weights = (Object.entries(mix) as [Operation, number][]).map(([op, w]) => [op, m.shares[op] ?? w]);
    process.send!({ kind: 'ready' });
  } else if (m.kind === 'shares') {
    weights = (Object.keys(mix) as Operation[]).map((op) => [op, m.shares[op] ?? 0]);
    process.send!({ kind: 'ready' });
  } else if (m.kind === 'streams') {
    let opened = 0;
    let failed = 0;
    const members = families.flatMap((f) => f.members.map((member) => ({ f, member })));
    // 100 at a time: each resolves its session once, as phones coming online do, not all in the same millisecond.
    for (let i = 0; i < members.length; i += 100) {
      const ok = await Promise.all(members.slice(i, i + 100).map(({ f, member }) => openStream(f, member)));
      opened += ok.filter(Boolean).length;
      failed += ok.filter((x) => !x).length;
    }
    process.send!({ kind: 'streams', opened, failed });
  } else {
    process.send!({ kind: 'result', result: await run(m.rate, m.seconds, m.warmSeconds) });
  }
});
