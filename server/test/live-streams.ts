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

/** Tries `attempt` every 100 ms until it answers something truthy (answered), or fails after `timeoutMs`. */
export async function until<T>(attempt: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
