import type { APIRequestContext } from '@playwright/test';
import * as grocery from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import { callApi } from './api.ts';
import type { ApiSession } from './session.ts';

export async function createListViaApi(request: APIRequestContext, s: ApiSession, title: string): Promise<grocery.GroceryList> {
  return callApi(request, grocery.createList, { token: s.token, body: { familyId: s.user.familyId ?? undefined, title } });
}

export async function createMealViaApi(request: APIRequestContext, s: ApiSession, meal: Partial<meals.MealInput> & { name: string }) {
  return callApi(request, meals.createMeal, { token: s.token, body: { ingredients: [], ...meal, familyId: s.user.familyId } });
}
