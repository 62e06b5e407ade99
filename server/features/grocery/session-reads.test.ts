import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '@hearth/contract/accounts';
import { SessionLookups } from '../../platform/auth/sessions.ts';
import { createTestApp, signUp, statementsOf, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { itemsWithSession, parseItems, parseVersionedItems } from './repository/items.ts';
import { listsWithSession, parseLists } from './repository/lists.ts';
import { joinAs, newItem, newList } from './test-helpers.ts';

/**
 * The grocery hot reads run inside session lookups answered together (`SessionLookups`): each caller's read is of
 * their own family only, with their own route params, whatever else shares the statement.
 */

let t: TestApp;
let ada: SignedInUser;
let ben: SignedInUser;
let zed: SignedInUser;
let adaList: string;
let zedList: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ben = await joinAs(t, ada, 'READ_ONLY', 'Ben');
  zed = await signUp(t, { name: 'Zed' });
  adaList = await newList(ada, 'Market');
  zedList = await newList(zed, 'Zed\'s');
  await newItem(ada, adaList, 'Milk');
  await newItem(zed, zedList, 'Nails');
});
afterAll(async () => { await t.close(); });

/** The read of a server that holds no list's answer. */
const itemsRead = itemsWithSession(() => undefined);
/** The names of the items a read answered (null for none), with the version it answered. */
const itemNames = (read: unknown, listId: string, familyId: string) => {
  if (typeof read !== 'string') return null;
  const { version, text } = parseVersionedItems(read);
  return { version, names: text === null ? null : parseItems(text, listId, familyId).map((i) => i.name) };
};

describe('hot reads in session lookups answered together', () => {
  it('read each caller\'s own family\'s list by the caller\'s own param, in one statement, null for another family\'s', async () => {
    const signedOut = await signUp(t, { name: 'Cleo' });
    expect((await signedOut.call(accounts.logout)).status).toBeLessThan(300);
    const lookups = new SessionLookups(t.db, t.clock);
    const each = [
      [ada, adaList], [ben, adaList], [zed, zedList], [zed, adaList], [ada, zedList], [signedOut, adaList],
    ] as const;
    // Each twice, the others in between: a lookup asked again (same token, same params) is read once.
    const asked = [...each, ...each];
    let answers: Awaited<ReturnType<SessionLookups['resolveWith']>>[] = [];
    const statements = await statementsOf(t, async () => {
      answers = await Promise.all(asked.map(([user, listId]) =>
        lookups.resolveWith(user.token, itemsRead, { listId })));
    });
    expect(statements).toBe(1);
    const names = (answer: (typeof answers)[number], listId: string) => answer && [
      answer.caller.name, itemNames(answer.read, listId, answer.caller.familyId!)?.names ?? null,
    ];
    const expected = [['Ada', ['Milk']], ['Ben', ['Milk']], ['Zed', ['Nails']], ['Zed', null], ['Ada', null], null];
    expect(answers.map((a, i) => names(a, asked[i]![1]))).toEqual([...expected, ...expected]);
  });

  it('answer lookups with different reads, or none, each by its own statement', async () => {
    const lookups = new SessionLookups(t.db, t.clock);
    let answers: unknown[] = [];
    const statements = await statementsOf(t, async () => {
      answers = await Promise.all([
        lookups.resolveWith(ada.token, listsWithSession),
        lookups.resolveWith(zed.token, listsWithSession),
        lookups.resolveWith(ada.token, itemsRead, { listId: adaList }),
        lookups.resolve(ben.token).then((caller) => caller?.name),
      ]);
    });
    expect(statements).toBe(3);
    const [adaLists, zedLists, adaItems, benName] = answers as [
      { read: string }, { read: string }, { read: string }, string,
    ];
    expect(parseLists(adaLists.read).map((l) => l.title)).toEqual(['Market']);
    expect(parseLists(zedLists.read).map((l) => l.title)).toEqual(['Zed\'s']);
    expect(itemNames(adaItems.read, adaList, ada.user.familyId!)?.names).toEqual(['Milk']);
    expect(benName).toBe('Ben');
  });

  it('skip reading the items of a list at the version the server holds, and still answer another family nothing', async () => {
    const lookups = new SessionLookups(t.db, t.clock);
    const first = await lookups.resolveWith(ada.token, itemsRead, { listId: adaList });
    const version = itemNames(first?.read, adaList, ada.user.familyId!)!.version;
    const holding = itemsWithSession((listId) => (listId === adaList ? version : undefined));
    const [held, zedAsking] = await Promise.all([
      lookups.resolveWith(ben.token, holding, { listId: adaList }),
      lookups.resolveWith(zed.token, holding, { listId: adaList }),
    ]);
    expect(itemNames(held?.read, adaList, ada.user.familyId!)).toEqual({ version, names: null });
    expect(zedAsking?.read).toBeNull();
    await newItem(ada, adaList, 'Eggs');
    const changed = await lookups.resolveWith(ben.token, holding, { listId: adaList });
    const after = itemNames(changed?.read, adaList, ada.user.familyId!)!;
    expect(after.version).toBeGreaterThan(version);
    expect(after.names).toEqual(['Eggs', 'Milk']);
  });
});
