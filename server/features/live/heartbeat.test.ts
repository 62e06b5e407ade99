import { afterEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat } from './heartbeat.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('Heartbeat', () => {
  it('beats every stream from one timer, every period', async () => {
    vi.useFakeTimers();
    const heartbeat = new Heartbeat(1000);
    const beats: string[] = [];
    heartbeat.add(() => beats.push('a'));
    heartbeat.add(() => beats.push('b'));
    // One timer: its one callback beats every stream, so their session checks start in the same turn.
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(beats).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(beats).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(beats).toEqual(['a', 'b', 'a', 'b']);
  });

  it('stops a stream\'s beats, and its timer with the last stream', async () => {
    vi.useFakeTimers();
    const heartbeat = new Heartbeat(1000);
    const beats: string[] = [];
    const stopA = heartbeat.add(() => beats.push('a'));
    const stopB = heartbeat.add(() => beats.push('b'));
    stopA();
    await vi.advanceTimersByTimeAsync(1000);
    expect(beats).toEqual(['b']);
    stopB();
    expect(vi.getTimerCount()).toBe(0);
    heartbeat.add(() => beats.push('c'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(beats).toEqual(['b', 'c']);
  });
});
