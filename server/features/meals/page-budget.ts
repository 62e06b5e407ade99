import { Parser } from 'htmlparser2';

/**
 * How much reading one page may take: `steps` (elements, texts and values visited, counted across every walk of the
 * page), `depth` (elements open at once) and `ms` (time from the start). Every walk is a loop over a stack of its
 * own, so a page's nesting never reaches the call stack.
 */
export interface PageBudget {
  steps: number;
  depth: number;
  ms: number;
}

export const pageBudget: PageBudget = { steps: 250_000, depth: 256, ms: 2_000 };

/** A page past its budget: the import gives up on it (422) rather than keep a thread busy. */
export class PageTooComplex extends Error {
  constructor(what: string) {
    super(`the page is past its ${what} budget`);
  }
}

/** Counts one read's steps against its budget; the clock is read once every 1,024 steps. */
export class Meter {
  readonly budget: PageBudget;
  private readonly deadline: number;
  private steps = 0;
  private nextClock = 1024;

  constructor(budget: PageBudget) {
    this.budget = budget;
    this.deadline = performance.now() + budget.ms;
  }

  step(count = 1): void {
    this.steps += count;
    if (this.steps > this.budget.steps) throw new PageTooComplex('steps');
    if (this.steps >= this.nextClock) {
      this.nextClock = this.steps + 1024;
      this.checkClock();
    }
  }

  checkClock(): void {
    if (performance.now() > this.deadline) throw new PageTooComplex('time');
  }
}

export interface HtmlHandler {
  open(name: string, attribs: Record<string, string>): void;
  text(data: string): void;
  close(): void;
}

/** Larger chunks than this could hide a long stretch without a step (end tags that close nothing call nothing). */
const chunkSize = 16_384;

/**
 * Streams `html` through htmlparser2 to `handler` (every element closed, implied ones included), within the
 * meter's budget: past the depth or steps, or the time between two chunks, it throws `PageTooComplex`. The parser
 * looks for each end tag among the open elements, so keeping those few also keeps each end tag cheap.
 */
export function scanHtml(html: string, meter: Meter, handler: HtmlHandler): void {
  let depth = 0;
  const parser = new Parser({
    onopentag(name, attribs) {
      meter.step();
      if (++depth > meter.budget.depth) throw new PageTooComplex('depth');
      handler.open(name, attribs);
    },
    ontext(data) {
      meter.step();
      handler.text(data);
    },
    onclosetag() {
      // A tag cut off by the page's end is closed without having opened.
      if (depth === 0) return;
      depth--;
      handler.close();
    },
  });
  for (let at = 0; at < html.length; at += chunkSize) {
    parser.write(html.slice(at, at + chunkSize));
    meter.checkClock();
  }
  parser.end();
}
