import { singular, type AisleCategory } from '@hearth/contract/grocery';
import { aisleWords } from './aisle-words.ts';

/** The longest phrase looked up; the words of a longer name are read from its end. */
const phraseWordsMax = 4;

/** Each entry by its singular (`singular`, the rule items merge by), so "Bananas" and "banana" are one. */
export function aisleIndex(words: Record<string, string>): Map<string, AisleCategory> {
  const index = new Map<string, AisleCategory>();
  for (const [aisle, list] of Object.entries(words)) {
    for (const entry of list.split(',')) {
      const key = singular(entry);
      if (!key) continue;
      const before = index.get(key);
      if (before && before !== aisle) throw new Error(`"${entry}" is in both ${before} and ${aisle}`);
      index.set(key, aisle as AisleCategory);
    }
  }
  return index;
}

const index = aisleIndex(aisleWords);

/**
 * The built-in aisle of an item's name: the longest run of its words that is an entry, the last such run when two are
 * as long (the last word names the thing: "chocolate milk" is milk), else Other. Case, accents, plurals,
 * amounts and punctuation do not count ("2% Milk", "Bananas (organic)").
 */
export function dictionaryCategory(name: string): AisleCategory {
  const words = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\([^)]*\)/g, ' ').replace(/[^\p{L}&'\s-]+/gu, ' ')
    .split(/\s+/).filter(Boolean).slice(-2 * phraseWordsMax);
  for (let size = Math.min(phraseWordsMax, words.length); size > 0; size--) {
    for (let start = words.length - size; start >= 0; start--) {
      const found = index.get(singular(words.slice(start, start + size).join(' ')));
      if (found) return found;
    }
  }
  return 'Other';
}
