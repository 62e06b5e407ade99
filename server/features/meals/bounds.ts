import { mealLimits, mealMessages } from '@hearth/contract/meals';
import type { Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import { conflict } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** Claim, then check: under the family's lock, refuses (409) a meal past the family's bound. */
export async function requireRoomForMeal(tx: Tx, familyId: string): Promise<void> {
  await lockFamilyRow(tx, familyId);
  if ((await repo.countMeals(tx, familyId)) >= mealLimits.mealsPerFamily) throw conflict(mealMessages.tooManyMeals);
}
