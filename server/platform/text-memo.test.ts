import { describe, expect, it } from 'vitest';
import { TextMemo } from './text-memo.ts';

describe('TextMemo', () => {
  it('builds once per text and answers the same value while the text is unchanged', () => {
    const memo = new TextMemo<{ items: string[] }>(1000);
    let builds = 0;
    const read = (text: string) => memo.get('list', text, () => {
      builds++;
      return { items: JSON.parse(text) as string[] };
    });
    const first = read('["milk"]');
    expect(read('["milk"]')).toBe(first);
    expect(builds).toBe(1);
    const changed = read('["milk","eggs"]');
    expect(changed).not.toBe(first);
    expect(changed.items).toEqual(['milk', 'eggs']);
    expect(builds).toBe(2);
  });

  it('keeps each key apart', () => {
    const memo = new TextMemo<string>(1000);
    expect(memo.get('family a:list', '[]', () => 'a')).toBe('a');
    expect(memo.get('family b:list', '[]', () => 'b')).toBe('b');
    expect(memo.get('family a:list', '[]', () => 'rebuilt')).toBe('a');
  });

  it('drops the least recently used keys past its size, and never keeps a text larger than it', () => {
    const memo = new TextMemo<string>(10);
    memo.get('a', '12345', () => 'a');
    memo.get('b', '12345', () => 'b');
    memo.get('a', '12345', () => 'rebuilt a'); // a is now the most recent
    memo.get('c', '123', () => 'c'); // 13 characters: b goes
    expect(memo.size).toBe(2);
    expect(memo.get('a', '12345', () => 'rebuilt a')).toBe('a');
    expect(memo.get('b', '12345', () => 'rebuilt b')).toBe('rebuilt b');
    memo.get('huge', 'x'.repeat(11), () => 'huge');
    expect(memo.get('huge', 'x'.repeat(11), () => 'built again')).toBe('built again');
  });
});
