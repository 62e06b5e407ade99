/**
 * Writes with the same key run at most two at a time in this process, the rest waiting here in arrival order;
 * other keys run freely. Writes that lock one database row (a list's, say) would otherwise all wait for it in the
 * database, each holding a pooled connection, and a burst on one list would hold them all while every other family
 * waited. Two, not one: the second already waits on the lock, so the lock passes without a round trip. The
 * database lock still orders writes across processes.
 */
export class WriteQueue {
  private readonly keys = new Map<string, { running: number; waiting: (() => void)[] }>();
  private readonly perKey: number;

  constructor(perKey = 2) {
    this.perKey = perKey;
  }

  async run<T>(key: string, write: () => Promise<T>): Promise<T> {
    let entry = this.keys.get(key);
    if (!entry) this.keys.set(key, (entry = { running: 0, waiting: [] }));
    const slots = entry;
    if (slots.running < this.perKey) slots.running++;
    else await new Promise<void>((resolve) => slots.waiting.push(resolve));
    try {
      return await write();
    } finally {
      // A finished write hands its slot to the next in line; the last one out forgets the key.
      const next = slots.waiting.shift();
      if (next) next();
      else if (--slots.running === 0) this.keys.delete(key);
    }
  }

  /** Keys with writes running or waiting. */
  get size(): number {
    return this.keys.size;
  }
}
