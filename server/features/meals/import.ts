import { mealMessages, type MealDraft } from '@hearth/contract/meals';
import { requireEditor } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { hours } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, invalid, rateLimited } from '../../platform/errors.ts';
import { safeFetch, SafeFetchError } from '../../platform/http/safe-fetch.ts';
import type { RecipeReader } from './recipe-reader.ts';

/** Imports one user may make per hour: a busy evening's worth, too few to use the server as a crawler. */
export const importWindows = [{ max: 20, ms: hours(1) }];

/** Reads a recipe from a web page as a draft meal; nothing is saved (the web shows it in the meal form). */
export async function importMeal(deps: Deps, reader: RecipeReader, caller: Caller, url: string): Promise<MealDraft> {
  const member = requireEditor(caller);
  if (!(await deps.throttle.claim(`meal-import:${member.userId}`, importWindows))) throw rateLimited(mealMessages.importTooMany);
  let page;
  try {
    page = await safeFetch(url, deps.config.importAllowPrivateHosts ? { allowAddress: () => true } : {});
  } catch (error) {
    if (!(error instanceof SafeFetchError) && !(error instanceof Error && error.name === 'AbortError')) throw error;
    if (error instanceof SafeFetchError && error.reason === 'refused') throw invalid(mealMessages.importRefused);
    throw new AppError('UNPROCESSABLE', mealMessages.importUnreachable);
  }
  const read = await reader.read(page.body, page.url);
  if ('busy' in read) throw rateLimited(mealMessages.importBusy);
  if ('tooComplex' in read) throw new AppError('UNPROCESSABLE', mealMessages.importTooComplex);
  const draft = read.draft;
  if (!draft) throw new AppError('UNPROCESSABLE', mealMessages.importNoRecipe);
  await deps.events.record(deps.db, {
    familyId: member.familyId, actorId: member.userId, type: 'meal_imported',
    data: { host: new URL(page.url).hostname, ingredientCount: draft.ingredients.length },
  });
  return draft;
}
