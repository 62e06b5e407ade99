import { describe, expect, it } from 'vitest';
import { conflict, notFound } from './errors.ts';
import { Batches, type Outcome } from './batches.ts';

/** A promise with its resolve handle, to hold a batch open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const ok = <O>(value: O): Outcome<O> => ({ ok: true, value });

/** Batches that record what each run took and answer each input doubled, each run held until its gate opens. */
function recorder(options: ConstructorParameters<typeof Batches<number, number>>[1] = {}) {
  const runs: number[][] = [];
  const gates: ReturnType<typeof gate>[] = [];
  const batches = new Batches<number, number>(async (batch) => {
    const inputs = batch.take();
    runs.push(inputs);
    const held = gate();
    gates.push(held);
    await held.opened;
    return inputs.map((n) => ok(n * 2));
  }, options);
  return { batches, runs, gates };
}

describe('Batches', () => {
  it('runs work submitted together as one batch, and the work that arrives meanwhile together in the next', async () => {
    const { batches, runs, gates } = recorder();
    const first = [1, 2].map((n) => batches.submit('list', n));
    await settle();
    expect(runs).toEqual([[1, 2]]);
    const later = [3, 4, 5].map((n) => batches.submit('list', n));
    await settle();
    expect(runs).toEqual([[1, 2]]);
    gates[0]!.open();
    await settle();
    expect(runs).toEqual([[1, 2], [3, 4, 5]]);
    gates[1]!.open();
    expect(await Promise.all([...first, ...later])).toEqual([2, 4, 6, 8, 10]);
    expect(batches.size).toBe(0);
  });

  it('runs batches of other keys meanwhile', async () => {
    const { batches, runs, gates } = recorder();
    const one = batches.submit('one list', 1);
    const other = batches.submit('another list', 2);
    await settle();
    expect(runs).toEqual([[1], [2]]);
    gates[1]!.open();
    expect(await other).toBe(4);
    gates[0]!.open();
    expect(await one).toBe(2);
  });

  it('takes at most `max` inputs a batch', async () => {
    const { batches, runs, gates } = recorder({ max: 2 });
    const all = [1, 2, 3, 4, 5, 6].map((n) => batches.submit('list', n));
    for (let i = 0; i < 3; i++) {
      await settle();
      gates[i]!.open();
    }
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(runs).toEqual([[1, 2], [3, 4], [5, 6]]);
  });

  it('keeps inputs that must stay apart in different batches, the later ones in the next', async () => {
    const { batches, runs, gates } = recorder({ apart: (n) => (n % 2 === 0 ? 'even' : null) });
    const all = [1, 2, 3, 4, 5, 6].map((n) => batches.submit('list', n));
    for (let i = 0; i < 3; i++) {
      await settle();
      gates[i]!.open();
    }
    await Promise.all(all);
    expect(runs).toEqual([[1, 2, 3, 5], [4], [6]]);
  });

  it('answers each input its own outcome, a refusal included', async () => {
    const refused = conflict('This list is full');
    const batches = new Batches<number, number>(async (batch) =>
      batch.take().map((n) => (n === 2 ? { ok: false, error: refused } : ok(n))));
    const answers = await Promise.allSettled([1, 2, 3].map((n) => batches.submit('list', n)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : a.reason))).toEqual([1, refused, 3]);
  });

  it('refuses the whole batch for a refusal the run throws, and runs no input again', async () => {
    const runs: number[][] = [];
    const gone = notFound('This list does not exist');
    const batches = new Batches<number, number>(async (batch) => {
      runs.push(batch.take());
      throw gone;
    });
    const all = [1, 2, 3].map((n) => batches.submit('list', n).catch((e: unknown) => e));
    expect(await Promise.all(all)).toEqual([gone, gone, gone]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('retries input by input after any other failure, so only the bad input fails', async () => {
    const runs: number[][] = [];
    const batches = new Batches<number, number>(async (batch) => {
      const inputs = batch.take();
      runs.push(inputs);
      if (inputs.includes(3)) throw new Error('foreign key violated');
      return inputs.map((n) => ok(n * 10));
    });
    const all = [1, 2, 3, 4].map((n) => batches.submit('list', n).catch((e: unknown) => (e as Error).message));
    expect(await Promise.all(all)).toEqual([10, 20, 'foreign key violated', 40]);
    expect(runs).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('takes its inputs when the run is ready for them: those that arrived while it waited go too', async () => {
    const runs: { first: number; inputs: number[] }[] = [];
    const locked = gate();
    const batches = new Batches<number, number>(async (batch) => {
      await locked.opened;
      const inputs = batch.take();
      runs.push({ first: batch.first, inputs });
      return inputs.map(ok);
    });
    const all = [1, 2, 3].map((n) => batches.submit('list', n));
    await settle();
    locked.open();
    expect(await Promise.all(all)).toEqual([1, 2, 3]);
    expect(runs).toEqual([{ first: 1, inputs: [1, 2, 3] }]);
  });

  it('refuses every waiting input for a refusal thrown before the run took them', async () => {
    const gone = notFound('This list does not exist');
    const locked = gate();
    const batches = new Batches<number, number>(async () => {
      await locked.opened;
      throw gone;
    });
    const all = [1, 2, 3].map((n) => batches.submit('list', n).catch((e: unknown) => e));
    await settle();
    locked.open();
    expect(await Promise.all(all)).toEqual([gone, gone, gone]);
    expect(batches.size).toBe(0);
  });

  it('with next, starts the next batch before the running one ends, to wait for the lock meanwhile', async () => {
    const events: string[] = [];
    const writing = [gate(), gate(), gate()];
    let lock = Promise.resolve();
    let runs = 0;
    const batches = new Batches<number, number>(async (batch) => {
      const n = runs++;
      const inputs = batch.take();
      events.push(`took ${inputs.join(',')}`);
      // A lock held to the end of the run, as a transaction's row lock is.
      const previous = lock;
      let release!: () => void;
      lock = new Promise((resolve) => { release = resolve; });
      await previous;
      events.push(`locked ${inputs.join(',')}`);
      batch.next();
      await writing[n]!.opened;
      events.push(`end ${inputs.join(',')}`);
      release();
      return inputs.map(ok);
    });
    const first = batches.submit('list', 1);
    await settle();
    const later = [2, 3, 4].map((n) => batches.submit('list', n));
    await settle();
    const last = batches.submit('list', 5);
    await settle();
    writing[0]!.open();
    await settle();
    writing[1]!.open();
    await settle();
    writing[2]!.open();
    expect(await Promise.all([first, ...later, last])).toEqual([1, 2, 3, 4, 5]);
    // The second waits for the lock while the first writes; the third starts only when the second has it.
    expect(events).toEqual([
      'took 1', 'locked 1', 'took 2,3,4', 'end 1', 'locked 2,3,4', 'took 5', 'end 2,3,4', 'locked 5', 'end 5',
    ]);
    expect(batches.size).toBe(0);
  });

  it('next takes the running batch\'s inputs first, so the next batch starts from the ones after', async () => {
    const runs: number[][] = [];
    const held = gate();
    const batches = new Batches<number, number>(async (batch) => {
      batch.next();
      const inputs = batch.take();
      runs.push(inputs);
      if (runs.length === 1) await held.opened;
      return inputs.map(ok);
    });
    const first = [1, 2].map((n) => batches.submit('list', n));
    await settle();
    const later = [3, 4].map((n) => batches.submit('list', n));
    await settle();
    expect(runs).toEqual([[1, 2], [3, 4]]);
    held.open();
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4]);
  });

  describe('with gather', () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    /** Runs a burst of `inputs` to its end: the key's last batch took them all. */
    async function burst(r: ReturnType<typeof recorder>, inputs: number[]) {
      const answers = inputs.map((n) => r.batches.submit('list', n));
      await settle();
      r.gates.at(-1)!.open();
      await Promise.all(answers);
    }

    it('after a burst, the next batch waits for as many inputs as it took, and starts once they are there', async () => {
      const r = recorder({ gather: 1000 });
      await burst(r, [1, 2, 3]);
      const back = [4, 5].map((n) => r.batches.submit('list', n));
      await settle();
      expect(r.runs).toEqual([[1, 2, 3]]);
      back.push(r.batches.submit('list', 6));
      await settle();
      expect(r.runs).toEqual([[1, 2, 3], [4, 5, 6]]);
      r.gates[1]!.open();
      expect(await Promise.all(back)).toEqual([8, 10, 12]);
    });

    it('starts with the inputs that came once gather ms have passed', async () => {
      const r = recorder({ gather: 100 });
      await burst(r, [1, 2]);
      const late = r.batches.submit('list', 3);
      await settle();
      expect(r.runs).toEqual([[1, 2]]);
      await wait(150);
      expect(r.runs).toEqual([[1, 2], [3]]);
      r.gates[1]!.open();
      expect(await late).toBe(6);
    });

    it('never holds a lone input, nor one that comes after the burst is over', async () => {
      const r = recorder({ gather: 100 });
      await burst(r, [1]);
      expect(r.runs).toEqual([[1]]);
      expect(r.batches.size).toBe(0);
      await burst(r, [2, 3]);
      expect(r.batches.size).toBe(1);
      await wait(150);
      expect(r.batches.size).toBe(0);
      const after = r.batches.submit('list', 4);
      await settle();
      expect(r.runs).toEqual([[1], [2, 3], [4]]);
      r.gates[2]!.open();
      expect(await after).toBe(8);
    });
  });
});
