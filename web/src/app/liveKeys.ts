import type { LiveKeys } from '../shared/live.ts';
import { familyLiveKeys } from '../features/family/queries.ts';
import { groceryLiveKeys } from '../features/grocery/queries.ts';
import { mealLiveKeys } from '../features/meals/queries.ts';

/** Every live topic with what it refreshes; a topic the contract adds without a line here fails to compile. */
export const liveKeys: LiveKeys = { ...familyLiveKeys, ...groceryLiveKeys, ...mealLiveKeys };
