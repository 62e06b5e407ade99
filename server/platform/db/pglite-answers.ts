import { protocol, type PGlite, type Results } from '@electric-sql/pglite';

/**
 * Reads the engine's answer to one statement straight from its bytes (issue #17). PGlite's own reading copies every
 * field of every row into an ArrayBuffer of its own before decoding it, and makes an object of every message: a
 * prepared statement's 500-row answer took ~1.7 ms of the engine's thread that way and ~0.45 ms here, 35 rows ~0.2
 * and ~0.1 ms. The results, rows and errors are those PGlite's `execProtocol` and `parseResults` give.
 */

const { DatabaseError } = protocol.messages;

/** A NOTIFY delivered in an answer (LISTEN on the same engine). */
export interface Notification { channel: string; payload: string }

type Parsers = PGlite['parsers'];

const startBytes = 64 * 1024;
/** Past this, the buffer is let go once its answer is taken: one long answer does not keep its size for good. */
const keptBytes = 1024 * 1024;

/** An answer's bytes as the engine streams them, in one buffer kept from answer to answer. */
export class AnswerBytes {
  #bytes = new Uint8Array(startBytes);
  #length = 0;

  /** For `execProtocolRawStream`'s `onRawData`: the chunk is the engine's memory, so it is copied at once. */
  readonly append = (chunk: Uint8Array): void => {
    const needed = this.#length + chunk.length;
    if (needed > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.#bytes.length * 2));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    this.#bytes.set(chunk, this.#length);
    this.#length = needed;
  };

  /** The bytes gathered since the last call, which starts the next answer. */
  take(): Uint8Array {
    const answer = this.#bytes.subarray(0, this.#length);
    this.#length = 0;
    if (this.#bytes.length > keptBytes) this.#bytes = new Uint8Array(startBytes);
    return answer;
  }
}

const decoder = new TextDecoder();
const affecting = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The error fields of an ErrorResponse, by their one-letter codes, as PGlite names them. */
const errorFields: Record<string, keyof InstanceType<typeof DatabaseError>> = {
  S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', p: 'internalPosition', q: 'internalQuery',
  W: 'where', s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', F: 'file', L: 'line', R: 'routine',
};

/**
 * The result of the answer's statement (its first command's, as `parseResults(...)[0]`); throws the answer's first
 * error as PGlite's DatabaseError. `notified` is called for each notification the answer carries.
 */
export function readAnswer<T>(
  bytes: Uint8Array, parsers: Parsers, rowMode: 'array' | 'object' | undefined, notified: (n: Notification) => void,
): Results<T> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (from: number, to: number) => decoder.decode(bytes.subarray(from, to));
  const cstring = (from: number) => {
    const end = bytes.indexOf(0, from);
    return { value: text(from, end), next: end + 1 };
  };
  let fields: { name: string; dataTypeID: number }[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let result: Results<T> | undefined;
  let error: InstanceType<typeof DatabaseError> | undefined;
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = bytes[at]!;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    at += 1 + length;
    if (error) continue;
    switch (type) {
      case 0x54: { // RowDescription
        fields = [];
        let p = body + 2;
        for (let i = view.getInt16(body); i > 0; i--) {
          const name = cstring(p);
          fields.push({ name: name.value, dataTypeID: view.getInt32(name.next + 6) });
          p = name.next + 18;
        }
        break;
      }
      case 0x44: { // DataRow
        const values: unknown[] = [];
        let p = body + 2;
        for (let i = 0, n = view.getInt16(body); i < n; i++) {
          const size = view.getInt32(p);
          p += 4;
          if (size < 0) {
            values.push(null);
            continue;
          }
          const { dataTypeID } = fields[i]!;
          const parse = parsers[dataTypeID];
          const value = text(p, p + size);
          values.push(parse ? parse(value, dataTypeID) : value);
          p += size;
        }
        if (rowMode === 'array') {
          rows.push(values);
          break;
        }
        const row: Record<string, unknown> = {};
        fields.forEach(({ name }, i) => { row[name] = values[i]; });
        rows.push(row);
        break;
      }
      case 0x43: { // CommandComplete
        const words = cstring(body).value.split(' ');
        const command = words[0]!;
        const count = parseInt(words[words.length - 1]!, 10);
        if (affecting.has(command)) affectedRows += count;
        const done = { rows, fields, command, affectedRows } as Results<T> & { command: string; rowCount?: number };
        if (!Number.isNaN(count)) done.rowCount = count;
        result ??= done;
        rows = [];
        fields = [];
        break;
      }
      case 0x45: { // ErrorResponse
        const found: Record<string, string> = {};
        for (let p = body; bytes[p] !== 0;) {
          const code = String.fromCharCode(bytes[p]!);
          const value = cstring(p + 1);
          found[code] = value.value;
          p = value.next;
        }
        error = new DatabaseError(found.M ?? '', length, 'error');
        for (const [code, field] of Object.entries(errorFields)) {
          (error as unknown as Record<string, string | undefined>)[field] = found[code];
        }
        break;
      }
      case 0x41: { // NotificationResponse
        const channel = cstring(body + 4);
        const payload = cstring(channel.next);
        notified({ channel: channel.value, payload: payload.value });
        break;
      }
    }
  }
  if (error) throw error;
  return result ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<T>);
}
