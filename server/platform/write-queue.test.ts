import { describe, expect, it } from 'vitest';
import { WriteQueue } from './write-queue.ts';

/** A promise with its resolve handle, to hold a write open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('WriteQueue', () => {
  it('runs at most two writes of one key at a time, the others in arrival order as slots free', async () => {
    const queue = new WriteQueue();
    const started: string[] = [];
    const gates = { a: gate(), b: gate(), c: gate(), d: gate() };
    const runs = (Object.keys(gates) as (keyof typeof gates)[]).map((name) => queue.run('list', async () => {
      started.push(name);
      await gates[name].opened;
      return name;
    }));
    await settle();
    expect(started).toEqual(['a', 'b']);
    gates.b.open();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates.a.open();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates.c.open();
    gates.d.open();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets writes of other keys run meanwhile', async () => {
    const queue = new WriteQueue(1);
    const held = gate();
    const a = queue.run('one list', () => held.opened);
    expect(await queue.run('another list', async () => 'ran')).toBe('ran');
    held.open();
    await a;
  });

  it('runs the next write after one that failed, and answers each its own outcome', async () => {
    const queue = new WriteQueue(1);
    const failed = queue.run('list', async () => { throw new Error('refused'); });
    const next = queue.run('list', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('ran');
  });

  it('forgets a key once its writes are done', async () => {
    const queue = new WriteQueue();
    await Promise.all([1, 2, 3, 4].map((n) => queue.run(n % 2 ? 'a' : 'b', async () => n)));
    expect(queue.size).toBe(0);
  });
});
