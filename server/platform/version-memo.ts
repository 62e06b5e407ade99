/**
 * What was last built for each key, with the version of the data it was built from: a hot read whose database
 * answer carries its data's version (a list's items) is parsed and mapped once per version instead of once per
 * request, and the same object is answered again, which lets the route send its serialized bytes again too
 * (`RouteOptions.reusesAnswers`). The read can tell the database which version the server holds
 * (`version(key)`), so that an unchanged list is not read at all. Versions are whole numbers that only grow: an
 * answer older than the one held is not kept over it. The least recently used keys are dropped once the kept
 * values' sizes (their texts' lengths, say) pass `maxSize` in all.
 */
export class VersionMemo<T> {
  private readonly entries = new Map<string, { version: number; value: T; size: number }>();
  private readonly maxSize: number;
  private size = 0;

  constructor(maxSize: number) {
    this.maxSize = maxSize;
  }

  /** The version held for `key`, if any. */
  version(key: string): number | undefined {
    return this.entries.get(key)?.version;
  }

  /** The value held for `key` at exactly `version` (undefined otherwise), now the most recently used. */
  get(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` as `key`'s at `version`, unless a later version is held or it alone passes the size. */
  set(key: string, version: number, value: T, size: number): void {
    const held = this.entries.get(key);
    if (held && held.version > version) return;
    if (held) {
      this.entries.delete(key);
      this.size -= held.size;
    }
    if (size > this.maxSize) return;
    this.entries.set(key, { version, value, size });
    this.size += size;
    for (const [oldest, kept] of this.entries) {
      if (this.size <= this.maxSize) break;
      this.entries.delete(oldest);
      this.size -= kept.size;
    }
  }

  /** Keys kept. */
  get count(): number {
    return this.entries.size;
  }
}
