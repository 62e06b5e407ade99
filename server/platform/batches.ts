import { AppError } from './errors.ts';

/** One input's outcome in a batch: its answer, or the refusal that is its alone. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface BatchesOptions<I> {
  /** The most inputs one batch takes (its statements grow with it). */
  max?: number;
  /** Inputs with the same non-null value never share a batch: the later waits for the next one. */
  apart?: (input: I) => string | null;
}

/**
 * A batch as `run` gets it: `first`, the oldest waiting input (the key's inputs share what the key says, a list's
 * id, say), and `take`, which takes the batch's inputs: called once, when `run` is ready to write them (holding the
 * lock they need), so the batch also takes every input that arrived while it waited for that.
 */
export interface Batch<I> {
  first: I;
  take(): I[];
}

/**
 * Work submitted under one key runs in batches, one batch of a key at a time in this process: work arriving while
 * its key's batch runs waits for the next, with all other work that arrives meanwhile; lone work runs at once. For
 * writes it is group commit (a batch is one transaction: a burst of writes to one list costs a few transactions,
 * one connection and one lock wait, not one of each per write); for reads, one statement answers many callers.
 *
 * `run` answers each taken input's own outcome in input order. A refusal it throws (an `AppError`: the list is
 * gone, say) refuses the whole batch (taken then, if it was not yet); any other failure is retried input by input,
 * so one bad input cannot fail the others.
 */
export class Batches<I, O> {
  private readonly queues = new Map<string, Pending<I, O>[]>();
  private readonly run: (batch: Batch<I>) => Promise<Outcome<O>[]>;
  private readonly max: number;
  private readonly apart: (input: I) => string | null;

  constructor(run: (batch: Batch<I>) => Promise<Outcome<O>[]>, options: BatchesOptions<I> = {}) {
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
    while (queue.length > 0) await this.settle(queue);
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

  /** Runs one batch: the queue's next, or exactly `alone` (a retry of one input). */
  private async settle(queue: Pending<I, O>[], alone?: Pending<I, O>): Promise<void> {
    let batch: Pending<I, O>[] | undefined = alone ? [alone] : undefined;
    const take = () => (batch ??= this.take(queue)).map((p) => p.input);
    let outcomes: Outcome<O>[];
    try {
      outcomes = await this.run({ first: (alone ?? queue[0]!).input, take });
      if (!batch) throw new Error('a batch ran without taking its inputs');
    } catch (error) {
      const failed = batch ?? this.take(queue);
      if (error instanceof AppError || failed.length === 1) {
        for (const p of failed) p.reject(error);
        return;
      }
      for (const p of failed) await this.settle(queue, p);
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
