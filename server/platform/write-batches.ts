import { AppError } from './errors.ts';

/** One input's outcome in a batch: its answer, or the refusal that is its alone. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface WriteBatchesOptions<I> {
  /** The most inputs one batch takes (one transaction's statements grow with it). */
  max?: number;
  /** Inputs with the same non-null value never share a batch: the later waits for the next one. */
  apart?: (input: I) => string | null;
}

/**
 * Group commit: writes submitted under one key (a list's, say) run in batches, one batch of a key at a time in this
 * process, each batch in one transaction of `run`'s. A write arriving while its key's batch runs waits for the next,
 * with every other write that arrives meanwhile; a lone write runs at once. So a burst of writes to one list costs a
 * few transactions, one connection and one lock wait, not one of each per write.
 *
 * `run` answers each input's own outcome in input order. A refusal it throws (an `AppError`: the list is gone, say)
 * refuses the whole batch; any other failure is retried input by input, so one bad input cannot fail the others.
 */
export class WriteBatches<I, O> {
  private readonly queues = new Map<string, Pending<I, O>[]>();
  private readonly run: (inputs: I[]) => Promise<Outcome<O>[]>;
  private readonly max: number;
  private readonly apart: (input: I) => string | null;

  constructor(run: (inputs: I[]) => Promise<Outcome<O>[]>, options: WriteBatchesOptions<I> = {}) {
    this.run = run;
    this.max = options.max ?? 64;
    this.apart = options.apart ?? (() => null);
  }

  submit(key: string, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const waiting = this.queues.get(key);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      const queue = [{ input, resolve, reject }];
      this.queues.set(key, queue);
      void this.drain(key, queue);
    });
  }

  /** Keys with writes running or waiting. */
  get size(): number {
    return this.queues.size;
  }

  /** Runs the key's batches until none waits; the key's queue exists exactly while this runs. */
  private async drain(key: string, queue: Pending<I, O>[]): Promise<void> {
    while (queue.length > 0) await this.settle(this.take(queue));
    this.queues.delete(key);
  }

  /** The next batch: up to `max` waiting inputs in arrival order, skipping those kept apart from one already in. */
  private take(queue: Pending<I, O>[]): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < this.max;) {
      const tag = this.apart(queue[i]!.input);
      if (tag !== null && seen.has(tag)) {
        i++;
        continue;
      }
      if (tag !== null) seen.add(tag);
      batch.push(...queue.splice(i, 1));
    }
    return batch;
  }

  private async settle(batch: Pending<I, O>[]): Promise<void> {
    let outcomes: Outcome<O>[];
    try {
      outcomes = await this.run(batch.map((p) => p.input));
    } catch (error) {
      if (error instanceof AppError || batch.length === 1) {
        for (const p of batch) p.reject(error);
        return;
      }
      for (const p of batch) await this.settle([p]);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i];
      if (!outcome) p.reject(new Error('a batch answered fewer outcomes than it took inputs'));
      else if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.error);
    });
  }
}
