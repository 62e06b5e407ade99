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
  /**
   * Group commit's delay, in ms (0, the default: none). After a batch of several inputs (a burst: their callers come
   * back once answered), the key's next batch waits up to this long for as many inputs as that one took, and starts
   * at once when they are there. A key is in a burst while such a batch runs and for `gather` ms after it ends; a
   * lone input never waits.
   */
  gather?: number;
}

/**
 * A batch as `run` gets it: `first`, the oldest waiting input (the key's inputs share what the key says, a list's
 * id, say); `take`, which takes the batch's inputs (the first call; later ones answer the same), so a batch that
 * waited for something before taking also takes every input that arrived meanwhile; and `next`, which lets the key's
 * next batch start before this one ends (at most two run at a time): a write's once its last statement is on its
 * way, so the next one's wait for the lock overlaps it; a read's at once, for two statements at a time. `next`
 * takes this batch's inputs first if it has not.
 */
export interface Batch<I> {
  first: I;
  take(): I[];
  next(): void;
}

/**
 * A key's inputs waiting, how many of its batches run, how many of those hold the next one back, and how many inputs
 * its last batch took; with `gather`, the start of a batch gathering inputs, and the forgetting of a key idle after a
 * burst.
 */
interface Key<I, O> {
  waiting: Pending<I, O>[];
  running: number;
  ahead: number;
  lastTaken: number;
  gathering?: () => void;
  forgetting?: ReturnType<typeof setTimeout>;
}

/**
 * Work submitted under one key runs in batches: work arriving while its key's batch runs waits for the next, with
 * all other work that arrives meanwhile; a batch starts once the current turn of the event loop ends, so work that
 * arrived together goes together (or, with `gather`, once a burst's callers are back). For writes it is group commit
 * (a batch is one transaction: a burst of writes to one list costs a few transactions, one connection and one lock
 * wait, not one of each per write); for reads, one statement answers many callers.
 *
 * `run` answers each taken input's own outcome in input order. A refusal it throws (an `AppError`: the list is
 * gone, say) refuses the whole batch (taken then, if it was not yet); any other failure is retried input by input,
 * so one bad input cannot fail the others.
 */
export class Batches<I, O> {
  private readonly keys = new Map<string, Key<I, O>>();
  private readonly run: (batch: Batch<I>) => Promise<Outcome<O>[]>;
  private readonly max: number;
  private readonly apart: (input: I) => string | null;
  private readonly gather: number;

  constructor(run: (batch: Batch<I>) => Promise<Outcome<O>[]>, options: BatchesOptions<I> = {}) {
    this.run = run;
    this.max = options.max ?? 64;
    this.apart = options.apart ?? (() => null);
    this.gather = options.gather ?? 0;
  }

  submit(key: string, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let state = this.keys.get(key);
      if (!state) this.keys.set(key, (state = { waiting: [], running: 0, ahead: 0, lastTaken: 0 }));
      state.waiting.push({ input, resolve, reject });
      this.pump(key, state);
    });
  }

  /** Keys with work running or waiting, or in a burst (`gather`). */
  get size(): number {
    return this.keys.size;
  }

  /**
   * Starts the key's next batch if work waits and every running one has let it (`next`), or, in a burst, once its
   * callers are back (`gather`); forgets an idle key.
   */
  private pump(key: string, state: Key<I, O>): void {
    if (state.waiting.length === 0) {
      if (state.running === 0) this.idle(key, state);
      return;
    }
    clearTimeout(state.forgetting);
    state.forgetting = undefined;
    const burst = state.lastTaken;
    if (state.gathering) {
      if (state.waiting.length >= burst) state.gathering();
      return;
    }
    if (state.ahead > 0 || state.running >= 2) return;
    state.running++;
    state.ahead++;
    let ahead = true;
    const next = () => {
      if (!ahead) return;
      ahead = false;
      state.ahead--;
      this.pump(key, state);
    };
    const start = () => void this.settle(key, state, next).finally(() => {
      state.running--;
      next();
      this.pump(key, state);
    });
    // A batch starts at the end of this turn of the event loop: requests that arrived together go together.
    if (this.gather === 0 || burst < 2 || state.waiting.length >= burst) {
      setImmediate(start);
      return;
    }
    const gathered = () => {
      clearTimeout(timer);
      state.gathering = undefined;
      setImmediate(start);
    };
    const timer = setTimeout(gathered, this.gather);
    state.gathering = gathered;
  }

  /** Forgets an idle key, after `gather` ms if its last batch was a burst (its callers may be back by then). */
  private idle(key: string, state: Key<I, O>): void {
    if (this.gather === 0 || state.lastTaken < 2) {
      this.keys.delete(key);
      return;
    }
    state.forgetting ??= setTimeout(() => {
      if (state.waiting.length === 0 && state.running === 0) this.keys.delete(key);
    }, this.gather);
  }

  /** The next batch: up to `max` waiting inputs in arrival order, skipping those kept apart from one already in. */
  private take(key: string, state: Key<I, O>): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const seen = new Set<string>();
    const queue = state.waiting;
    for (let i = 0; i < queue.length && batch.length < this.max;) {
      const tag = this.apart(queue[i]!.input);
      if (tag !== null && seen.has(tag)) {
        i++;
        continue;
      }
      if (tag !== null) seen.add(tag);
      batch.push(...queue.splice(i, 1));
    }
    state.lastTaken = batch.length;
    return batch;
  }

  /** Runs the key's next batch. */
  private async settle(key: string, state: Key<I, O>, next: () => void): Promise<void> {
    let batch: Pending<I, O>[] | undefined;
    const take = () => (batch ??= this.take(key, state)).map((p) => p.input);
    try {
      // The next batch starts from the inputs this one leaves: this one takes its own first.
      const outcomes = await this.run({ first: state.waiting[0]!.input, take, next: () => { take(); next(); } });
      if (!batch) throw new Error('a batch ran without taking its inputs');
      deliver(batch, outcomes);
    } catch (error) {
      const failed = batch ?? this.take(key, state);
      if (error instanceof AppError || failed.length === 1) {
        for (const p of failed) p.reject(error);
        return;
      }
      for (const p of failed) await this.alone(p);
    }
  }

  /** Runs one input of a failed batch again, by itself. */
  private async alone(p: Pending<I, O>): Promise<void> {
    try {
      deliver([p], await this.run({ first: p.input, take: () => [p.input], next: () => {} }));
    } catch (error) {
      p.reject(error);
    }
  }
}

function deliver<I, O>(batch: Pending<I, O>[], outcomes: Outcome<O>[]): void {
  batch.forEach((p, i) => {
    const outcome = outcomes[i];
    if (!outcome) p.reject(new Error('a batch answered fewer outcomes than it took inputs'));
    else if (outcome.ok) p.resolve(outcome.value);
    else p.reject(outcome.error);
  });
}
