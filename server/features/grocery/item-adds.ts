import { randomUUID } from 'node:crypto';
import type { BodyOf } from '@hearth/contract/endpoint';
import { groceryMessages as m, type addItem, type GroceryItem } from '@hearth/contract/grocery';
import { requireEditor, requireOwnFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Tx } from '../../platform/db/client.ts';
import { meals } from '../../platform/db/schema.ts';
import { idsInFamily, isUniqueViolation } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import type { FamilyEvent } from '../../platform/events.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import type { IdempotentCall, SentKey } from '../../platform/idempotency.ts';
import { signedInCaller, tooManyWrites } from '../../platform/http/route.ts';
import { Batches, type Batch, type Outcome } from '../../platform/batches.ts';
import { transactionWithFinalWrite } from '../../platform/db/final-write.ts';
import { genericPlans } from '../../platform/db/plans.ts';
import { toItem } from './mapper.ts';
import { planAdds } from './positions.ts';
import * as repo from './repository.ts';

/**
 * One item add as the route hands it over: the session token sent, the body, and the Idempotency-Key sent if any.
 * Its caller is checked in its batch's transaction (`routeCheckingSession`).
 */
export interface ItemAdd {
  token: string;
  /** The family sent, or the caller's own when none was: the family whose list is locked and read. */
  familyId: string;
  body: BodyOf<typeof addItem>;
  key: SentKey | null;
}

/**
 * Item adds, written in batches per list (group commit, `Batches`): the adds that arrive while a list's batch
 * is being written go together in its next one, one transaction under the list's lock. A batch lays its adds on
 * the list as if each were a call of its own in arrival order (`planAdds`), and answers, refuses and records each
 * as that call would have: a burst on one list costs a few transactions instead of one an add, and each one's
 * round trips under the lock are shared. Each add's session is read in its batch's first round trip, so an add
 * arriving during a batch waits for the next one only, not first for a session lookup (which, on the embedded
 * engine, cannot run while a batch's transaction is open).
 */
export class ItemAdds {
  private readonly deps: Deps;
  private readonly batches: Batches<ItemAdd, GroceryItem>;

  constructor(deps: Deps) {
    this.deps = deps;
    // Two adds with one key go in two batches: the second is then answered from the first's stored answer. After a
    // burst, the next batch waits up to 2 ms for its callers' next adds: without, it often left with the one or two
    // that came first, its fixed cost paid for them alone, and the rest waited behind it (50 members adding at once:
    // p95 29-34 ms, 22-28 with it, batches interleaved in one process on a 2-core machine).
    this.batches = new Batches((batch) => this.write(batch), {
      apart: ({ token, key }) => (key ? JSON.stringify([token, key.route, key.key]) : null),
      gather: 2,
    });
  }

  /** Batched by list and family; an add by a caller of another family is refused in the batch (404). */
  add(add: ItemAdd): Promise<GroceryItem> {
    return this.batches.submit(`${add.familyId}:${add.body.listId}`, add);
  }

  /**
   * One batch: adds to one list of the family sent (the key's), in two round trips whatever their number. First
   * the list's lock, with the reads sent right behind it: the callers' sessions (and their write rates counted), the
   * recipe and recurring ids sent (only when some are), the answers stored under the keys sent, and the matches with
   * the list's state. Then one statement writing the items, their events and live changes, the keys with their
   * answers, and the sessions' sliding expiry, sent with the COMMIT. New items' ids are made here, so every answer is
   * known before that write.
   */
  private async write(batch: Batch<ItemAdd>): Promise<Outcome<GroceryItem>[]> {
    try {
      return await this.attempt(batch);
    } catch (error) {
      // A key recorded meanwhile by a batch of another list (the same key sent twice): once more, it is answered.
      if (!isUniqueViolation(error)) throw error;
      return this.attempt(batch);
    }
  }

  private attempt(batch: Batch<ItemAdd>): Promise<Outcome<GroceryItem>[]> {
    const { familyId, body: { listId } } = batch.first;
    const now = this.deps.clock.now();
    return transactionWithFinalWrite(this.deps.db, async (tx) => {
      const adds = batch.take();
      const keyed = adds.flatMap((add, i) => (add.key ? [{ i, sent: { ...add.key, token: add.token } }] : []));
      const items = adds.map((add) => newItem(add.body, listId, familyId));
      // Sent together, the plan setting and then the list's lock first: the engine runs them in that order without
      // waiting for this thread between them, and the reads, each seeing what was committed before it began, see the
      // list as locked.
      const tokens = adds.map((add) => add.token);
      // The write rate's counts are in this transaction: a batch run again counts its adds once.
      const [, list, sessions, withinRate, refusals, stored, read] = await Promise.all([
        genericPlans(tx),
        repo.lockList(tx, listId, familyId),
        this.deps.sessions.callersIn(tx, tokens),
        this.deps.writeRate.takeFor(tx, tokens, now),
        referenceRefusals(tx, familyId, listId, adds),
        this.deps.idempotency.answeredFor(tx, keyed.map((k) => k.sent)),
        repo.openMatches(tx, { id: listId, familyId }, items.map((i) => ({ name: i.name, unit: i.unit ?? null }))),
      ]);
      // Each add's refusals in the order its own call would meet them: its session and write rate, its access to
      // the family sent, the list (404 unless the family's), then what it names.
      const members: (FamilyCaller | undefined)[] = [];
      const outcomes: (Outcome<GroceryItem> | undefined)[] = adds.map((add, i) => {
        try {
          const caller = signedInCaller(sessions.callers[i] ?? null);
          if (!withinRate[i]) throw tooManyWrites();
          const member = requireEditor(caller);
          requireOwnFamily(member, add.familyId);
          if (!list) throw notFound(m.listNotFound);
          members[i] = member;
        } catch (error) {
          return { ok: false, error };
        }
        const refusal = refusals[i];
        return refusal ? { ok: false, error: refusal } : undefined;
      });
      // A refused add is refused even if its key holds an answer; the others' keys answer them, or refuse a key
      // first sent with another add.
      keyed.forEach(({ i }, k) => {
        const answer = stored[k];
        if (outcomes[i] || !answer) return;
        outcomes[i] = answer instanceof AppError
          ? { ok: false, error: answer } : { ok: true, value: answer.body as GroceryItem };
      });
      const running = adds.flatMap((_, i) => (outcomes[i] ? [] : [i]));
      const matches = running.map((i) => read.matches[i]!);
      const plan = planAdds(read.state, matches, running.map((i) => items[i]!));
      const onList = new Map(matches.flatMap((match) => (match.item ? [[match.item.id, match.item]] : [])));

      const events: FamilyEvent[] = [];
      const answered: { call: IdempotentCall; body: GroceryItem }[] = [];
      plan.adds.forEach((planned, k) => {
        const i = running[k]!;
        const { key } = adds[i]!;
        const member = members[i]!;
        if ('refused' in planned) {
          outcomes[i] = { ok: false, error: planned.refused };
          return;
        }
        const raised = 'id' in planned.item;
        const shown = 'id' in planned.item ? onList.get(planned.item.id)! : shownNew(plan.fresh[planned.item.fresh]!);
        const item = toItem({ ...shown, quantity: planned.quantity }, planned.place);
        outcomes[i] = { ok: true, value: item };
        if (key) answered.push({ call: { ...key, userId: member.userId }, body: item });
        events.push({
          familyId, actorId: member.userId, type: 'add_grocery_item', subjectId: item.id,
          data: raised ? { listId, merged: true } : { listId },
        });
      });
      const { idempotency } = this.deps;
      const final = this.deps.events.recordAll(tx, events, [
        ...repo.addsWriting(listId, familyId, plan.fresh, plan.raised, now),
        ...(answered.length > 0 ? [idempotency.recording(answered.map((a) => a.call), answered.map((a) => a.body))] : []),
        ...(sessions.extending ? [sessions.extending] : []),
      ]);
      // The list's next batch may wait for the lock now, taking the adds that came meanwhile.
      batch.next();
      return {
        final,
        result: outcomes.map((o) => o ?? { ok: false, error: new Error('an add of the batch was left unanswered') }),
      };
    });
  }
}

/** The row an add would make, with an id of its own. */
function newItem(body: BodyOf<typeof addItem>, listId: string, familyId: string): repo.NewItemWithId {
  return {
    id: randomUUID(), listId, familyId, name: body.name, quantity: body.quantity ?? null, unit: body.unit ?? null,
    category: body.category ?? null, recurrence: body.recurrence ?? 'none', position: 0,
    recurringItemId: body.recurringItemId ?? null, addedFromRecipeId: body.addedFromRecipeId ?? null,
  };
}

/** A new item as answers show it. */
function shownNew(item: repo.NewItemWithId): repo.ShownItem {
  return {
    id: item.id, name: item.name, quantity: item.quantity ?? null, unit: item.unit ?? null, category: item.category ?? null,
    recurrence: item.recurrence ?? 'none', isPurchased: false, listId: item.listId, familyId: item.familyId,
    recurringItemId: item.recurringItemId ?? null, addedFromRecipeId: item.addedFromRecipeId ?? null,
  };
}

/** Per add, the refusal its recurring item or recipe earns (404 unless the family's, 400 for another list's). */
async function referenceRefusals(tx: Tx, familyId: string, listId: string, adds: ItemAdd[]): Promise<(AppError | null)[]> {
  const ids = (pick: (add: ItemAdd) => string | null | undefined) =>
    [...new Set(adds.map(pick).filter((id): id is string => Boolean(id)))];
  const recurringIds = ids((a) => a.body.recurringItemId);
  const recipeIds = ids((a) => a.body.addedFromRecipeId);
  const recurring = recurringIds.length > 0 ? await repo.recurringLists(tx, recurringIds, familyId) : new Map<string, string>();
  const recipes = await idsInFamily(tx, meals, recipeIds, familyId);
  return adds.map(({ body }) => {
    if (body.recurringItemId) {
      const recurringListId = recurring.get(body.recurringItemId);
      if (!recurringListId) return notFound(m.recurringNotFound);
      if (recurringListId !== listId) return invalid(m.recurringOtherList);
    }
    if (body.addedFromRecipeId && !recipes.has(body.addedFromRecipeId)) return notFound(m.recipeNotFound);
    return null;
  });
}
