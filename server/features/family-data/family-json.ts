import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo } from '@streamparser/json';

/** family.json's arrays of records, in the order an export writes them (docs/family-data-format.md). */
export const sections = [
  'members', 'lists', 'recurringItems', 'recipes', 'recipeTags', 'calendarEvents', 'locations', 'locationTags', 'aiUsage',
] as const;
export type Section = (typeof sections)[number];

/** The fields of a list written before its items and comments. */
export const listFields = ['id', 'title', 'createdAt'] as const;

/** One value of family.json, as the stream reaches it. */
export type Part =
  | { at: 'header'; key: string; value: unknown }
  | { at: 'listField'; list: number; key: string; value: unknown }
  | { at: 'items' | 'comments'; list: number; value: unknown }
  | { at: Exclude<Section, 'lists'>; value: unknown };

const headerKeys = ['formatVersion', 'exportedAt', 'exportedByMemberId', 'family'];
const paths = [
  ...headerKeys.map((k) => `$.${k}`),
  ...listFields.map((k) => `$.lists.*.${k}`), '$.lists.*.items.*', '$.lists.*.comments.*',
  ...sections.filter((s) => s !== 'lists').map((s) => `$.${s}.*`),
];

export class NotFamilyJson extends Error {}

function partOf({ value, key, stack }: ParsedElementInfo): Part {
  const at = stack[1]?.key;
  if (stack.length === 1) return { at: 'header', key: String(key), value };
  if (stack.length === 2) return { at: at as Exclude<Section, 'lists'>, value };
  const list = Number(stack[2]!.key);
  if (stack.length === 3) return { at: 'listField', list, key: String(key), value };
  return { at: stack[3]!.key as 'items' | 'comments', list, value };
}

/**
 * family.json's values one by one as its bytes arrive: the header's, each list's own fields, and each record of
 * every section (a list's items and comments one by one), never the whole text or a whole section. Throws
 * `NotFamilyJson` for text that is not JSON, or whose sections are missing, not arrays, or out of the format's order.
 */
export async function* familyJsonParts(bytes: AsyncIterable<Buffer>): AsyncGenerator<Part> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths, keepStack: false });
  const parts: Part[] = [];
  parser.onValue = (info) => parts.push(partOf(info));
  // The root object's keys, with the first token of each one's value, to check the sections' shape and order.
  const seen: [string, TokenType][] = [];
  let depth = 0;
  let key: string | undefined;
  let expectKey = false;
  tokenizer.onToken = (info) => {
    const { token } = info;
    if (depth === 1) {
      if (expectKey && token === TokenType.STRING) {
        key = info.value as string;
        expectKey = false;
      } else if (key !== undefined && token !== TokenType.COLON) {
        seen.push([key, token]);
        key = undefined;
      } else if (token === TokenType.COMMA) expectKey = true;
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      if (depth === 0 && token !== TokenType.LEFT_BRACE) throw new NotFamilyJson('not an object');
      if (++depth === 1) expectKey = true;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
    parser.write(info);
  };
  try {
    for await (const chunk of bytes) {
      tokenizer.write(chunk);
      yield* parts.splice(0);
    }
    tokenizer.end();
  } catch (error) {
    throw error instanceof NotFamilyJson ? error : new NotFamilyJson(String(error));
  }
  yield* parts.splice(0);
  const order = seen.filter(([k]) => (sections as readonly string[]).includes(k));
  const inOrder = order.length === sections.length && order.every(([k, token], i) => k === sections[i] && token === TokenType.LEFT_BRACKET);
  if (!inOrder || seen.find(([k]) => k === 'family')?.[1] !== TokenType.LEFT_BRACE) throw new NotFamilyJson('sections');
}
