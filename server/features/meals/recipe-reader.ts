import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { PageDraft } from './recipe-page.ts';
import type { PageReply, PageRequest } from './recipe-thread.ts';

export interface ReaderLimits {
  /** A page's own budget (`pageBudget.ms`) runs out first; this ends what no step counts, a library's own loop. */
  timeLimitMs: number;
  /** Pages read or waiting at once; more are refused rather than held in memory. */
  maxWaiting: number;
}

export const readerLimits: ReaderLimits = { timeLimitMs: 5_000, maxWaiting: 8 };

export type ReadOutcome = { draft: PageDraft | undefined } | { tooComplex: true } | { busy: true };

/**
 * Reads recipe pages on a thread of their own, one at a time, so that no page holds the server's thread: a page
 * still being read after the time limit has its thread ended (the next page starts a new one). The thread starts
 * with the first page and then stays, idle, without keeping the process alive.
 */
export class RecipeReader {
  private readonly log: FastifyBaseLogger;
  private readonly limits: ReaderLimits;
  private worker: Worker | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(log: FastifyBaseLogger, limits: ReaderLimits = readerLimits) {
    this.log = log;
    this.limits = limits;
  }

  async read(html: string, url: string): Promise<ReadOutcome> {
    if (this.waiting >= this.limits.maxWaiting) return { busy: true };
    this.waiting++;
    const turn = this.tail.then(() => this.run({ html, url }));
    this.tail = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      this.waiting--;
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(request: PageRequest): Promise<ReadOutcome> {
    const worker = this.worker ??= this.start();
    return new Promise((resolve) => {
      const done = (outcome: ReadOutcome, end: boolean) => {
        clearTimeout(timer);
        worker.off('message', answered);
        worker.off('error', crashed);
        worker.off('exit', crashed);
        if (end) this.end(worker);
        resolve(outcome);
      };
      const answered = (reply: PageReply) => {
        if ('failed' in reply) this.log.error({ err: reply.failed }, 'recipe page reader failed');
        done('draft' in reply ? { draft: reply.draft ?? undefined } : { tooComplex: true }, false);
      };
      // Out of memory (the thread's resource limits) or a crash: the page was more than the reader could hold.
      const crashed = (error: unknown) => {
        this.log.warn({ err: error }, 'recipe page reader stopped');
        done({ tooComplex: true }, true);
      };
      const timer = setTimeout(() => done({ tooComplex: true }, true), this.limits.timeLimitMs);
      worker.on('message', answered);
      worker.once('error', crashed);
      worker.once('exit', crashed);
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./recipe-thread.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    worker.unref();
    return worker;
  }

  private end(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }
}
