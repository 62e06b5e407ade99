import { sql } from 'drizzle-orm';
import { rawRows, type Queryable, type Tx } from '../../platform/db/client.ts';
import { aiDailyUsage } from '../../platform/db/schema/ai-planner.ts';

/** The AI planner's public API for other features (the family's data export). */

export interface AiUsageDay { day: string; count: number }

/** The family's planner requests per local day, oldest first. */
export function aiUsageForExport(q: Queryable, familyId: string): Promise<AiUsageDay[]> {
  return rawRows<AiUsageDay>(q, sql`select day::text as day, count from ai_daily_usage where family_id = ${familyId} order by day`);
}

export async function restoreAiUsage(tx: Tx, familyId: string, days: AiUsageDay[]): Promise<void> {
  if (days.length > 0) await tx.insert(aiDailyUsage).values(days.map((d) => ({ familyId, day: d.day, count: d.count })));
}
