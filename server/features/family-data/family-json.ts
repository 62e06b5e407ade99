/** family.json's arrays of records, in the order an export writes them (docs/family-data-format.md). */
export const sections = [
  'members', 'lists', 'recurringItems', 'recipes', 'recipeTags', 'calendarEvents', 'locations', 'locationTags', 'aiUsage',
] as const;
export type Section = (typeof sections)[number];

const headerKeys = new Set(['formatVersion', 'exportedAt', 'exportedByMemberId', 'family']);
const listFields = new Set(['id', 'title', 'createdAt']);

/** One value of family.json, as the stream reaches it. */
export type Part =
  | { at: 'header'; key: string; value: unknown }
  | { at: 'listField'; list: number; key: string; value: unknown }
  | { at: 'items' | 'comments'; list: number; value: unknown }
  | { at: Exclude<Section, 'lists'>; value: unknown };

export class NotFamilyJson extends Error {}

/**
 * The longest record read whole: the longest a record within the app's bounds can be written (a recipe: ~44,000
 * characters of text, 6 bytes each at most) and then some; past it the archive is refused, not buffered.
 */
const recordMaxBytes = 1024 * 1024;

type Path = (string | number)[];
/** What becomes of a value at `path`: read whole as a record, walked into (an object or an array), or passed over. */
type Fate = 'record' | 'object' | 'array' | 'skip';

function fateOf(path: Path): Fate {
  const [section, , field, child] = path;
  if (path.length === 1) {
    if (headerKeys.has(section as string)) return 'record';
    return (sections as readonly unknown[]).includes(section) ? 'array' : 'skip';
  }
  if (section !== 'lists') return path.length === 2 ? 'record' : 'skip';
  if (path.length === 2) return 'object';
  if (path.length === 3) return listFields.has(field as string) ? 'record' : field === 'items' || field === 'comments' ? 'array' : 'skip';
  return child !== undefined ? 'record' : 'skip';
}

function partOf(path: Path, value: unknown): Part {
  const [section, index, field] = path as [string, number, string];
  if (path.length === 1) return { at: 'header', key: section, value };
  if (section !== 'lists') return { at: section as Exclude<Section, 'lists'>, value };
  if (path.length === 3) return { at: 'listField', list: index, key: field, value };
  return { at: field as 'items' | 'comments', list: index, value };
}

const B = {
  Quote: 0x22, Backslash: 0x5c, Comma: 0x2c, Colon: 0x3a, OpenBrace: 0x7b, CloseBrace: 0x7d, OpenBracket: 0x5b, CloseBracket: 0x5d,
} as const;
/** The bytes a JSON value can start with: an object, an array, a string, a number, true, false, null. */
const valueStarts = new Set([...'{["-0123456789tfn'].map((c) => c.charCodeAt(0)));
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

interface Container {
  kind: 'object' | 'array';
  path: Path;
  /** Where it is: before a key, in a key, before its colon, before a value, or after a value. */
  state: 'key' | 'inKey' | 'colon' | 'value' | 'after';
  /** The next element's index (arrays), the key being read (objects). */
  index: number;
  key: string;
  /** Nothing in it yet: `}` or `]` may close it here. */
  empty: boolean;
}

/**
 * A value being passed over or read whole: strings and nesting are followed only to find where it ends; the bytes
 * of a record are kept and parsed by JSON.parse once it is complete.
 */
interface Value {
  path: Path;
  keep: boolean;
  chunks: Buffer[];
  bytes: number;
  depth: number;
  inString: boolean;
  escaped: boolean;
  /** A number, true, false or null: ends at the first byte that cannot be part of it. */
  scalar: boolean;
}

/**
 * Splits family.json into its records as its bytes arrive: the header's values, each list's own fields, and each
 * record of every section (a list's items and comments one by one), each parsed by JSON.parse; never the whole text
 * or a whole section. The structure around the records (the root object, the sections' arrays, the lists' objects)
 * is checked byte by byte; what is not part of the format is passed over.
 */
class Splitter {
  readonly parts: Part[] = [];
  /** The root's keys in the order met, with whether each one's value is an array or an object. */
  readonly rootKeys: [string, string][] = [];
  private readonly stack: Container[] = [];
  private value: Value | undefined;
  private keyBytes: number[] = [];
  private keyEscaped = false;
  private started = false;
  private ended = false;

  write(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.value) i = this.scanValue(chunk, i);
      else i = this.structure(chunk, i);
    }
    if (this.value && this.value.keep) {
      const from = this.valueStart ?? 0;
      this.keepBytes(chunk.subarray(from));
    }
    this.valueStart = undefined;
  }

  end(): void {
    if (!this.ended || this.value) throw new NotFamilyJson('the text ends early');
  }

  private valueStart: number | undefined;

  private keepBytes(bytes: Buffer): void {
    const value = this.value!;
    value.bytes += bytes.length;
    if (value.bytes > recordMaxBytes) throw new NotFamilyJson('a record past its bound');
    value.chunks.push(Buffer.from(bytes));
  }

  /** One byte of the structure (outside any value being scanned); answers where to go on. */
  private structure(chunk: Buffer, i: number): number {
    const b = chunk[i]!;
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (isSpace(b)) return i + 1;
      if (this.started || b !== B.OpenBrace) throw new NotFamilyJson('not one object');
      this.started = true;
      this.push('object', []);
      return i + 1;
    }
    if (top.state === 'inKey') return this.readKey(chunk, i, top);
    if (isSpace(b)) return i + 1;
    switch (top.state) {
      case 'key':
        if (b === B.Quote) { top.state = 'inKey'; this.keyBytes = []; this.keyEscaped = false; return i + 1; }
        if (b === B.CloseBrace && top.empty) return this.pop(i);
        throw new NotFamilyJson('expected a key');
      case 'colon':
        if (b !== B.Colon) throw new NotFamilyJson('expected a colon');
        top.state = 'value';
        return i + 1;
      case 'value':
        if (top.kind === 'array' && top.empty && b === B.CloseBracket) return this.pop(i);
        return this.startValue(chunk, i, top);
      case 'after':
        if (b === B.Comma) { top.state = top.kind === 'object' ? 'key' : 'value'; top.empty = false; return i + 1; }
        if (b === (top.kind === 'object' ? B.CloseBrace : B.CloseBracket)) return this.pop(i);
        throw new NotFamilyJson('expected a comma');
    }
  }

  private readKey(chunk: Buffer, i: number, top: Container): number {
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (!this.keyEscaped && b === B.Quote) {
        try {
          top.key = JSON.parse(`"${Buffer.from(this.keyBytes).toString('utf8')}"`) as string;
        } catch {
          throw new NotFamilyJson('a key that is not JSON');
        }
        top.state = 'colon';
        return i + 1;
      }
      this.keyEscaped = !this.keyEscaped && b === B.Backslash;
      if (this.keyBytes.push(b) > 1024) throw new NotFamilyJson('a key past its bound');
    }
    return i;
  }

  private push(kind: Container['kind'], path: Path): void {
    this.stack.push({ kind, path, state: kind === 'object' ? 'key' : 'value', index: 0, key: '', empty: true });
  }

  private pop(i: number): number {
    this.stack.pop();
    const parent = this.stack[this.stack.length - 1];
    if (parent) this.afterValue(parent);
    else this.ended = true;
    return i + 1;
  }

  private afterValue(container: Container): void {
    container.state = 'after';
    if (container.kind === 'array') container.index++;
  }

  private startValue(chunk: Buffer, i: number, top: Container): number {
    const path = [...top.path, top.kind === 'object' ? top.key : top.index];
    const b = chunk[i]!;
    if (!valueStarts.has(b)) throw new NotFamilyJson(`${path.join('.')}: not a value`);
    if (top.path.length === 0) {
      this.rootKeys.push([top.key, b === B.OpenBracket ? 'array' : b === B.OpenBrace ? 'object' : 'other']);
    }
    const fate = fateOf(path);
    if (fate === 'object' || fate === 'array') {
      if (b !== (fate === 'object' ? B.OpenBrace : B.OpenBracket)) throw new NotFamilyJson(`${path.join('.')}: not an ${fate}`);
      this.push(fate, path);
      return i + 1;
    }
    const opens = b === B.OpenBrace || b === B.OpenBracket;
    this.value = {
      path, keep: fate === 'record', chunks: [], bytes: 0, depth: opens ? 1 : 0, inString: b === B.Quote, escaped: false,
      scalar: !opens && b !== B.Quote,
    };
    this.valueStart = i;
    return i + 1;
  }

  /** Bytes of the value being scanned, from `i`, until it ends (then the structure goes on after it). */
  private scanValue(chunk: Buffer, i: number): number {
    const v = this.value!;
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (v.inString) {
        if (v.escaped) v.escaped = false;
        else if (b === B.Backslash) v.escaped = true;
        else if (b === B.Quote) {
          v.inString = false;
          if (v.depth === 0) return this.endValue(chunk, i + 1);
        }
      } else if (v.scalar) {
        if (isSpace(b) || b === B.Comma || b === B.CloseBrace || b === B.CloseBracket) return this.endValue(chunk, i);
      } else if (b === B.Quote) v.inString = true;
      else if (b === B.OpenBrace || b === B.OpenBracket) v.depth++;
      else if ((b === B.CloseBrace || b === B.CloseBracket) && --v.depth === 0) return this.endValue(chunk, i + 1);
    }
    return i;
  }

  /** The value ended just before `end` in this chunk. */
  private endValue(chunk: Buffer, end: number): number {
    if (this.value!.keep) this.keepBytes(chunk.subarray(this.valueStart ?? 0, end));
    this.valueStart = undefined;
    this.finishValue();
    return end;
  }

  private finishValue(): void {
    const v = this.value!;
    this.value = undefined;
    if (v.keep) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(v.chunks, v.bytes).toString('utf8'));
      } catch {
        throw new NotFamilyJson(`${v.path.join('.')}: not JSON`);
      }
      this.parts.push(partOf(v.path, parsed));
    }
    this.afterValue(this.stack[this.stack.length - 1]!);
  }
}

/**
 * family.json's records as its bytes arrive (`Splitter`). Throws `NotFamilyJson` for text that is not JSON, or
 * whose sections are missing, not arrays, or out of the format's order.
 */
export async function* familyJsonParts(bytes: AsyncIterable<Buffer>): AsyncGenerator<Part> {
  const splitter = new Splitter();
  for await (const chunk of bytes) {
    splitter.write(chunk);
    yield* splitter.parts.splice(0);
  }
  splitter.end();
  yield* splitter.parts.splice(0);
  const order = splitter.rootKeys.filter(([k]) => (sections as readonly string[]).includes(k)).map(([k]) => k);
  const family = splitter.rootKeys.find(([k]) => k === 'family');
  if (order.join() !== sections.join() || family?.[1] !== 'object') throw new NotFamilyJson('sections missing or out of order');
}
