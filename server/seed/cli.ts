import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../platform/config.ts';
import { migrate, openPglite, openPostgres, type Database } from '../platform/db/client.ts';
import { users } from '../platform/db/schema.ts';
import { perFamily, seedFamilies } from './families.ts';

type Env = Record<string, string | undefined>;

/** The demo's account, and the password of every seeded account (they are sample data, never real people's). */
export const demoEmail = 'demo@hearth.example.com';
export const seedPassword = 'Hearth-sample-1';

const usage = 'Usage: npm run seed -- --families N   |   npm run seed -- --demo';

/**
 * `npm run seed -- --families N`: N realistic families added to the database the server would use (DATABASE_URL,
 * else PGlite in DATA_DIR, migrated first); `--demo`: one family whose first account someone can sign in to.
 */
export async function seedCommand(args: string[], env: Env): Promise<string> {
  const config = loadConfig(env);
  // Two transactions at once on a PostgreSQL server, whose backends run side by side; PGlite runs one at a time.
  const concurrency = config.databaseUrl ? 2 : 1;
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { max: concurrency, directUrl: config.databaseDirectUrl })
    : await openPglite({ dataDir: config.dataDir });
  try {
    await migrate(database);
    return await seed(database, args, concurrency);
  } finally {
    await database.close();
  }
}

/** The command's work on an open, migrated database; answers what it prints. */
export async function seed(database: Database, args: string[], concurrency = 1): Promise<string> {
  const { values } = parseArgs({ args, options: { families: { type: 'string' }, demo: { type: 'boolean' } } });
  if (values.demo && values.families === undefined) return demo(database);
  const families = Number(values.families);
  if (values.demo || !Number.isInteger(families) || families < 1) throw new Error(usage);
  const started = performance.now();
  await seedFamilies(database, {
    families, password: seedPassword, concurrency,
    onBatch: (done) => process.stderr.write(`\r${done} / ${families} families`),
  });
  process.stderr.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Seeded ${families} families in ${seconds} s (each ${perFamily.members} members, ${perFamily.lists} lists, `
    + `${perFamily.recipes} recipes, ${perFamily.events} events, ${perFamily.places} places). `
    + `Every account's password: ${seedPassword}`;
}

async function demo(database: Database): Promise<string> {
  const signIn = `Sign in as ${demoEmail} with the password ${seedPassword}`;
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail));
  if (existing) return `The demo family is already there. ${signIn}.`;
  const [family] = await seedFamilies(database, { families: 1, password: seedPassword, firstEmail: demoEmail });
  return `Made the demo family "${family!.name}" (${family!.accounts.length} accounts, lists, recipes, a calendar and places). ${signIn}.`;
}
