interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** A key's lookups waiting, how many of its reads run, and whether one is about to start. */
interface Key<I, O> {
  waiting: Pending<I, O>[];
  running: number;
  starting: boolean;
}

/**
 * Lookups answered together (the session lookups, `SessionLookups`): the lookups of one key that arrive while its
 * reads run wait, and go together in its next read, at most `max` a read and two reads of a key at a time. A read
 * starts once the current turn of the event loop ends, so lookups that arrived together go together: a burst of 50
 * requests costs the database a few statements instead of 50. A read that fails is run again lookup by lookup, so
 * one bad lookup cannot fail the others.
 */
export class LookupBatches<I, O> {
  private readonly keys = new Map<string, Key<I, O>>();
  private readonly read: (inputs: I[]) => Promise<O[]>;
  private readonly max: number;

  constructor(read: (inputs: I[]) => Promise<O[]>, max: number) {
    this.read = read;
    this.max = max;
  }

  submit(key: string, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let state = this.keys.get(key);
      if (!state) this.keys.set(key, (state = { waiting: [], running: 0, starting: false }));
      state.waiting.push({ input, resolve, reject });
      this.pump(key, state);
    });
  }

  /** Keys with lookups waiting or being read. */
  get size(): number {
    return this.keys.size;
  }

  /** Starts the key's next read when lookups wait and fewer than two run; forgets an idle key. */
  private pump(key: string, state: Key<I, O>): void {
    if (state.starting) return;
    if (state.waiting.length === 0) {
      if (state.running === 0) this.keys.delete(key);
      return;
    }
    if (state.running >= 2) return;
    state.starting = true;
    setImmediate(() => {
      state.starting = false;
      const batch = state.waiting.splice(0, this.max);
      state.running++;
      void this.answer(batch).finally(() => {
        state.running--;
        this.pump(key, state);
      });
      this.pump(key, state);
    });
  }

  private async answer(batch: Pending<I, O>[]): Promise<void> {
    try {
      const values = await this.read(batch.map((p) => p.input));
      batch.forEach((p, i) => p.resolve(values[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const p of batch) await this.answer([p]);
    }
  }
}
