/**
 * One timer beating for every live stream of the process: each beat re-checks its stream's session, and beats of the
 * same turn of the event loop go to the database together (the session lookups' batches, up to 200 a statement).
 * A timer per stream spread 5,000 streams' checks over the period, one statement each: 200 statements a second with
 * no request at all (docs/performance.md, "Many families"). The timer runs only while a stream is open.
 */
export class Heartbeat {
  private readonly beats = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private readonly everyMs: number;

  constructor(everyMs: number) {
    this.everyMs = everyMs;
  }

  /** Beats `beat` every period (the first within one); answers its stop. */
  add(beat: () => void): () => void {
    this.beats.add(beat);
    this.timer ??= setInterval(() => {
      for (const each of this.beats) each();
    }, this.everyMs);
    return () => {
      this.beats.delete(beat);
      if (this.beats.size > 0) return;
      clearInterval(this.timer);
      this.timer = undefined;
    };
  }
}
