import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import * as api from '@hearth/contract/meals';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { familyOfOne, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { importMeal } from './import.ts';
import { pageBudget, PageTooComplex } from './page-budget.ts';
import { readRecipe } from './recipe-page.ts';
import { RecipeReader } from './recipe-reader.ts';

const recipe = '<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Big pot</h1>';
/** Just under the largest page the import fetches (2 MB). */
const largestBytes = 2 * 1024 * 1024 - 1024;
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));

/** Pages as a hostile or careless site could publish them. */
const pages: Record<string, string> = {
  itemprops: `${recipe}${'<i itemprop=ingredients>egg</i>'.repeat(60_000)}</div>`,
  unclosed: '<b>'.repeat(600_000),
  nested: `${recipe}${'<div>'.repeat(25_000)}deep${'</div>'.repeat(25_000)}</div>`,
  nestedInJson: `<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: `${'<b>'.repeat(25_000)}Deep` })}</script>`,
  largest: `${recipe}${fill('<li itemprop="recipeIngredient">2 cups flour</li>', largestBytes - recipe.length - 6)}</div>`,
};

let site: Server;
let base: string;
beforeAll(async () => {
  site = createServer((req, res) => {
    const page = pages[(req.url ?? '/').slice(1)];
    if (page === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('importing pages past the reader\'s budget', () => {
  let t: TestApp;
  let cook: SignedInUser;
  beforeAll(async () => { ({ t, member: cook } = await familyOfOne('Cook', { env: { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' } })); });
  afterAll(async () => { await t.close(); });

  const importFrom = (name: string) => cook.call(api.importMeal, { body: { url: `${base}/${name}` } });

  it('reads 60,000 itemprop elements in one pass, keeping the first 100 ingredients', async () => {
    const res = await importFrom('itemprops');
    expect(res.status).toBe(200);
    expect(res.body.ingredients).toHaveLength(api.mealLimits.ingredientsMax);
    expect(res.body.ingredients[99]).toEqual({ quantity: null, unit: null, name: 'egg' });
  });

  it('reads the largest page it fetches, 2 MB of markup', async () => {
    const res = await importFrom('largest');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Big pot' });
  });

  it('answers 422 with a message, never 500, for 600,000 unclosed tags or 25,000 nested ones, in the page or in its JSON-LD', async () => {
    for (const name of ['unclosed', 'nested', 'nestedInJson']) {
      const res = await importFrom(name);
      expect([res.status, res.body.code, res.body.message], name).toEqual([422, 'UNPROCESSABLE', api.mealMessages.importTooComplex]);
    }
    // The reader's thread is still there for the next page.
    expect((await importFrom('itemprops')).status).toBe(200);
  });
});

describe('the page reader\'s budget', () => {
  const page = `${recipe}${'<li itemprop="recipeIngredient">2 eggs</li>'.repeat(50)}</div>`;

  it('reads a page within it', () => {
    expect(readRecipe(page, 'https://x.test/')?.ingredients).toHaveLength(50);
  });

  it('stops past the steps (elements and texts visited), the depth or the time', () => {
    expect(() => readRecipe(page, 'https://x.test/', { ...pageBudget, steps: 100 })).toThrow(PageTooComplex);
    expect(() => readRecipe(`${'<div>'.repeat(20)}${page}`, 'https://x.test/', { ...pageBudget, depth: 20 })).toThrow(PageTooComplex);
    expect(() => readRecipe(page, 'https://x.test/', { ...pageBudget, ms: -1 })).toThrow(PageTooComplex);
  });
});

describe('the page reader\'s thread', () => {
  const log = { warn() {}, error() {} } as unknown as FastifyBaseLogger;
  const small = '<script type="application/ld+json">{"@type":"Recipe","name":"Toast"}</script>';

  it('ends a read that outlasts the time limit, and reads the next page on a new thread', async () => {
    const reader = new RecipeReader(log, { timeLimitMs: 1, maxWaiting: 8 });
    try {
      expect(await reader.read(pages.largest!, 'https://x.test/')).toEqual({ tooComplex: true });
    } finally {
      await reader.close();
    }
    const patient = new RecipeReader(log);
    try {
      expect(await patient.read(pages.nested!, 'https://x.test/')).toEqual({ tooComplex: true });
      expect(await patient.read(small, 'https://x.test/')).toMatchObject({ draft: { name: 'Toast' } });
    } finally {
      await patient.close();
    }
  });

  it('refuses pages past the number that may wait, rather than hold them', async () => {
    const reader = new RecipeReader(log, { timeLimitMs: 10_000, maxWaiting: 2 });
    try {
      const outcomes = await Promise.all([1, 2, 3, 4].map(() => reader.read(small, 'https://x.test/')));
      expect(outcomes.map((o) => Object.keys(o)[0])).toEqual(['draft', 'draft', 'busy', 'busy']);
    } finally {
      await reader.close();
    }
  });
});

describe('an import while the reader is busy', () => {
  it('answers 429 with a message', async () => {
    const busy = { read: async () => ({ busy: true }) } as unknown as RecipeReader;
    const deps = { throttle: { claim: async () => true }, config: { importAllowPrivateHosts: true } } as unknown as Deps;
    const caller: Caller = {
      sessionId: 's', userId: 'u', name: 'Cook', email: 'cook@example.org', familyId: 'f', memberId: 'm',
      permissionLevel: 'EDIT', createdAt: new Date(),
    };
    await expect(importMeal(deps, busy, caller, `${base}/largest`))
      .rejects.toMatchObject({ code: 'RATE_LIMITED', message: api.mealMessages.importBusy });
  });
});
