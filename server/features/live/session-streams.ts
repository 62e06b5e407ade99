/**
 * The live streams open on this process, by session, oldest first, each a way to end it. The bound is kept where
 * the streams are (each is a connection this process holds), checked in the same turn of the event loop as a stream
 * is added, so a burst of opens from one session leaves it exactly `perSession`.
 */
export class SessionStreams<Stream> {
  private readonly bySession = new Map<string, Set<Stream>>();
  private readonly perSession: number;
  constructor(perSession: number) {
    this.perSession = perSession;
  }

  /** Adds a stream of the session; answers the session's streams now past the bound, oldest first, to be ended. */
  add(sessionId: string, stream: Stream): Stream[] {
    let streams = this.bySession.get(sessionId);
    if (!streams) this.bySession.set(sessionId, (streams = new Set()));
    streams.add(stream);
    return [...streams].slice(0, Math.max(0, streams.size - this.perSession));
  }

  /** Forgets the stream; false when it was gone already (ended before). */
  delete(sessionId: string, stream: Stream): boolean {
    const streams = this.bySession.get(sessionId);
    if (!streams?.delete(stream)) return false;
    if (streams.size === 0) this.bySession.delete(sessionId);
    return true;
  }

  all(): Stream[] {
    return [...this.bySession.values()].flatMap((streams) => [...streams]);
  }
}
