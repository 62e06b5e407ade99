import { sql, type SQL } from 'drizzle-orm';
import type { LiveChange } from '@hearth/contract/live';
import type { Database } from './db/client.ts';

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
   * The SQL expression that publishes `changes` when its statement runs (`Events.record` makes it part of the
   * statement that records the event), as one notification holding a JSON array: an event's few changes, one per
   * topic, far under NOTIFY's 8,000 bytes. Inside a transaction they are delivered only if, and when, that commits.
   * `id`: the subject's id as the statement knows it (a row it writes), set in each change; nothing is published
   * while it is null.
   */
  publishing(changes: Change[], id?: SQL): SQL {
    if (changes.length === 0) return sql`null`;
    if (!id) return sql`pg_notify(${channel}, ${JSON.stringify(changes)})`;
    return sql`case when ${id} is not null then pg_notify(${channel}, (select json_agg(c || jsonb_build_object('id', ${id}))::text
      from jsonb_array_elements(${JSON.stringify(changes)}::jsonb) c)) end`;
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

/** The changes a notification carries, in order; none for a payload that is not a JSON array (not ours). */
export function changesIn(payload: string): Change[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed as Change[];
}
