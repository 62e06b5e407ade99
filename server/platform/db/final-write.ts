import type { Db, Tx } from './client.ts';

/**
 * Runs `work` in a transaction whose final statement goes with its COMMIT (issue #17): `work` sends that statement
 * and hands it back unawaited as `final`, so the engine runs both without waiting for the server's thread in
 * between (on the embedded engine, which runs one transaction at a time, that wait held every other statement).
 *
 * Both engines run a transaction's statements in the order they are sent (PGlite's thread in message order, a pg
 * connection as it pipelines them), and a COMMIT after a failed statement rolls the transaction back: the final statement's
 * failure is then thrown, in place of the commit's.
 */
export async function transactionWithFinalWrite<T>(
  db: Db, work: (tx: Tx) => Promise<{ result: T; final: Promise<unknown> }>,
): Promise<T> {
  let final: Promise<unknown> | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      const done = await work(tx);
      // Once, as a promise: a drizzle query runs again each time it is awaited.
      final = Promise.resolve(done.final);
      // Awaited below, once the transaction has ended.
      final.catch(() => {});
      return done.result;
    });
    await final;
    return result;
  } catch (error) {
    await final;
    throw error;
  }
}
