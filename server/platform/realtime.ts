import { sql } from 'drizzle-orm';
import type { LiveChange } from '@hearth/contract/live';
import type { Database, Queryable } from './db/client.ts';

/** What changed, small enough for NOTIFY's 8 kB payload; clients refetch what they show. */
export type Change = LiveChange;

export type ChangeListener = (change: Change) => void;

const channel = 'hearth_changes';

/**
 * Live updates through PostgreSQL LISTEN/NOTIFY (PGlite in-process, PostgreSQL across processes).
 * `publish` inside a transaction is delivered only if, and when, it commits.
 */
export class Realtime {
  private readonly database: Database;
  private readonly listeners = new Map<string, Set<ChangeListener>>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(channel, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.listeners.clear();
  }

  async publish(q: Queryable, change: Change): Promise<void> {
    await q.execute(sql`select pg_notify(${channel}, ${JSON.stringify(change)})`);
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

  private dispatch(payload: string): void {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    for (const listener of this.listeners.get(change.familyId) ?? []) listener(change);
  }
}
