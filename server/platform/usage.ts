import type { Clock } from './clock.ts';
import type { Queryable } from './db/client.ts';
import { usageEvents } from './db/schema.ts';

/** Usage event kinds named by the spec (part 1 §1). */
export type UsageKind =
  | 'create_list' | 'add_grocery_item' | 'invite_link_created' | 'calendar_event_created'
  | 'calendar_exported' | 'location_note_added' | 'tag_created' | 'location_created' | 'meal_created'
  | 'ai_meal_request' | 'ai_meal_saved' | 'ai_meal_grocery_added';

export async function recordUsage(
  q: Queryable, clock: Clock,
  event: { kind: UsageKind; familyId: string | null; userId: string | null; payload?: Record<string, unknown> },
): Promise<void> {
  await q.insert(usageEvents).values({
    kind: event.kind, familyId: event.familyId, userId: event.userId, at: clock.now(), payload: event.payload ?? {},
  });
}
