import { parentPort } from 'node:worker_threads';
import { PageTooComplex } from './page-budget.ts';
import { readRecipe, type PageDraft } from './recipe-page.ts';

/** A page for the recipe reader's thread, and its answer (`recipe-reader.ts` starts the thread and bounds it). */
export interface PageRequest {
  html: string;
  url: string;
}
export type PageReply = { draft: PageDraft | null } | { tooComplex: true } | { failed: string };

parentPort!.on('message', ({ html, url }: PageRequest) => {
  let reply: PageReply;
  try {
    reply = { draft: readRecipe(html, url) ?? null };
  } catch (error) {
    // RangeError: a page so large that a string or the stack ran out.
    if (error instanceof PageTooComplex || error instanceof RangeError) reply = { tooComplex: true };
    else reply = { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
