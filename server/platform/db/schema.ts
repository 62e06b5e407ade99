/**
 * The one drizzle schema: each area's tables live in `schema/<area>.ts`; drizzle-kit and every query read them
 * through this index.
 */
export * from './schema/accounts.ts';
export * from './schema/ai-planner.ts';
export * from './schema/calendar.ts';
export * from './schema/events.ts';
export * from './schema/family.ts';
export * from './schema/family-data.ts';
export * from './schema/grocery.ts';
export * from './schema/idempotency.ts';
export * from './schema/locations.ts';
export * from './schema/meals.ts';
export * from './schema/notifications.ts';
export * from './schema/throttle.ts';

export * from './schema/todos.ts';
