import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '@hearth/contract/endpoint';
import * as accounts from '@hearth/contract/accounts';
import * as ai from '@hearth/contract/ai-planner';
import * as calendar from '@hearth/contract/calendar';
import * as family from '@hearth/contract/family';
import * as grocery from '@hearth/contract/grocery';
import * as locations from '@hearth/contract/locations';
import * as meals from '@hearth/contract/meals';
import * as todos from '@hearth/contract/todos';
import { testPhoto } from '../features/meals/testing.ts';
import type { App } from '../platform/http/route.ts';
import { randomIp, request, signUp, superadminHeaders, type Answer, type CallInput, type SignedInUser, type TestApp } from './harness.ts';

/** A family using every feature, made through the API; its ids, for reading everything back. */
export interface Household {
  familyId: string;
  admin: SignedInUser;
  editor: SignedInUser;
  inviteToken: string;
  listIds: string[];
  mealIds: string[];
  /** The first meal's photo version. */
  photoVersion: string;
  eventIds: string[];
  locationIds: string[];
  calendarKey: string;
  todoListIds: string[];
}

/**
 * Members, a child, invites, lists with items, comments and recurring items, recipes, events, places, AI ideas. The
 * clock moves a second after each call, as a family's changes come one after another.
 */
export async function makeHousehold(t: TestApp): Promise<Household> {
  const ok = async (answer: Promise<Answer>, what: string): Promise<any> => {
    const res = await answer;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    t.clock.advance(1000);
    return res.body;
  };
  const admin = await signUp(t, { name: 'Alex Admin' });
  t.clock.advance(1000);
  const familyId = admin.user.familyId!;
  const invite = await ok(admin.call(family.createInvite, { body: { invitedEmail: null } }), 'invite');
  const editor = await signUp(t, { name: 'Eddie Editor', inviteToken: invite.token });
  const pending = await ok(admin.call(family.createInvite, { body: { invitedEmail: 'grandma@example.test' } }), 'invite');
  await ok(admin.call(family.addMember, { body: { name: 'Kid', birthday: '2018-04-02' } }), 'child');
  await ok(admin.call(family.setFamilyName, { body: { familyName: 'The Testers' } }), 'rename');
  await ok(admin.call(family.setTimezone, { body: { timezone: 'America/Chicago' } }), 'timezone');
  const members: { id: string; name: string }[] = await ok(admin.call(family.listMembers), 'members');
  await ok(admin.call(family.setMemberColor, { params: { id: members[0]!.id }, body: { color: '#3366ff' } }), 'colour');
  await ok(admin.call(family.autoAssignNumbers), 'numbers');

  const listIds: string[] = [];
  for (const title of ['Weekly shop', 'Hardware']) {
    listIds.push((await ok(admin.call(grocery.createList, { body: { familyId, title } }), 'list')).id);
  }
  const items = [];
  for (const [i, name] of ['Eggs', 'Milk', 'Flour', 'Apples', 'Tomatoes', 'Bread'].entries()) {
    items.push(await ok(editor.call(grocery.addItem, {
      body: { name, quantity: i % 2 ? 1.5 : null, unit: i % 2 ? 'kg' : null, category: i % 3 ? 'Produce' : null, listId: listIds[0]! },
      headers: { 'idempotency-key': `add-${i}` },
    }), 'item'));
  }
  await ok(editor.call(grocery.updateItem, { params: { itemId: items[1].id }, body: { isPurchased: true } }), 'purchase');
  await ok(editor.call(grocery.addItem, { body: { name: 'Screws', listId: listIds[1]! } }), 'item');
  await ok(admin.call(grocery.setCategoryOrder, { params: { familyId }, body: { categories: ['Produce', 'Dairy'] } }), 'order');
  const comment = await ok(admin.call(grocery.addComment, { body: { listId: listIds[0]!, text: 'Get the big eggs' } }), 'comment');
  await ok(editor.call(grocery.addComment, { body: { listId: listIds[0]!, text: 'OK!', parentId: comment.id } }), 'reply');
  await ok(admin.call(grocery.createRecurringItem, {
    body: { name: 'Coffee', quantity: 1, unit: 'bag', listId: listIds[0]!, frequency: 'WEEKLY' },
  }), 'recurring');

  const mealIds: string[] = [];
  const meal = await ok(admin.call(meals.createMeal, { body: {
    name: 'Pancakes', directions: 'Whisk, rest, fry.', prepTime: 10, totalTime: 25, servings: 4,
    sourceUrl: 'https://recipes.example/pancakes',
    ingredients: [{ name: 'Flour', quantity: 2, unit: 'cups' }, { name: 'Eggs', quantity: 2 }, { name: 'Salt' }],
    tags: ['Breakfast'],
  } }), 'meal');
  mealIds.push(meal.id);
  const photo = await ok(admin.call(meals.setMealPhoto, {
    params: { id: meal.id }, body: await testPhoto(640, 480, 'jpeg') as never, headers: { 'content-type': 'image/jpeg' },
  }), 'meal photo');
  await ok(admin.call(meals.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: listIds[0]!, servings: 8 } }), 'meal to list');

  const eventIds: string[] = [];
  const attendeeIds = members.slice(0, 2).map((m) => m.id);
  const single = await ok(admin.call(calendar.createEvent, { body: {
    title: 'Dentist', startTime: '2026-03-03T09:30:00', endTime: '2026-03-03T10:30:00', attendeeIds, categoryId: 'appointment',
    description: 'Bring the card', location: 'Smile Clinic',
  } }), 'event');
  const series = await ok(admin.call(calendar.createEvent, { body: {
    title: 'Swimming', startTime: '2026-03-02T17:00:00', endTime: '2026-03-02T18:00:00', recurringPattern: 'WEEKLY',
    recurringEndDate: '2026-05-01', reminderMinutes: 30,
  } }), 'series');
  await ok(admin.call(calendar.updateEvent, {
    params: { id: series.id }, query: { editType: 'single', occurrenceDate: '2026-03-09' },
    body: { title: 'Swimming (late)', startTime: '2026-03-09T18:00:00', endTime: '2026-03-09T19:00:00' },
  }), 'edit occurrence');
  const deleted = await admin.call(calendar.deleteEvent, { params: { id: series.id }, query: { deleteType: 'single', occurrenceDate: '2026-03-16' } });
  if (deleted.status !== 204) throw new Error(`delete occurrence: ${deleted.status}`);
  const dinner = await ok(admin.call(calendar.createEvent, { body: {
    title: 'Pancake night', startTime: '2026-03-04T18:00:00', endTime: '2026-03-04T19:00:00', isMeal: true, mealId: meal.id, reminderMinutes: 60,
  } }), 'meal event');
  eventIds.push(single.id, series.id, dinner.id);
  const feed = await ok(admin.call(calendar.calendarExportUrl), 'calendar url');

  const tag = await ok(admin.call(locations.createTag, { body: { name: 'Pizza' } }), 'tag');
  const place = await ok(admin.call(locations.createLocation, { body: {
    name: 'Luigi’s', address: '1 Main St', latitude: 40.7128, longitude: -74.006, rating: 4, isFavorite: true, tags: [tag.id],
    notes: 'Ask for the back table',
  } }), 'location');
  const park = await ok(editor.call(locations.createLocation, { body: { name: 'Park' } }), 'location');
  await ok(admin.call(locations.createLocationNote, { body: { locationId: place.id, note: 'Great crust', isPersonal: false } }), 'note');
  await ok(editor.call(locations.createLocationNote, { body: { locationId: place.id, note: 'My own note', isPersonal: true } }), 'note');

  const todoListIds: string[] = [];
  const chores = await ok(editor.call(todos.createTodoList, { body: { title: 'Chores', color: '#2a9d8f' } }), 'todo list');
  const errands = await ok(admin.call(todos.createTodoList, { body: { title: 'Errands' } }), 'todo list');
  todoListIds.push(chores.id, errands.id);
  const kid = members.find((m) => m.name === 'Kid')!.id;
  const dishes = await ok(editor.call(todos.createTask, { body: {
    listId: chores.id, title: 'Dishes', assigneeId: kid, stars: 3, dueDate: '2026-03-02', dueTime: '18:00',
    repeat: { frequency: 'WEEKLY', weekdays: [1, 3, 5] },
  }, headers: { 'idempotency-key': 'todo-1' } }), 'chore');
  await ok(editor.call(todos.completeTask, { params: { taskId: dishes.id }, body: {} }), 'chore done');
  await ok(editor.call(todos.skipTask, { params: { taskId: dishes.id }, body: {} }), 'chore skipped');
  const post = await ok(admin.call(todos.createTask, { body: {
    listId: errands.id, title: 'Post the forms', notes: 'Stamps in the drawer', assigneeId: members[0]!.id, dueDate: '2026-02-27',
  } }), 'task');
  await ok(admin.call(todos.createTask, { body: { listId: errands.id, title: 'Call the plumber' } }), 'task');
  await ok(admin.call(todos.completeTask, { params: { taskId: post.id }, body: {} }), 'task done');
  const treat = await ok(admin.call(todos.createReward, { body: { memberId: kid, title: 'Ice cream', goalStars: 2 } }), 'reward');
  await ok(admin.call(todos.createReward, { body: { memberId: kid, title: 'Movie night', goalStars: 50 } }), 'reward');
  await ok(admin.call(todos.redeemReward, { params: { rewardId: treat.id } }), 'redeem');

  await ok(admin.call(ai.generateMeals, { body: { proteinChoice: 'chicken', timeToPrepare: '20-60 min' } }), 'ai ideas');
  // Rows other features keep: an emailed code, a reset link, throttled attempts.
  await ok(t.call(accounts.requestCode, { body: { email: editor.email } }), 'code');
  await ok(t.call(accounts.requestPasswordReset, { body: { email: admin.email } }), 'reset');
  await t.call(accounts.login, { body: { email: admin.email, password: 'wrong-password-1' } });

  return {
    familyId, admin, editor, inviteToken: pending.token, listIds, mealIds, photoVersion: photo.photo.version, eventIds,
    locationIds: [place.id, park.id], calendarKey: new URL(feed.calendarUrl).searchParams.get('key') ?? '', todoListIds,
  };
}

/** Every endpoint of the contract (each file of `contract/`), found by its shape. */
async function contractEndpoints(): Promise<Endpoint[]> {
  const dir = fileURLToPath(new URL('../../contract/', import.meta.url));
  const found = new Map<string, Endpoint>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = await import(`${dir}${file}`) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const e = value as Partial<Endpoint> | null;
      if (e && typeof e === 'object' && typeof e.method === 'string' && typeof e.path === 'string' && 'response' in e) {
        found.set(`${e.method} ${e.path}`, e as Endpoint);
      }
    }
  }
  return [...found.values()];
}

type Reads = (h: Household) => CallInput[];

/** How each read of the contract is asked about a household; a read missing here fails `householdAnswers`. */
const reads: Record<string, Reads | 'stream'> = {
  'GET /api/health': () => [{}],
  'GET /api/ready': () => [{}],
  'GET /api/me': () => [{}],
  'GET /api/ai-meal-planner/usage': () => [{}],
  'GET /api/calendar/events': () => [{ query: { startDate: '2026-02-20', endDate: '2026-05-10' } }],
  'GET /api/calendar/events/{id}': (h) => h.eventIds.map((id) => ({ params: { id } })),
  'GET /api/calendar/categories': () => [{}],
  'GET /api/family-members/calendar-export-url': () => [{}],
  'GET /api/dashboard/newsfeed': () => [{}],
  'GET /api/family-members': () => [{}],
  'GET /api/family-members/birthdays': () => [{ query: { startDate: '2026-02-20', endDate: '2027-05-10' } }],
  'GET /api/family-members/family-name': () => [{}],
  'GET /api/family/invites': () => [{}],
  'GET /api/family/invite/{token}': (h) => [{ params: { token: h.inviteToken } }],
  'GET /api/grocery-lists/{familyId}': (h) => [{ params: { familyId: h.familyId } }],
  'GET /api/grocery/list/{listId}': (h) => h.listIds.map((listId) => ({ params: { listId } })),
  'GET /api/grocery/suggestions/{familyId}': (h) => [{ params: { familyId: h.familyId }, query: { q: 'e' } }],
  'GET /api/grocery/categories/{familyId}': (h) => [{ params: { familyId: h.familyId } }],
  'GET /api/grocery/category-order/{familyId}': (h) => [{ params: { familyId: h.familyId } }],
  'GET /api/grocery-comments/list/{listId}': (h) => h.listIds.map((listId) => ({ params: { listId } })),
  'GET /api/recurring-items/family/{familyId}': (h) => [{ params: { familyId: h.familyId } }],
  'GET /api/live': 'stream',
  'GET /api/locations': () => [{}],
  'GET /api/locations/favorites': () => [{}],
  'GET /api/locations/search': () => [{ query: { query: 'lu' } }, { query: { query: '' } }],
  'GET /api/locations/address-suggestions': () => [{ query: { query: 'main' } }],
  'GET /api/tags': () => [{}],
  'GET /api/location-notes/location/{id}': (h) => h.locationIds.map((id) => ({ params: { id } })),
  'GET /api/location-notes/my-notes': () => [{}],
  'GET /api/location-notes/location/{id}/count': (h) => h.locationIds.map((id) => ({ params: { id } })),
  'GET /api/meals/family/{familyId}': (h) => [{ params: { familyId: h.familyId } }],
  'GET /api/meals/family/{familyId}/tags': (h) => [{ params: { familyId: h.familyId } }],
  'GET /api/meals/family/{familyId}/search': (h) => [{ params: { familyId: h.familyId }, query: { q: 'flour' } }],
  'GET /api/meals/{id}': (h) => h.mealIds.map((id) => ({ params: { id } })),
  'GET /api/meals/{id}/photo/{version}': (h) => [
    { params: { id: h.mealIds[0]!, version: h.photoVersion } },
    { params: { id: h.mealIds[0]!, version: h.photoVersion }, query: { size: 'card' } },
  ],
  'GET /api/meal-plan': () => [{ query: { weekStart: '2026-03-02' } }],
  'GET /api/meal-plan/shopping': () => [{ query: { weekStart: '2026-03-02', dates: '2026-03-04' } }],
  'GET /api/meal-plan/list-notes/{listId}': (h) => h.listIds.map((listId) => ({ params: { listId } })),
  'GET /api/notifications': () => [{}],
  'GET /api/notifications/unread-count': () => [{}],
  'GET /api/notifications/lists/{listId}': (h) => h.listIds.map((listId) => ({ params: { listId } })),
  'GET /api/notifications/preferences': () => [{}],
  'GET /api/notifications/push/key': () => [{}],
  'GET /api/superadmin/users': () => [{}],
  'GET /api/superadmin/users/pending': () => [{}],
  'GET /api/superadmin/families': () => [{}],
  'GET /api/todo-lists': () => [{}],
  'GET /api/todo-lists/{listId}/tasks': (h) => h.todoListIds.flatMap((listId) => [
    { params: { listId } }, { params: { listId }, query: { showDone: 'true' } },
  ]),
  'GET /api/todos/tasks': () => [{}, { query: { showDone: 'true' } }],
  'GET /api/todos/chart': () => [{ query: { weekStart: '2026-02-23' } }, { query: { weekStart: '2026-03-02' } }],
  'GET /api/todos/rewards': () => [{}],
  'GET /api/todos/redemptions': () => [{}],
};

/**
 * The answer of every read of the contract about the household, as each member and the super admin get them, and
 * the calendar feed: what a member sees of their family, keyed by call.
 */
export async function householdAnswers(app: App, h: Household): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  const ip = randomIp();
  for (const e of (await contractEndpoints()).filter((x) => x.method === 'GET')) {
    const read = reads[`${e.method} ${e.path}`];
    if (!read) throw new Error(`No household read for GET ${e.path}: add it to test/household.ts`);
    if (read === 'stream') continue;
    const callers: Record<string, string>[] = e.access === 'superadmin' ? [superadminHeaders()]
      : e.access === 'public' ? [{}]
        : [h.admin, h.editor].map((u) => ({ authorization: `Bearer ${u.token}` }));
    for (const input of read(h)) {
      for (const headers of callers) {
        const res = await request(app, e, { ...input, headers }, ip);
        answers.set(`${e.path} ${JSON.stringify(input)} ${headers.authorization ?? ''}`, { status: res.status, body: res.body });
      }
    }
  }
  const feed = await app.inject({ url: `${calendar.calendarFeedPath}?key=${h.calendarKey}`, remoteAddress: ip });
  // Each event's DTSTAMP is the time the feed was read.
  answers.set('calendar feed', { status: feed.statusCode, body: feed.body.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:') });
  return answers;
}

/** The calls whose answers differ between two sets of answers. */
export function differences(a: Map<string, unknown>, b: Map<string, unknown>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k)));
}
