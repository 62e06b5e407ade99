import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/meals';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { familyEvents, meals } from '../../platform/db/schema.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';

/** Recipe pages in the shapes real sites publish, served from loopback as a recipe site would serve them. */
let site: Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    } else if (url.pathname.startsWith('/hops/')) {
      const n = Number(url.pathname.slice(6));
      res.writeHead(301, { location: n > 0 ? `/hops/${n - 1}` : '/pages/microdata.html' }).end();
    } else if (url.pathname === '/missing') {
      res.writeHead(404).end('gone');
    } else if (url.pathname === '/lines') {
      const recipe = { '@context': 'https://schema.org', '@type': 'Recipe', name: 'Lines', recipeIngredient: JSON.parse(url.searchParams.get('l')!) };
      res.writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><script type="application/ld+json">${JSON.stringify(recipe)}</script></html>`);
    } else if (url.pathname === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>${'x'.repeat(3 * 1024 * 1024)}</html>`);
    } else {
      readFile(new URL(`./import-fixtures/${url.pathname.replace(/^\/pages\//, '')}`, import.meta.url)).then(
        (html) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
        () => res.writeHead(404).end(),
      );
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const page = (name: string) => `${base}/pages/${name}.html`;
const importFrom = (user: SignedInUser, url: string) => user.call(api.importMeal, { body: { url } });

describe('importing a recipe from a page served from loopback (IMPORT_ALLOW_PRIVATE_HOSTS=true)', () => {
  let t: TestApp;
  let cook: SignedInUser;
  beforeAll(async () => {
    ({ t, member: cook } = await familyOfOne('Cook', { env: { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' } }));
  });
  afterAll(async () => { await t.close(); });

  it('reads a JSON-LD Recipe object: quantities with fractions and a decimal comma, units, HowToSteps, ISO times, servings', async () => {
    const res = await importFrom(cook, page('jsonld-object'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Country Bread',
      ingredients: [
        { quantity: 1.5, unit: 'cups', name: 'warm water' },
        { quantity: 0.5, unit: 'tsp', name: 'salt' },
        { quantity: 1.5, unit: 'kg', name: 'bread flour' },
        { quantity: 2, unit: 'tablespoons', name: 'olive oil' },
        { quantity: null, unit: null, name: 'Salt and pepper' },
      ],
      directions: '1. Mix the water and the flour.\n2. Knead for ten minutes & rest.\n3. Bake until golden.',
      prepTime: 20,
      totalTime: 90,
      servings: 8,
      sourceUrl: page('jsonld-object'), photo: null,
    });
  });

  it('reads each ingredient line as quantity, unit and name, as a cook writes them', async () => {
    const cases: [string, { quantity: number | null; unit: string | null; name: string }][] = [
      ['2 lbs chicken thighs', { quantity: 2, unit: 'lbs', name: 'chicken thighs' }],
      ['1 1/2 cups flour', { quantity: 1.5, unit: 'cups', name: 'flour' }],
      ['½ tsp salt', { quantity: 0.5, unit: 'tsp', name: 'salt' }],
      ['1½ cups milk', { quantity: 1.5, unit: 'cups', name: 'milk' }],
      ['1/3 cup sugar', { quantity: 0.333, unit: 'cup', name: 'sugar' }],
      ['2-3 cloves garlic', { quantity: 3, unit: 'cloves', name: 'garlic' }],
      ['2 to 3 cloves garlic', { quantity: 3, unit: 'cloves', name: 'garlic' }],
      ['salt to taste', { quantity: null, unit: null, name: 'salt' }],
      ['Salt and pepper', { quantity: null, unit: null, name: 'Salt and pepper' }],
      ['2 (14 oz) cans tomatoes', { quantity: 2, unit: 'cans', name: 'tomatoes (14 oz)' }],
      ['1 (15-ounce) can black beans, drained', { quantity: 1, unit: 'can', name: 'black beans, drained (15-ounce)' }],
      ['2 x 400g tins chopped tomatoes', { quantity: 2, unit: 'tins', name: 'chopped tomatoes (400g)' }],
      ['1 cup (240 ml) milk', { quantity: 1, unit: 'cup', name: 'milk' }],
      ['3 large eggs', { quantity: 3, unit: null, name: 'large eggs' }],
      ['2 eggs', { quantity: 2, unit: null, name: 'eggs' }],
      ['1,5 kg potatoes', { quantity: 1.5, unit: 'kg', name: 'potatoes' }],
      ['200g butter', { quantity: 200, unit: 'g', name: 'butter' }],
      ['Juice of 1 lemon', { quantity: null, unit: null, name: 'Juice of 1 lemon' }],
      ['For the sauce:', { quantity: null, unit: null, name: 'skipped: a heading' }],
      ['  milk  ', { quantity: null, unit: null, name: 'milk' }],
    ];
    const res = await importFrom(cook, `${base}/lines?l=${encodeURIComponent(JSON.stringify(cases.map(([line]) => line)))}`);
    expect(res.status).toBe(200);
    expect(res.body.ingredients).toEqual(cases.filter(([line]) => !line.endsWith(':')).map(([, read]) => read));
  });

  it('finds the Recipe in a @graph, sums prep and cook time when no total is given, and reads a yield array', async () => {
    const { body } = await importFrom(cook, page('jsonld-graph'));
    expect(body).toMatchObject({ name: 'Weeknight Chili', prepTime: 15, totalTime: 60, servings: 6 });
    expect(body.ingredients).toEqual([
      { quantity: 1, unit: 'lb', name: 'ground beef' },
      { quantity: 2, unit: 'cans', name: 'kidney beans (15 oz)' },
      { quantity: 1, unit: null, name: 'onion, chopped' },
      { quantity: 3, unit: 'cloves', name: 'garlic' },
    ]);
    expect(body.directions).toBe('1. Brown the beef.\n2. Add everything else and simmer.');
  });

  it('reads a node typed with an array of types, a numeric yield and directions as one numbered text', async () => {
    const { body } = await importFrom(cook, page('jsonld-type-array'));
    expect(body).toMatchObject({ name: 'Lemon Pasta', servings: 2, prepTime: null, totalTime: 25 });
    expect(body.ingredients[0]).toEqual({ quantity: 200, unit: 'g', name: 'spaghetti' });
    expect(body.directions).toBe('1. Boil the pasta.\n2. Melt the butter with the lemon.\n3. Toss together.');
  });

  it('reads a top-level JSON-LD array, decoding entities and dropping markup', async () => {
    const { body } = await importFrom(cook, page('jsonld-array'));
    expect(body).toMatchObject({ name: 'Mac & Cheese', servings: 4, prepTime: 10, totalTime: 35 });
    expect(body.ingredients[1]).toEqual({ quantity: 2, unit: 'cups', name: 'shredded cheddar' });
    expect(body.directions).toBe('1. Cook the macaroni.\n2. Stir in the milk and cheese.');
  });

  it('reads HowToSection steps under their section names, counting on, and skips ingredient group headers', async () => {
    const { body } = await importFrom(cook, page('howto-sections'));
    expect(body.directions).toBe('Cake\n1. Beat the sugar and eggs.\n2. Bake in two tins.\nFrosting\n3. Whip the butter.');
    expect(body.ingredients.map((i: api.Ingredient) => i.name)).toEqual(['sugar', 'eggs', 'butter']);
    expect(body).toMatchObject({ prepTime: 45, totalTime: 135, servings: 12 });
  });

  it('leaves missing times and servings empty', async () => {
    const { body } = await importFrom(cook, page('missing-times'));
    expect(body).toMatchObject({ name: 'Buttered Toast', prepTime: null, totalTime: null, servings: null });
    // A word the parser does not know as a unit stays in the name, for the cook to correct in the form.
    expect(body.ingredients).toEqual([
      { quantity: 2, unit: null, name: 'slices bread' }, { quantity: null, unit: null, name: 'butter' },
    ]);
  });

  it('falls back to microdata: meta and time values, the recipe\'s own name rather than a nested person\'s', async () => {
    const { body } = await importFrom(cook, page('microdata'));
    expect(body).toEqual({
      name: 'Grandma\'s Pancakes',
      ingredients: [
        { quantity: 2, unit: 'cups', name: 'flour' },
        { quantity: 1.5, unit: 'cups', name: 'milk' },
        { quantity: 2, unit: null, name: 'eggs' },
      ],
      directions: '1. Whisk everything together.\n2. Fry in a hot pan.',
      prepTime: 10, totalTime: 25, servings: 4, sourceUrl: page('microdata'), photo: null,
    });
  });

  it('reads microdata HowToSteps when the only JSON-LD on the page is not a recipe', async () => {
    const { body } = await importFrom(cook, page('microdata-steps'));
    expect(body).toMatchObject({
      name: 'Tomato Soup', totalTime: 60, servings: 3, directions: '1. Roast the tomatoes.\n2. Blend with the onion.',
    });
    expect(body.ingredients).toEqual([{ quantity: 1, unit: 'kg', name: 'tomatoes' }, { quantity: 1, unit: null, name: 'onion' }]);
  });

  it('finds a Recipe nested as a page\'s mainEntity past a broken JSON-LD block, with an ItemList of steps', async () => {
    const { body } = await importFrom(cook, page('nested-main-entity'));
    expect(body).toMatchObject({ name: 'Green Curry', prepTime: 20, totalTime: 90, servings: 4 });
    expect(body.ingredients[0]).toEqual({ quantity: 400, unit: 'ml', name: 'coconut milk' });
    expect(body.directions).toBe('1. Fry the paste.\n2. Add milk and chicken; simmer.');
  });

  it('answers 422 with a clear message for a page without a recipe, one that fails or one too large', async () => {
    const none = await importFrom(cook, page('no-recipe'));
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'UNPROCESSABLE', message: api.mealMessages.importNoRecipe });
    for (const url of [`${base}/missing`, `${base}/huge`, 'http://127.0.0.1:1/closed']) {
      const res = await importFrom(cook, url);
      expect(res.status, url).toBe(422);
      expect(res.body.message).toBe(api.mealMessages.importUnreachable);
    }
  });

  it('follows up to 3 redirects and answers the final address as the source', async () => {
    const { status, body } = await importFrom(cook, `${base}/hops/2`);
    expect(status).toBe(200);
    expect(body.sourceUrl).toBe(page('microdata'));
    const tooMany = await importFrom(cook, `${base}/hops/3`);
    expect(tooMany.status).toBe(422);
  });

  it('saves nothing, records a meal_imported usage event, and saves servings and source with the meal', async () => {
    const before = await t.db.select().from(meals).where(eq(meals.familyId, cook.user.familyId!));
    const { body: draft } = await importFrom(cook, page('microdata'));
    expect(await t.db.select().from(meals).where(eq(meals.familyId, cook.user.familyId!))).toEqual(before);
    const events = await t.db.select().from(familyEvents)
      .where(and(eq(familyEvents.familyId, cook.user.familyId!), eq(familyEvents.type, 'meal_imported')));
    expect(events.at(-1)?.data).toEqual({ host: '127.0.0.1', ingredientCount: 3, photo: false });
    const saved = await cook.call(api.createMeal, { body: draft });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Grandma\'s Pancakes', servings: 4, sourceUrl: page('microdata') });
  });

  it('refuses a READ_ONLY member, an address that is not http(s), and more than 20 imports a user per hour', async () => {
    const reader = await joinAs(t, cook, 'READ_ONLY');
    const refused = await importFrom(reader, page('microdata'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(readOnlyMessage);
    for (const url of ['file:///etc/passwd', 'ftp://example.org/x', 'gopher://127.0.0.1/', 'not a url']) {
      const res = await importFrom(cook, url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(api.mealMessages.importInvalidUrl);
    }
    const busy = await signUp(t, { name: 'Busy' });
    for (let i = 0; i < 20; i++) expect((await importFrom(busy, page('missing-times'))).status).toBe(200);
    const limited = await importFrom(busy, page('missing-times'));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(api.mealMessages.importTooMany);
    expect((await importFrom(cook, page('missing-times'))).status).toBe(200);
  });
});

describe('importing without IMPORT_ALLOW_PRIVATE_HOSTS', () => {
  let t: TestApp;
  let cook: SignedInUser;
  beforeAll(async () => { ({ t, member: cook } = await familyOfOne('Cook')); });
  afterAll(async () => { await t.close(); });

  it('refuses loopback, private, link-local and metadata addresses, by literal or by name, without connecting', async () => {
    const port = (site.address() as AddressInfo).port;
    hits.length = 0;
    const urls = [
      page('microdata'), `http://localhost:${port}/pages/microdata.html`, `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`, 'http://10.0.0.1/', 'http://10.255.1.2:8080/recipe',
      'http://169.254.169.254/latest/meta-data/', 'http://192.168.1.1/', 'http://0.0.0.0/', 'https://[fd00:ec2::254]/',
    ];
    for (const url of urls) {
      const res = await importFrom(cook, url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(api.mealMessages.importRefused);
    }
    expect(hits).toEqual([]);
  });

  it('refuses a redirect to loopback, 10.0.0.0/8 or 169.254.169.254 (each hop checked like the first)', async () => {
    // The loopback site stands in for a public one through a test policy in safe-fetch.test.ts; here a redirect
    // from an address the server would never reach is not even followed.
    const res = await importFrom(cook, `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(api.mealMessages.importRefused);
  });
});
