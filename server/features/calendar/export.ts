import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { calendarFeedPath, calendarMessages as m } from '@hearth/contract/calendar';
import { requireAdmin, requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { minutes } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound, rateLimited } from '../../platform/errors.ts';
import { VersionMemo } from '../../platform/version-memo.ts';
import { feedParts } from './feed.ts';
import * as repo from './repository.ts';
import { vtimezone } from './vtimezone.ts';

/** 32 random bytes: the link is the only key to the feed, as calendar apps cannot send a bearer token. */
export const newFeedSecret = () => randomBytes(32).toString('base64url');

/** Fetches of one family's feed a minute: calendar apps poll every few minutes at most, a family has a few of them. */
export const feedWindows = [{ max: 12, ms: minutes(1) }];
/** The feeds kept, their bytes in all (the largest family's is a few megabytes). */
const keptFeedBytes = 64 * 1024 * 1024;
/** Events a part of a feed being made: a few milliseconds of the server's thread, then other requests' turn. */
const eventsPerPart = 100;
/** Rows read at once for a feed: one read's rows are made into objects in one go. */
const rowsPerRead = 2000;

/**
 * The family's calendar as iCalendar parts (`feedParts`), its rows read `rowsPerRead` at a time: the feed and the
 * family's data export send the same text.
 */
export async function feedPartsOf(
  q: Queryable, family: { id: string; name: string; timezone: string }, year: number,
): Promise<Iterable<string>> {
  const rows: repo.FeedRow[] = [];
  for (;;) {
    const page = await repo.feedEvents(q, family.id, rows[rows.length - 1], rowsPerRead);
    rows.push(...page);
    if (page.length < rowsPerRead) break;
  }
  const exceptions = new Map<string, string[]>();
  for (const x of await repo.exceptionsOf(q, rows.filter((r) => r.recurringPattern).map((r) => r.id))) {
    const dates = exceptions.get(x.eventId);
    if (dates) dates.push(x.occurrenceDate);
    else exceptions.set(x.eventId, [x.occurrenceDate]);
  }
  let from = year;
  for (const row of rows) from = Math.min(from, Number(row.startTime.slice(0, 4)));
  return feedParts({
    familyName: family.name, timezone: family.timezone, rows, exceptions,
    vtimezone: await vtimezone(family.timezone, Math.max(from, year - 10), year + 5),
  }, eventsPerPart);
}

export class CalendarExport {
  private readonly deps: Deps;
  /** Each family's feed as sent, kept for the events version it was made from. */
  private readonly kept = new VersionMemo<Buffer>(keptFeedBytes);

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

  /**
   * The feed of the family whose secret this is, limited to `feedWindows` a family: the one kept for the family's
   * events version, or made anew, sent part by part while it is made, and kept once whole.
   */
  async feed(secret: string): Promise<Buffer | Readable> {
    const db = this.deps.db;
    const feed = await repo.feedOf(db, secret);
    if (!feed) throw notFound(m.feedNotFound);
    if (!(await this.deps.throttle.claim(`calendar-feed:${feed.familyId}`, feedWindows))) throw rateLimited(m.feedTooMany);
    const now = this.deps.clock.now().getUTCFullYear();
    // The year sets the zone's span; the name and zone are the family's, outside the events version.
    const key = `${feed.familyId} ${now} ${feed.timezone} ${feed.name}`;
    const kept = this.kept.get(key, feed.version);
    if (kept) return kept;
    // Read after the version, so the events kept for a version are never older than it.
    const parts = await feedPartsOf(db, { id: feed.familyId, name: feed.name, timezone: feed.timezone }, now);
    return Readable.from(this.sendAndKeep(parts, key, feed.version));
  }

  /** Each part in its own turn of the event loop; the whole feed is kept once the last part is made. */
  private async *sendAndKeep(parts: Iterable<string>, key: string, version: number): AsyncGenerator<Buffer> {
    const sent: Buffer[] = [];
    let size = 0;
    for (const part of parts) {
      const bytes = Buffer.from(part);
      sent.push(bytes);
      size += bytes.length;
      yield bytes;
      await setImmediate();
    }
    this.kept.set(key, version, Buffer.concat(sent, size), size);
  }
}
