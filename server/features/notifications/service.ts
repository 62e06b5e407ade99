import type { BodyOf, QueryOf } from '@hearth/contract/endpoint';
import {
  notificationLimits, notificationMessages as m, type listNotifications, type NotificationPreferences, type setListFollow,
  type subscribePush,
} from '@hearth/contract/notifications';
import { requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import * as store from '../../platform/notifications/store.ts';
import { familyTimezone } from '../family/membership.ts';
import { countFamilyLists } from '../grocery/public.ts';
import { cursorOf, readCursor, toNotification } from './mapper.ts';

/** A member's notifications, their stand on lists and their preferences; every member may, READ_ONLY too. */
export class NotificationService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(caller: Caller, query: QueryOf<typeof listNotifications>) {
    const member = requireFamily(caller);
    const after = query.before === undefined ? undefined : readCursor(query.before);
    if (after === null) throw invalid(m.cursorInvalid);
    const rows = await store.page(this.deps.db, member.userId, member.familyId, query.limit + 1, after);
    const shown = rows.slice(0, query.limit);
    return {
      notifications: shown.map(toNotification),
      nextCursor: rows.length > query.limit ? cursorOf(shown.at(-1)!) : null,
    };
  }

  async unreadCount(caller: Caller) {
    const member = requireFamily(caller);
    return { count: await store.unreadCount(this.deps.db, member.userId, member.familyId) };
  }

  async markRead(caller: Caller, id?: string) {
    const member = requireFamily(caller);
    const found = await store.markRead(this.deps.db, member.userId, member.familyId, this.deps.clock.now(), id);
    if (id && found === 0) throw notFound(m.notificationNotFound);
    return null;
  }

  async follow(caller: Caller, listId: string) {
    const member = requireFamily(caller);
    await requireLists(this.deps.db, member.familyId, [listId]);
    return store.stand(this.deps.db, member.userId, listId);
  }

  async setFollow(caller: Caller, listId: string, change: BodyOf<typeof setListFollow>) {
    const member = requireFamily(caller);
    return this.deps.db.transaction(async (tx) => {
      await requireLists(tx, member.familyId, [listId]);
      return store.setStand(tx, member.userId, member.familyId, listId, change);
    });
  }

  async preferences(caller: Caller) {
    const member = requireFamily(caller);
    return this.shown(await store.preferences(this.deps.db, member.userId, member.familyId), member.familyId);
  }

  async setPreferences(caller: Caller, body: NotificationPreferences) {
    const member = requireFamily(caller);
    const mutedListIds = [...new Set(body.mutedListIds)];
    const prefs = { mutedKinds: [...new Set(body.mutedKinds)], mutedSubjectIds: mutedListIds, quietHours: body.quietHours, digest: body.digest };
    await this.deps.db.transaction(async (tx) => {
      await requireLists(tx, member.familyId, mutedListIds);
      await store.setPreferences(tx, member.userId, member.familyId, prefs);
    });
    return this.preferences(caller);
  }

  async pushKey(caller: Caller) {
    requireFamily(caller);
    return { publicKey: (await this.deps.push.keyPair()).publicKey };
  }

  /** A device's subscription, kept once by its endpoint (a device signed in as another member becomes theirs). */
  async subscribe(caller: Caller, body: BodyOf<typeof subscribePush>) {
    const member = requireFamily(caller);
    if (!body.endpoint.startsWith('https://')) throw invalid(m.endpointNotHttps);
    await this.deps.db.transaction(async (tx) => {
      // The family's lock makes the per-member bound hold under parallel subscribes.
      await lockFamilyRow(tx, member.familyId);
      if (await store.countDevices(tx, member.userId, body.endpoint) >= notificationLimits.subscriptionsPerMember) {
        throw conflict(m.tooManySubscriptions);
      }
      await store.saveDevice(tx, member.userId, { endpoint: body.endpoint, ...body.keys });
    });
    return null;
  }

  async unsubscribe(caller: Caller, endpoint: string) {
    const member = requireFamily(caller);
    await store.removeDevice(this.deps.db, member.userId, endpoint);
    return null;
  }

  /** From the digest mail's link, signed in or not: the token is the whole key, and using it twice is fine. */
  async unsubscribeDigest(token: string) {
    if (!(await store.unsubscribeDigest(this.deps.db, token))) throw notFound(m.unsubscribeLinkInvalid);
    return { unsubscribed: true as const };
  }

  private async shown(prefs: store.Preferences, familyId: string) {
    return {
      mutedKinds: prefs.mutedKinds as NotificationPreferences['mutedKinds'],
      mutedListIds: prefs.mutedSubjectIds,
      quietHours: prefs.quietHours,
      digest: prefs.digest,
      timezone: (await familyTimezone(this.deps.db, familyId)) ?? 'UTC',
    };
  }
}

/** Every id is one of the family's lists (another family's answers 404 like a missing one). */
async function requireLists(q: Queryable, familyId: string, listIds: string[]): Promise<void> {
  if ((await countFamilyLists(q, familyId, listIds)) !== listIds.length) throw notFound(m.listNotFound);
}
