import { sql, type SQL } from 'drizzle-orm';
import type { LiveChange } from '@hearth/contract/live';
import { textArray, type Database } from './db/client.ts';

/** What changed, small enough for NOTIFY's 8 kB payload; clients refetch what they show. */
export type Change = LiveChange;

export type ChangeListener = (change: Change) => void;

const channel = 'hearth_changes';
/** Written by database triggers (migration 0005) with a user id whenever that user's access changes. */
const accessChannel = 'hearth_access';

/**
 * Live updates through PostgreSQL LISTEN/NOTIFY (PGlite in-process, PostgreSQL across processes).
 * A `notice` inside a transaction is delivered only if, and when, it commits.
 */
export class Realtime {
  private readonly database: Database;
  private readonly listeners = new Map<string, Set<ChangeListener>>();
  private readonly accessListeners = new Map<string, Set<() => void>>();
  private readonly lostListeners = new Set<() => void>();
  private stopListening: (() => Promise<void>)[] = [];

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    const stopHearing = this.database.onListenLost(() => {
      for (const listener of this.lostListeners) listener();
    });
    this.stopListening = [
      async () => stopHearing(),
      await this.database.listen(channel, (payload) => this.dispatch(payload)),
      await this.database.listen(accessChannel, (userId) => {
        for (const listener of this.accessListeners.get(userId) ?? []) listener();
      }),
    ];
  }

  /** Whether changes reach this process now (not while the LISTEN connection to the database is reopened). */
  listening(): boolean {
    return this.database.listening();
  }

  /** Calls `listener` whenever changes may have been missed; answers the function that stops it. */
  onMissed(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  async stop(): Promise<void> {
    for (const stop of this.stopListening.splice(0)) await stop();
    this.listeners.clear();
    this.accessListeners.clear();
    this.lostListeners.clear();
  }

  /**
   * The SQL expression that publishes `changes` when its statement runs (`Events.recordAll` makes it part of the
   * statement that records the events); inside a transaction they are delivered only if, and when, that commits.
   * The changes go as few notifications as NOTIFY's payload allows, each a JSON array (a batch of 40 item adds was
   * 40 notifications, each a message between the embedded engine's thread and the server's); one array parameter,
   * so the statement's text is the same whatever the number of changes.
   */
  publishing(changes: Change[]): SQL {
    return sql`(select count(pg_notify(${channel}, p)) from unnest(${textArray(payloadsOf(changes))}) as p)`;
  }

  /** Listens to one family's changes; returns the function that stops listening. */
  subscribe(familyId: string, listener: ChangeListener): () => void {
    let set = this.listeners.get(familyId);
    if (!set) this.listeners.set(familyId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(familyId);
    };
  }

  /** Listeners of families' changes: the open live streams. */
  get subscribers(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Calls `listener` whenever the user's sessions or membership change, in any server process. */
  onAccessChange(userId: string, listener: () => void): () => void {
    let set = this.accessListeners.get(userId);
    if (!set) this.accessListeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.accessListeners.delete(userId);
    };
  }

  private dispatch(payload: string): void {
    for (const change of changesIn(payload)) {
      for (const listener of this.listeners.get(change.familyId) ?? []) listener(change);
    }
  }
}

/** NOTIFY's payload limit is 8,000 bytes; a little under it. */
const payloadBytes = 7_900;

/** Changes told together (`entriesOf`) at most: ~40 bytes an id, well inside a payload. */
const idsPerEntry = 100;

/**
 * A notification's entries: a change as it is, or consecutive changes that differ only in their `id` as one entry
 * with `ids` (a batch's adds: the same family, list, kind and member): on the embedded engine, one entry costs its
 * thread far less than one a change.
 */
type Entry = Change | (Omit<Change, 'id'> & { ids: string[] });

function entriesOf(changes: Change[]): Entry[] {
  const entries: Entry[] = [];
  let group: { head: string; rest: Omit<Change, 'id'>; ids: string[] } | undefined;
  const close = () => {
    if (group) entries.push(group.ids.length === 1 ? { ...group.rest, id: group.ids[0]! } : { ...group.rest, ids: group.ids });
    group = undefined;
  };
  for (const change of changes) {
    const { id, ...rest } = change;
    if (id === undefined) {
      close();
      entries.push(change);
      continue;
    }
    const head = JSON.stringify(rest);
    if (group?.head !== head || group.ids.length >= idsPerEntry) {
      close();
      group = { head, rest, ids: [] };
    }
    group.ids.push(id);
  }
  close();
  return entries;
}

/** The changes as JSON arrays of entries (`entriesOf`), at most `payloadBytes` each, in order. */
export function payloadsOf(changes: Change[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const entry of entriesOf(changes)) {
    const json = JSON.stringify(entry);
    const size = Buffer.byteLength(json) + 1;
    if (batch.length > 0 && bytes + size > payloadBytes) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(json);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

/** The changes a notification carries, in order; none for a payload that is not a JSON array (not ours). */
export function changesIn(payload: string): Change[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return (parsed as Entry[]).flatMap((entry) => {
    if (!('ids' in entry)) return [entry];
    const { ids, ...rest } = entry;
    return ids.map((id) => ({ ...rest, id }));
  });
}
