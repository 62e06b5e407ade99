import pg from 'pg';
import { ChannelListeners, type Listener } from './channel-listeners.ts';

/** The first wait before opening a dropped LISTEN connection again, doubled each failed try up to `maxRetryMs`. */
const firstRetryMs = 100;
const maxRetryMs = 5_000;

/**
 * LISTEN on a PostgreSQL server: one connection of its own for every channel (the pool would hand a connection back),
 * opened again with backoff whenever it drops (the server restarted, the backend was terminated, the network broke),
 * then listening to every channel again. Notifications sent while it is down are lost: each drop is told to
 * `onLost`'s listeners, so they can tell their own clients to catch up.
 */
export class PgListener {
  readonly #config: pg.ClientConfig;
  readonly #channels = new ChannelListeners((channel) => this.#listen(channel), (channel) => this.#unlisten(channel));
  readonly #lostListeners = new Set<() => void>();
  /** The open connection, or the one being opened; undefined while waiting to try again. */
  #client: Promise<pg.Client> | undefined;
  #connected = false;
  #retryMs = firstRetryMs;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  /** Whether notifications can arrive now. */
  get connected(): boolean {
    return this.#connected;
  }

  listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    return this.#channels.add(channel, listener);
  }

  /** Calls `listener` each time the connection drops; answers the function that stops it. */
  onLost(listener: () => void): () => void {
    this.#lostListeners.add(listener);
    return () => this.#lostListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = await this.#client?.catch(() => undefined);
    this.#connected = false;
    await client?.end().catch(() => {});
  }

  /** The connection, opened if need be; the first LISTEN opens it, later ones share it. */
  #connection(): Promise<pg.Client> {
    if (!this.#client) {
      const opening = this.#open();
      this.#client = opening;
      opening.catch(() => {
        if (this.#client === opening) this.#client = undefined;
      });
    }
    return this.#client;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client(this.#config);
    // Until connected, a failure rejects `connect()`; after, it ends the connection and is handled by `#dropped`.
    client.on('error', () => this.#dropped(client));
    client.on('end', () => this.#dropped(client));
    client.on('notification', (message) => {
      for (const listener of this.#channels.of(message.channel)) listener(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.#channels.channels()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#connected = true;
    this.#retryMs = firstRetryMs;
    return client;
  }

  async #listen(channel: string): Promise<void> {
    const client = await this.#connection();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  async #unlisten(channel: string): Promise<void> {
    if (!this.#connected) return;
    const client = await this.#connection();
    await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
  }

  /** The connection `client` broke: tell the listeners once, and open a new one after a wait. */
  #dropped(client: pg.Client): void {
    const current = this.#client;
    if (this.#closed || !current) return;
    void current.then((open) => {
      if (open !== client || this.#client !== current) return;
      this.#client = undefined;
      this.#connected = false;
      for (const listener of this.#lostListeners) listener();
      this.#reconnect();
    }, () => {});
  }

  #reconnect(): void {
    this.#retry = setTimeout(() => {
      if (this.#closed) return;
      this.#connection().catch(() => {
        this.#retryMs = Math.min(this.#retryMs * 2, maxRetryMs);
        this.#reconnect();
      });
    }, this.#retryMs);
  }
}
