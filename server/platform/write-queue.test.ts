import { describe, expect, it } from 'vitest';
import { WriteQueue } from './write-queue.ts';

/** A promise with its resolve handle, to hold a write open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

describe('WriteQueue', () => {
  it('runs writes of one key one at a time, in arrival order', async () => {
    const queue = new WriteQueue();
    const log: string[] = [];
    const first = gate();
    const a = queue.run('list', async () => { log.push('a starts'); await first.opened; log.push('a ends'); return 'a'; });
    const b = queue.run('list', async () => { log.push('b runs'); return 'b'; });
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['a starts']);
    first.open();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b runs']);
  });

  it('lets writes of other keys run meanwhile', async () => {
    const queue = new WriteQueue();
    const held = gate();
    const a = queue.run('one list', () => held.opened);
    expect(await queue.run('another list', async () => 'ran')).toBe('ran');
    held.open();
    await a;
  });

  it('runs the next write after one that failed, and answers each its own outcome', async () => {
    const queue = new WriteQueue();
    const failed = queue.run('list', async () => { throw new Error('refused'); });
    const next = queue.run('list', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('ran');
  });

  it('forgets a key once its writes are done', async () => {
    const queue = new WriteQueue();
    await Promise.all([queue.run('a', async () => 1), queue.run('b', async () => 2), queue.run('a', async () => 3)]);
    await new Promise((r) => setTimeout(r, 0));
    expect(queue.size).toBe(0);
  });
});
