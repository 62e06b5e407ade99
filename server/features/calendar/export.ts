import { randomBytes } from 'node:crypto';
import { calendarFeedPath, calendarMessages as m } from '@hearth/contract/calendar';
import { requireAdmin, requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { renderFeed } from './feed.ts';
import * as repo from './repository.ts';
import { vtimezone } from './vtimezone.ts';

/** 32 random bytes: the link is the only key to the feed, as calendar apps cannot send a bearer token. */
export const newFeedSecret = () => randomBytes(32).toString('base64url');

export class CalendarExport {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  private url(secret: string) {
    return { calendarUrl: `${this.deps.config.publicUrl}${calendarFeedPath}?key=${secret}` };
  }

  /** Any member may read the link; the first read makes it. */
  async exportUrl(caller: Caller) {
    const member = requireFamily(caller);
    return this.deps.db.transaction(async (tx) => {
      const secret = await repo.claimFeedSecret(tx, member.familyId, newFeedSecret());
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'calendar_exported', subjectId: member.familyId,
      });
      return this.url(secret);
    });
  }

  /** An admin replaces the link; every subscription to the old one stops. */
  async regenerate(caller: Caller) {
    const member = requireAdmin(caller);
    return this.deps.db.transaction(async (tx) => {
      const secret = newFeedSecret();
      await repo.replaceFeedSecret(tx, member.familyId, secret);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'calendar_exported', subjectId: member.familyId,
        data: { regenerated: true },
      });
      return this.url(secret);
    });
  }

  async feed(secret: string): Promise<string> {
    const db = this.deps.db;
    const familyId = await repo.familyOfFeed(db, secret);
    const family = familyId && await repo.familyOf(db, familyId);
    if (!familyId || !family) throw notFound(m.feedNotFound);
    const rows = await repo.allEvents(db, familyId);
    const exceptions = new Map<string, string[]>();
    for (const x of await repo.exceptionsOf(db, rows.filter((r) => r.recurringPattern).map((r) => r.id))) {
      exceptions.set(x.eventId, [...(exceptions.get(x.eventId) ?? []), x.occurrenceDate]);
    }
    const years = rows.map((r) => Number(r.startTime.slice(0, 4)));
    const now = this.deps.clock.now().getUTCFullYear();
    const from = Math.max(Math.min(now, ...years), now - 10);
    return renderFeed({
      familyName: family.name, timezone: family.timezone, rows, exceptions,
      vtimezone: (zone) => vtimezone(zone, from, now + 5),
    });
  }
}
