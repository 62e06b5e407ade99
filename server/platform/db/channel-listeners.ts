export type Listener = (payload: string) => void;

/**
 * Listeners by channel on one connection: a channel's LISTEN (`start`) runs once, for its first listener, and every
 * listener added meanwhile waits for it, so none is answered before notifications can reach it; UNLISTEN (`stop`)
 * runs once its last listener stops. A LISTEN that fails forgets the channel, so the next listener tries again.
 */
export class ChannelListeners {
  readonly #channels = new Map<string, { listeners: Set<Listener>; listening: Promise<unknown> }>();
  readonly #start: (channel: string) => Promise<unknown>;
  readonly #stop: (channel: string) => Promise<unknown>;

  constructor(start: (channel: string) => Promise<unknown>, stop: (channel: string) => Promise<unknown>) {
    this.#start = start;
    this.#stop = stop;
  }

  /** Adds `listener` once its channel is listened to; answers the function that stops it. */
  async add(channel: string, listener: Listener): Promise<() => Promise<void>> {
    let entry = this.#channels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), listening: this.#start(channel) };
      this.#channels.set(channel, entry);
    }
    const { listeners } = entry;
    listeners.add(listener);
    try {
      await entry.listening;
    } catch (error) {
      listeners.delete(listener);
      if (this.#channels.get(channel) === entry) this.#channels.delete(channel);
      throw error;
    }
    return async () => {
      listeners.delete(listener);
      if (listeners.size > 0 || this.#channels.get(channel) !== entry) return;
      this.#channels.delete(channel);
      await this.#stop(channel);
    };
  }

  /** The channels listened to or being listened to now. */
  channels(): Iterable<string> {
    return this.#channels.keys();
  }

  /** The channel's listeners now. */
  of(channel: string): Iterable<Listener> {
    return this.#channels.get(channel)?.listeners ?? [];
  }
}
