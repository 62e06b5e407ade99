import { describe, expect, it } from 'vitest';
import { VersionMemo } from './version-memo.ts';

describe('VersionMemo', () => {
  it('answers the value kept for a key only at the version it was kept at', () => {
    const memo = new VersionMemo<{ items: string[] }>(1000);
    const milk = { items: ['milk'] };
    expect(memo.version('list')).toBeUndefined();
    memo.set('list', 3, milk, 8);
    expect(memo.version('list')).toBe(3);
    expect(memo.get('list', 3)).toBe(milk);
    expect(memo.get('list', 4)).toBeUndefined();
    expect(memo.get('list', 2)).toBeUndefined();
    const more = { items: ['milk', 'eggs'] };
    memo.set('list', 4, more, 15);
    expect(memo.get('list', 4)).toBe(more);
    expect(memo.get('list', 3)).toBeUndefined();
  });

  it('never keeps an older version over a later one', () => {
    const memo = new VersionMemo<string>(1000);
    memo.set('list', 5, 'five', 4);
    memo.set('list', 4, 'four', 4);
    expect(memo.version('list')).toBe(5);
    expect(memo.get('list', 5)).toBe('five');
  });

  it('keeps each key apart', () => {
    const memo = new VersionMemo<string>(1000);
    memo.set('list a', 1, 'a', 1);
    memo.set('list b', 1, 'b', 1);
    expect(memo.get('list a', 1)).toBe('a');
    expect(memo.get('list b', 1)).toBe('b');
  });

  it('drops the least recently used keys past its size, and never keeps a value larger than it', () => {
    const memo = new VersionMemo<string>(10);
    memo.set('a', 1, 'a', 5);
    memo.set('b', 1, 'b', 5);
    expect(memo.get('a', 1)).toBe('a'); // a is now the most recent
    memo.set('c', 1, 'c', 3); // 13 in all: b goes
    expect(memo.count).toBe(2);
    expect(memo.get('a', 1)).toBe('a');
    expect(memo.get('b', 1)).toBeUndefined();
    memo.set('huge', 1, 'huge', 11);
    expect(memo.get('huge', 1)).toBeUndefined();
    memo.set('a', 2, 'a again', 4); // replacing a value frees its size
    memo.set('d', 1, 'd', 3);
    expect(memo.count).toBe(3);
  });
});
