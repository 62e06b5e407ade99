import { describe, expect, it } from 'vitest';
import { LookupBatches } from './lookup-batches.ts';

/** A promise with its resolve handle, to hold a read open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Lookups that record what each read took and answer each input doubled, each read held until its gate opens. */
function recorder(max = 64, fails?: (n: number) => boolean) {
  const reads: number[][] = [];
  const gates: ReturnType<typeof gate>[] = [];
  const lookups = new LookupBatches<number, number>(async (inputs) => {
    reads.push(inputs);
    const held = gate();
    gates.push(held);
    await held.opened;
    if (fails && inputs.some(fails)) throw new Error(`bad input among ${inputs.join(', ')}`);
    return inputs.map((n) => n * 2);
  }, max);
  return { lookups, reads, gates };
}

describe('LookupBatches', () => {
  it('reads lookups sent together at once, and those that arrive meanwhile together in a second read', async () => {
    const { lookups, reads, gates } = recorder();
    const first = [1, 2].map((n) => lookups.submit('key', n));
    await settle();
    const second = [3, 4].map((n) => lookups.submit('key', n));
    await settle();
    const third = [5, 6].map((n) => lookups.submit('key', n));
    await settle();
    // Two reads of a key at a time: the third waits for one of them.
    expect(reads).toEqual([[1, 2], [3, 4]]);
    gates[0]!.open();
    expect(await Promise.all(first)).toEqual([2, 4]);
    await settle();
    expect(reads).toEqual([[1, 2], [3, 4], [5, 6]]);
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all([...second, ...third])).toEqual([6, 8, 10, 12]);
    expect(lookups.size).toBe(0);
  });

  it('reads other keys meanwhile, and at most `max` lookups a read', async () => {
    const { lookups, reads, gates } = recorder(2);
    const all = [1, 2, 3].map((n) => lookups.submit('one', n));
    const other = lookups.submit('other', 9);
    await settle();
    expect(reads).toEqual([[1, 2], [9], [3]]);
    for (const g of gates) g.open();
    expect(await Promise.all([...all, other])).toEqual([2, 4, 6, 18]);
  });

  it('reads each lookup of a failed read again alone, so only the bad one fails', async () => {
    const { lookups, gates } = recorder(64, (n) => n === 2);
    const all = [1, 2, 3].map((n) => lookups.submit('key', n).catch((e: unknown) => (e as Error).message));
    for (let i = 0; i < 4; i++) {
      await settle();
      gates[i]?.open();
    }
    expect(await Promise.all(all)).toEqual([2, 'bad input among 2', 6]);
  });
});
