/**
 * Writes with the same key run one at a time in this process, in arrival order; other keys run freely.
 * Writes that would wait on one database row lock (a list's, say) wait here instead: waiting in the database
 * holds a pooled connection, and a burst on one list would hold them all while every other family waited.
 * The database lock still orders writes across processes.
 */
export class WriteQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, write: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(write);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with writes running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
