import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Makes the rest of `tx` run its statements on their one generic plan each (issue #17), for a batch whose statements
 * have one shape whatever their values (arrays of the batch's inputs): the embedded engine, which prepares every
 * statement, otherwise planned them anew for each batch, whose array lengths it could see (much of an item add
 * batch's reads). A PostgreSQL server plans its unnamed statements anew regardless.
 */
export async function genericPlans(tx: Tx): Promise<void> {
  // Awaited here, so it is sent at the call, before the statements the caller sends after calling it.
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
}
