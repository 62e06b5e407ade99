/**
 * Realistic families written in bulk (`npm run seed`): each family is 4 members (2 or 3 accounts, 1 or 2 children
 * without one), 5 lists of 20-80 items with comments, 60 recipes, 400 events of which 20 are series, 30 places with
 * notes. Rows are the ones the app would have written (categories from the built-in dictionary, colours and numbers
 * in joining order, positions newest first, search texts as the services write them), but each table's rows of a
 * batch of families go in one statement (`ColumnRows`), not one API call each.
 */
import { randomUUID } from 'node:crypto';
import { categoryKey, singular } from '@hearth/contract/grocery';
import { mealSlotHours } from '@hearth/contract/calendar';
import { familyDefaults, memberPalette } from '@hearth/contract/family-rules';
import { searchable } from '@hearth/contract/meals';
import { dictionaryCategory } from '../features/grocery/public.ts';
import { hashPassword, hashToken, newToken } from '../platform/auth/secrets.ts';
import { sessionLifetime } from '../platform/auth/sessions.ts';
import type { Database, Tx } from '../platform/db/client.ts';
import { ColumnRows } from './columns.ts';
import * as words from './vocabulary.ts';

export interface SeedOptions {
  families: number;
  /** Every seeded account's password (hashed once). */
  password: string;
  /** Emails are `<first>.<last>.<n>@<emailTag>.example.com` (a fresh tag by default, so seeding twice adds). */
  emailTag?: string;
  /** The first family's first account's email instead (the demo's). */
  firstEmail?: string;
  /** A session per account, its token answered (for benches that would otherwise sign in thousands of times). */
  sessions?: boolean;
  /** Families per transaction. */
  batch?: number;
  /** Transactions at once (each on a connection of its own: PostgreSQL runs them side by side). */
  concurrency?: number;
  now?: Date;
  /** Same seed, same families (names, counts, dates). */
  seed?: number;
  onBatch?: (done: number) => void;
}

export interface SeededAccount { userId: string; memberId: string; email: string; name: string; token?: string }

export interface SeededFamily {
  familyId: string;
  name: string;
  accounts: SeededAccount[];
  memberIds: string[];
  listIds: string[];
  mealIds: string[];
  locationIds: string[];
}

/** What one family holds, for tests and the command's summary. */
export const perFamily = {
  members: 4, lists: 5, itemsMin: 20, itemsMax: 80, recipes: 60, events: 400, series: 20, places: 30,
} as const;

const day = 86_400_000;

export async function seedFamilies(database: Database, options: SeedOptions): Promise<SeededFamily[]> {
  const passwordHash = await hashPassword(options.password);
  const tag = options.emailTag ?? randomUUID().slice(0, 8);
  const now = options.now ?? new Date();
  const random = mulberry32(options.seed ?? 1);
  const batch = options.batch ?? 50;
  const seeded: SeededFamily[] = [];
  const writing = new Set<Promise<void>>();
  let written = 0;
  for (let start = 0; start < options.families; start += batch) {
    const writer = new FamilyWriter(random, now, passwordHash, options.sessions ?? false);
    for (let f = start; f < Math.min(options.families, start + batch); f++) {
      const email = (first: string, last: string, m: number) => (f === 0 && m === 0 && options.firstEmail)
        || `${first.toLowerCase()}.${last.toLowerCase()}.${f}@${tag}.example.com`;
      seeded.push(writer.family(email));
    }
    const write: Promise<void> = database.db.transaction((tx) => writer.write(tx)).then(() => {
      writing.delete(write);
      written += writer.size;
      options.onBatch?.(written);
    });
    writing.add(write);
    if (writing.size >= (options.concurrency ?? 1)) await Promise.race(writing);
  }
  await Promise.all(writing);
  return seeded;
}

/** A batch of families' rows, table by table, in the order references need them. */
class FamilyWriter {
  readonly families = new ColumnRows('families', { id: 'uuid', name: 'text', timezone: 'text', created_at: 'timestamptz' });
  readonly users = new ColumnRows('users', {
    id: 'uuid', email: 'text', name: 'text', password_hash: 'text', status: 'text', email_verified_at: 'timestamptz',
    family_id: 'uuid', created_at: 'timestamptz',
  });
  readonly members = new ColumnRows('family_members', {
    id: 'uuid', family_id: 'uuid', user_id: 'uuid', name: 'text', email: 'text', birthday: 'date', permission_level: 'text',
    color: 'text', member_number: 'int4', created_at: 'timestamptz',
  });
  readonly sessions = new ColumnRows('sessions', { user_id: 'uuid', token_hash: 'text', created_at: 'timestamptz', expires_at: 'timestamptz' });
  readonly lists = new ColumnRows('grocery_lists', { id: 'uuid', family_id: 'uuid', title: 'text', created_at: 'timestamptz' });
  readonly categories = new ColumnRows('grocery_categories', { family_id: 'uuid', key: 'text', name: 'text', created_at: 'timestamptz' });
  readonly items = new ColumnRows('grocery_items', {
    id: 'uuid', family_id: 'uuid', list_id: 'uuid', name: 'text', quantity: 'float8', unit: 'text', category: 'text',
    position: 'int4', is_purchased: 'bool', created_at: 'timestamptz', updated_at: 'timestamptz',
  });
  readonly comments = new ColumnRows('grocery_comments', {
    id: 'uuid', family_id: 'uuid', list_id: 'uuid', user_id: 'uuid', user_name: 'text', text: 'text', parent_id: 'uuid',
    created_at: 'timestamptz',
  });
  readonly meals = new ColumnRows('meals', {
    id: 'uuid', family_id: 'uuid', name: 'text', directions: 'text', prep_time: 'int4', total_time: 'int4', servings: 'int4',
    search_text: 'text', created_by_user_id: 'uuid', created_at: 'timestamptz', updated_at: 'timestamptz',
  });
  readonly ingredients = new ColumnRows('meal_ingredients', {
    meal_id: 'uuid', position: 'int4', name: 'text', quantity: 'float8', unit: 'text',
  });
  readonly mealTags = new ColumnRows('meal_tags', { id: 'uuid', family_id: 'uuid', name: 'text', created_at: 'timestamptz' });
  readonly mealTagLinks = new ColumnRows('meal_tag_links', { meal_id: 'uuid', tag_id: 'uuid' });
  readonly events = new ColumnRows('calendar_events', {
    id: 'uuid', family_id: 'uuid', title: 'text', description: 'text', location: 'text', start_time: 'text', end_time: 'text',
    category_id: 'text', recurring_pattern: 'text', recurring_end_date: 'text', is_meal: 'bool', meal_id: 'uuid',
    created_by_user_id: 'uuid', created_at: 'timestamptz', updated_at: 'timestamptz',
  });
  readonly attendees = new ColumnRows('calendar_event_attendees', { event_id: 'uuid', member_id: 'uuid' });
  readonly places = new ColumnRows('locations', {
    id: 'uuid', family_id: 'uuid', name: 'text', address: 'text', latitude: 'float8', longitude: 'float8', notes: 'text',
    is_favorite: 'bool', rating: 'int4', created_by_user_id: 'uuid', created_at: 'timestamptz', updated_at: 'timestamptz',
  });
  readonly placeTags = new ColumnRows('tags', { id: 'uuid', family_id: 'uuid', name: 'text', created_at: 'timestamptz' });
  readonly placeTagLinks = new ColumnRows('location_tags', { location_id: 'uuid', tag_id: 'uuid' });
  readonly notes = new ColumnRows('location_notes', {
    family_id: 'uuid', location_id: 'uuid', author_user_id: 'uuid', author_name: 'text', note: 'text', is_personal: 'bool',
    created_at: 'timestamptz', updated_at: 'timestamptz',
  });

  private readonly random: () => number;
  private readonly now: Date;
  private readonly passwordHash: string;
  private readonly withSessions: boolean;

  constructor(random: () => number, now: Date, passwordHash: string, withSessions: boolean) {
    this.random = random;
    this.now = now;
    this.passwordHash = passwordHash;
    this.withSessions = withSessions;
  }

  get size(): number {
    return this.families.size;
  }

  async write(tx: Tx): Promise<void> {
    for (const rows of [
      this.families, this.users, this.members, this.sessions, this.lists, this.categories, this.items, this.comments,
      this.meals, this.ingredients, this.mealTags, this.mealTagLinks, this.events, this.attendees, this.places,
      this.placeTags, this.placeTagLinks, this.notes,
    ]) {
      const insert = rows.insert();
      if (insert) await tx.execute(insert);
    }
  }

  family(email: (first: string, last: string, m: number) => string): SeededFamily {
    const last = this.pick(words.familyNames);
    const familyId = randomUUID();
    const name = `${last} Family`;
    const founded = this.ago(200 + this.int(0, 400));
    this.families.add({ id: familyId, name, timezone: familyDefaults.timezone, created_at: founded });
    const children = this.int(1, 2);
    const accounts: SeededAccount[] = [];
    const memberIds: string[] = [];
    const firstNames = this.sample(words.firstNames, perFamily.members);
    for (const [m, first] of firstNames.entries()) {
      const memberId = randomUUID();
      memberIds.push(memberId);
      const joined = new Date(founded.getTime() + m * 3 * day);
      const child = m >= perFamily.members - children;
      const member = {
        id: memberId, family_id: familyId, name: first, color: memberPalette[m], member_number: m + 1, created_at: joined,
      };
      if (child) {
        const born = this.ago(365 * this.int(3, 12) + this.int(0, 364));
        this.members.add({ ...member, permission_level: 'READ_ONLY', birthday: born.toISOString().slice(0, 10) });
        continue;
      }
      const account: SeededAccount = { userId: randomUUID(), memberId, email: email(first, last, m), name: first };
      this.users.add({
        id: account.userId, email: account.email, name: first, password_hash: this.passwordHash, status: 'ACTIVE',
        email_verified_at: joined, family_id: familyId, created_at: joined,
      });
      this.members.add({ ...member, user_id: account.userId, email: account.email, permission_level: m === 0 ? 'ADMIN' : 'EDIT' });
      if (this.withSessions) {
        account.token = newToken();
        this.sessions.add({
          user_id: account.userId, token_hash: hashToken(account.token), created_at: this.now,
          expires_at: new Date(this.now.getTime() + sessionLifetime),
        });
      }
      accounts.push(account);
    }
    const listIds = this.groceries(familyId, accounts);
    const recipes = this.recipes(familyId, accounts);
    this.calendar(familyId, accounts, memberIds, recipes);
    const mealIds = [...recipes.keys()];
    const locationIds = this.locations(familyId, accounts);
    return { familyId, name, accounts, memberIds, listIds, mealIds, locationIds };
  }

  private groceries(familyId: string, accounts: SeededAccount[]): string[] {
    const used = new Map<string, string>();
    const listIds: string[] = [];
    for (const title of words.listTitles) {
      const listId = randomUUID();
      listIds.push(listId);
      const created = this.ago(this.int(30, 180));
      this.lists.add({ id: listId, family_id: familyId, title, created_at: created });
      const size = this.int(perFamily.itemsMin, perFamily.itemsMax);
      // Consecutive names from a random start: no two open items of a list would merge, as the app keeps them.
      const offset = this.int(0, groceryNames.length - 1);
      for (let i = 0; i < size; i++) {
        const name = groceryNames[(offset + i) % groceryNames.length]!;
        const category = categoryOf.get(name)!;
        used.set(categoryKey(category), category);
        // Position 0 is the newest: each add goes on top.
        const added = new Date(this.now.getTime() - (i + 1) * this.int(20, 600) * 60_000);
        this.items.add({
          id: randomUUID(), family_id: familyId, list_id: listId, name, quantity: this.random() < 0.3 ? this.int(2, 4) : 1,
          unit: words.groceryUnits[name] ?? null, category, position: i, is_purchased: this.random() < 0.3,
          created_at: added, updated_at: added,
        });
      }
      const parents: string[] = [];
      for (let c = this.int(0, 6); c > 0; c--) {
        const author = this.pick(accounts);
        const id = randomUUID();
        const parent = parents.length > 0 && this.random() < 0.3 ? this.pick(parents) : null;
        if (!parent) parents.push(id);
        this.comments.add({
          id, family_id: familyId, list_id: listId, user_id: author.userId, user_name: author.name,
          text: this.pick(words.commentTexts), parent_id: parent, created_at: this.ago(c * 0.1),
        });
      }
    }
    for (const [key, name] of used) this.categories.add({ family_id: familyId, key, name, created_at: this.ago(180) });
    return listIds;
  }

  /** The family's recipes: name by id. */
  private recipes(familyId: string, accounts: SeededAccount[]): Map<string, string> {
    const tagIds = words.mealTagNames.map((name) => {
      const id = randomUUID();
      this.mealTags.add({ id, family_id: familyId, name, created_at: this.ago(200) });
      return id;
    });
    const recipes = new Map<string, string>();
    for (let r = 0; r < perFamily.recipes; r++) {
      const id = randomUUID();
      const name = `${this.pick(words.recipeVariants)}${words.recipeNames[r % words.recipeNames.length]}`;
      recipes.set(id, name);
      const ingredients = this.sample(groceryNames.slice(0, 80), this.int(4, 8));
      const prep = 5 * this.int(1, 6);
      const written = this.ago(this.int(1, 300));
      this.meals.add({
        id, family_id: familyId, name, directions: this.pick(words.recipeDirections), prep_time: prep,
        total_time: prep + 5 * this.int(2, 12), servings: this.int(2, 6),
        search_text: searchable([name, ...ingredients].join(' ')), created_by_user_id: this.pick(accounts).userId,
        created_at: written, updated_at: written,
      });
      for (const [position, ingredient] of ingredients.entries()) {
        this.ingredients.add({
          meal_id: id, position, name: ingredient, quantity: this.int(1, 4), unit: words.groceryUnits[ingredient] ?? null,
        });
      }
      for (const tagId of this.sample(tagIds, this.int(0, 2))) this.mealTagLinks.add({ meal_id: id, tag_id: tagId });
    }
    return recipes;
  }

  private calendar(familyId: string, accounts: SeededAccount[], memberIds: string[], recipes: Map<string, string>): void {
    const mealIds = [...recipes.keys()];
    const patterns = ['WEEKLY', 'WEEKLY', 'BI_WEEKLY', 'MONTHLY', 'YEARLY'];
    for (let e = 0; e < perFamily.events; e++) {
      const id = randomUUID();
      const series = e < perFamily.series;
      const meal = !series && this.random() < 0.25;
      const date = this.localDate(series ? -this.int(30, 300) : this.int(-300, 90));
      const hour = meal ? mealSlotHours.DINNER : this.int(7, 20);
      const start = `${date}T${String(hour).padStart(2, '0')}:${this.random() < 0.5 ? '00' : '30'}:00`;
      const mealId = meal ? this.pick(mealIds) : null;
      const written = this.ago(this.int(1, 300));
      this.events.add({
        id, family_id: familyId, title: meal ? recipes.get(mealId!)! : this.pick(series ? words.seriesTitles : words.eventTitles),
        description: this.random() < 0.2 ? 'Bring the forms' : null, location: this.random() < 0.2 ? this.pick(words.placeNames) : null,
        start_time: start, end_time: `${date}T${String(hour + 1).padStart(2, '0')}${start.slice(13)}`,
        category_id: meal || this.random() < 0.3 ? null : this.pick(words.eventCategories),
        recurring_pattern: series ? this.pick(patterns) : null,
        recurring_end_date: series && this.random() < 0.3 ? this.localDate(this.int(30, 200)) : null,
        is_meal: meal, meal_id: mealId, created_by_user_id: this.pick(accounts).userId, created_at: written, updated_at: written,
      });
      for (const memberId of this.sample(memberIds, this.int(1, 3))) this.attendees.add({ event_id: id, member_id: memberId });
    }
  }

  private locations(familyId: string, accounts: SeededAccount[]): string[] {
    const tagIds = words.placeTags.map((name) => {
      const id = randomUUID();
      this.placeTags.add({ id, family_id: familyId, name, created_at: this.ago(200) });
      return id;
    });
    const ids: string[] = [];
    for (const name of this.sample(words.placeNames, perFamily.places)) {
      const id = randomUUID();
      ids.push(id);
      const saved = this.ago(this.int(1, 300));
      const author = this.pick(accounts);
      this.places.add({
        id, family_id: familyId, name, address: `${this.int(1, 999)} ${this.pick(words.streets)}, Springfield, IL`,
        latitude: 39.78 + (this.random() - 0.5) / 10, longitude: -89.65 + (this.random() - 0.5) / 10,
        notes: this.random() < 0.3 ? this.pick(words.placeNotes) : null, is_favorite: this.random() < 0.2,
        rating: this.random() < 0.5 ? this.int(1, 5) : null, created_by_user_id: author.userId, created_at: saved, updated_at: saved,
      });
      for (const tagId of this.sample(tagIds, this.int(0, 2))) this.placeTagLinks.add({ location_id: id, tag_id: tagId });
      for (let n = this.int(0, 2); n > 0; n--) {
        const writer = this.pick(accounts);
        this.notes.add({
          family_id: familyId, location_id: id, author_user_id: writer.userId, author_name: writer.name,
          note: this.pick(words.placeNotes), is_personal: this.random() < 0.25, created_at: saved, updated_at: saved,
        });
      }
    }
    return ids;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)]!;
  }

  /** `count` different values, in random order. */
  private sample<T>(values: readonly T[], count: number): T[] {
    const copy = [...values];
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.random() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }

  private ago(days: number): Date {
    return new Date(this.now.getTime() - days * day);
  }

  /** The date `days` from today, `YYYY-MM-DD`. */
  private localDate(days: number): string {
    return new Date(this.now.getTime() + days * day).toISOString().slice(0, 10);
  }
}

const groceryNames = words.groceryNames;
const categoryOf = new Map(groceryNames.map((name) => [name, dictionaryCategory(name)]));
if (new Set(groceryNames.map((name) => singular(name))).size !== groceryNames.length) {
  throw new Error('two seed grocery names would merge');
}

/** A small seeded generator: the same seed gives the same families. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
