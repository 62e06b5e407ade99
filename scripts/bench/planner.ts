/**
 * Week planner benchmark (issue 51): a family with 2,000 recipes of 15 ingredients and 52 planned weeks of 21 meals
 * (breakfast, lunch, dinner), beside a second family of the same size. Times over loopback HTTP against the real app:
 * GET /api/meal-plan (one week), GET /api/meal-plan/shopping (the review sheet of a week of 21 recipes) and
 * POST /api/meal-plan/shopping (all its lines onto a new list, what the week had forgotten before each run, the
 * statistics kept current as the app's maintenance and PostgreSQL's autovacuum keep them), p50/p95,
 * with the process's CPU (server, engine and client threads together) per request.
 * Always on PGlite (in memory); also on PostgreSQL when DATABASE_URL is set. Run: `node scripts/bench/planner.ts`.
 */
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../server/platform/db/client.ts';
import { calendarEvents, groceryLists, mealIngredients, mealPlanShopped, meals } from '../../server/platform/db/schema.ts';
import { analyzeWhereNeeded } from '../../server/platform/db/maintenance.ts';
import { timeGets } from './support/client.ts';
import { analyze, familyToday, insertChunks, member, onEachEngine, percentile, serveApp, summary } from './support/common.ts';

const recipeCount = 2000;
const ingredientsPerRecipe = 15;
const weeks = 52;
const warmup = 20;
const runs = 200;
const shopRuns = 60;
const units = ['g', 'kg', 'cup', 'tbsp', 'tsp', 'ml', null, 'can', 'oz', 'lb'];
const slots = ['08:00:00', '12:00:00', '18:00:00'];

const today = familyToday;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Next week's Monday: every planned week is ahead. */
const firstMonday = addDays(today, 7 - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The recipes (ingredient names from a pool of 80, so a week's recipes share some) and the planned weeks. */
async function fill(db: Db, familyId: string): Promise<void> {
  const recipes: { id: string }[] = [];
  await insertChunks(Array.from({ length: recipeCount }, (_, i) => ({ familyId, name: `Recipe ${i}`, servings: 4, searchText: `recipe ${i}` })),
    async (chunk) => { recipes.push(...await db.insert(meals).values(chunk).returning({ id: meals.id })); });
  const ingredients = recipes.flatMap((r, i) => Array.from({ length: ingredientsPerRecipe }, (_, j) => ({
    mealId: r.id, position: j, name: `Ingredient ${(i * 7 + j * 13) % 80}`, quantity: 1 + (j % 4), unit: units[(i + j) % units.length] ?? null,
  })));
  await insertChunks(ingredients, (chunk) => db.insert(mealIngredients).values(chunk));
  const planned = Array.from({ length: weeks * 21 }, (_, n) => {
    const date = addDays(firstMonday, Math.floor(n / 3));
    const start = `${date}T${slots[n % 3]}`;
    return {
      familyId, title: `Recipe ${n % recipeCount}`, startTime: start, endTime: start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
      isMeal: true, mealId: recipes[(n * 37) % recipeCount]!.id, servings: n % 2 ? 6 : null,
    };
  });
  await insertChunks(planned, (chunk) => db.insert(calendarEvents).values(chunk));
}

function cpuAround<T>(requests: number, run: () => Promise<T>): Promise<{ result: T; cpuUs: number }> {
  const before = process.cpuUsage();
  return run().then((result) => {
    const used = process.cpuUsage(before);
    return { result, cpuUs: (used.user + used.system) / requests };
  });
}

async function bench(label: string, database: Database): Promise<void> {
  const { app, base } = await serveApp(database, { env: { WRITES_PER_MINUTE: '1000000' } });
  try {
    const ada = await member(database.db, 'Ada');
    await fill(database.db, ada.familyId);
    const oz = await member(database.db, 'Oz');
    await fill(database.db, oz.familyId);
    await analyze(database);
    const headers = { authorization: `Bearer ${ada.token}` };
    const week = addDays(firstMonday, 7 * 20);

    const load = await cpuAround(warmup + runs, () => timeGets(`${base}/api/meal-plan?weekStart=${week}`, headers, warmup + runs));
    const meals = (JSON.parse(load.result.body) as { meals: unknown[] }).meals.length;
    console.log(`${label}: week load (${recipeCount} recipes, ${weeks} planned weeks; ${meals} meals): ${summary(load.result.samples.slice(warmup))}, `
      + `process CPU ${(load.cpuUs / 1000).toFixed(2)} ms a request`);

    const dates = Array.from({ length: 7 }, (_, i) => addDays(week, i)).join(',');
    const sheet = await cpuAround(warmup + runs, () => timeGets(`${base}/api/meal-plan/shopping?weekStart=${week}&dates=${dates}`, headers, warmup + runs));
    const lines = (JSON.parse(sheet.result.body) as { lines: { key: string }[] }).lines;
    console.log(`${label}: review sheet (21 recipes × ${ingredientsPerRecipe} ingredients → ${lines.length} lines): `
      + `${summary(sheet.result.samples.slice(warmup))}, process CPU ${(sheet.cpuUs / 1000).toFixed(2)} ms a request`);

    const samples: number[] = [];
    let cpuUs = 0;
    for (let i = 0; i < shopRuns + 5; i++) {
      // Each run adds 154 items: 10,000 in seconds, where a family adds that many in months. The statistics are kept
      // as the app's maintenance job (PGlite) and autovacuum (PostgreSQL) keep them, by the same rule, between runs.
      await analyzeWhereNeeded(database);
      await database.db.delete(mealPlanShopped).where(eq(mealPlanShopped.familyId, ada.familyId));
      const [list] = await database.db.insert(groceryLists).values({ familyId: ada.familyId, title: `Shop ${i}` }).returning();
      const body = JSON.stringify({ weekStart: week, dates: dates.split(','), listId: list!.id, keys: lines.map((l) => l.key) });
      const before = process.cpuUsage();
      const started = performance.now();
      const res = await fetch(`${base}/api/meal-plan/shopping`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      const answer = await res.text();
      if (!res.ok) throw new Error(`shop: ${res.status} ${answer}`);
      if (i >= 5) {
        samples.push(performance.now() - started);
        const used = process.cpuUsage(before);
        cpuUs += used.user + used.system;
      }
    }
    console.log(`${label}: shop for a week (${lines.length} lines onto a new list): ${summary(samples)}, `
      + `process CPU ${(cpuUs / shopRuns / 1000).toFixed(2)} ms a request (p99 ${percentile(samples, 99).toFixed(1)} ms)`);
  } finally {
    await app.close();
    await database.close();
  }
}

await onEachEngine(bench);
