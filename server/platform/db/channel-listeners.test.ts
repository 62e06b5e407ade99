import { describe, expect, it } from 'vitest';
import { ChannelListeners } from './channel-listeners.ts';

/** ChannelListeners whose LISTEN and UNLISTEN are recorded, each LISTEN held until `started` settles it. */
function recorded() {
  const calls: string[] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const channels = new ChannelListeners(
    (channel) => new Promise<void>((resolve, reject) => {
      calls.push(`listen ${channel}`);
      pending.push({ resolve, reject });
    }),
    async (channel) => { calls.push(`unlisten ${channel}`); },
  );
  return { channels, calls, pending };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ChannelListeners', () => {
  it('listens once for listeners added together, answering each only once the LISTEN has run', async () => {
    const { channels, calls, pending } = recorded();
    let answered = 0;
    const adds = [channels.add('items', () => {}), channels.add('items', () => {})].map((p) => p.then((stop) => {
      answered++;
      return stop;
    }));
    await turn();
    expect(calls).toEqual(['listen items']);
    expect(answered).toBe(0);
    pending[0]!.resolve();
    const [stopFirst, stopSecond] = await Promise.all(adds);
    expect([...channels.of('items')]).toHaveLength(2);
    await stopFirst!();
    expect(calls).toEqual(['listen items']);
    await stopSecond!();
    expect(calls).toEqual(['listen items', 'unlisten items']);
    expect([...channels.of('items')]).toEqual([]);
  });

  it('forgets a channel whose LISTEN failed, so the next listener listens again', async () => {
    const { channels, calls, pending } = recorded();
    const failed = channels.add('items', () => {});
    await turn();
    pending[0]!.reject(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    expect([...channels.of('items')]).toEqual([]);
    const again = channels.add('items', () => {});
    await turn();
    pending[1]!.resolve();
    await again;
    expect(calls).toEqual(['listen items', 'listen items']);
    expect([...channels.of('items')]).toHaveLength(1);
  });
});
