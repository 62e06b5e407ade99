import type { ServerProcess } from './processes.ts';

/** One member's live stream on a server process: the ids its changes named, and whether it ended. */
export class Stream {
  readonly ids = new Set<string>();
  ended = false;
  readonly #abort = new AbortController();

  /** Opens a stream on `app` with the session `token`; answers the status instead when it is not 200. */
  static async open(app: ServerProcess, token: string): Promise<Stream | number> {
    const stream = new Stream();
    const res = await fetch(`${app.url}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: stream.#abort.signal });
    if (res.status !== 200) return res.status;
    void stream.#read(res.body!);
    return stream;
  }

  async #read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        for (const match of decoder.decode(chunk, { stream: true }).matchAll(/"id":"([0-9a-f-]{36})"/g)) this.ids.add(match[1]!);
      }
    } catch {
      // Closed by the test.
    }
    this.ended = true;
  }

  close() {
    this.#abort.abort();
  }
}
