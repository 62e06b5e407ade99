import { mealMessages, type MealDraft } from '@hearth/contract/meals';
import { requireEditor } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { hours } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, invalid, rateLimited } from '../../platform/errors.ts';
import { safeFetch, safeFetchBytes, SafeFetchError } from '../../platform/http/safe-fetch.ts';
import { resizePhoto } from './photo-image.ts';
import type { RecipeReader } from './recipe-reader.ts';

/** Imports one user may make per hour: a busy evening's worth, too few to use the server as a crawler. */
export const importWindows = [{ max: 20, ms: hours(1) }];

/** Reads a recipe from a web page as a draft meal; nothing is saved (the web shows it in the meal form). */
export async function importMeal(deps: Deps, reader: RecipeReader, caller: Caller, url: string): Promise<MealDraft> {
  const member = requireEditor(caller);
  if (!(await deps.throttle.claim(`meal-import:${member.userId}`, importWindows))) throw rateLimited(mealMessages.importTooMany);
  const reach = deps.config.importAllowPrivateHosts ? { allowAddress: () => true } : {};
  let page;
  try {
    page = await safeFetch(url, reach);
  } catch (error) {
    if (!(error instanceof SafeFetchError) && !(error instanceof Error && error.name === 'AbortError')) throw error;
    if (error instanceof SafeFetchError && error.reason === 'refused') throw invalid(mealMessages.importRefused);
    throw new AppError('UNPROCESSABLE', mealMessages.importUnreachable);
  }
  const read = await reader.read(page.body, page.url);
  if ('busy' in read) throw rateLimited(mealMessages.importBusy);
  if ('tooComplex' in read) throw new AppError('UNPROCESSABLE', mealMessages.importTooComplex);
  if (!read.draft) throw new AppError('UNPROCESSABLE', mealMessages.importNoRecipe);
  const { imageUrl, ...draft } = read.draft;
  const photo = imageUrl ? await pagePhoto(deps, imageUrl, reach) : null;
  await deps.events.record(deps.db, {
    familyId: member.familyId, actorId: member.userId, type: 'meal_imported',
    data: { host: new URL(page.url).hostname, ingredientCount: draft.ingredients.length, photo: photo !== null },
  });
  return { ...draft, photo };
}

/** What fetching a recipe page's photo may take: less than the page itself, as the recipe comes without it. */
export const pagePhotoBudget = { timeoutMs: 4000, maxBytes: 8 * 1024 * 1024 };

/**
 * The page's photo, resized as an upload is, as a data: URL; null when it cannot be had in the budget or is no
 * image (the recipe is imported all the same).
 */
async function pagePhoto(deps: Deps, imageUrl: string, reach: { allowAddress?: () => boolean }): Promise<string | null> {
  try {
    const file = await safeFetchBytes(imageUrl, { ...reach, ...pagePhotoBudget, accept: 'image/*' });
    const photo = await resizePhoto(file.bytes);
    return `data:image/webp;base64,${photo.full.toString('base64')}`;
  } catch (error) {
    const expected = error instanceof SafeFetchError || error instanceof AppError
      || (error instanceof Error && error.name === 'AbortError');
    if (!expected) deps.log.warn({ err: error }, 'recipe photo failed');
    return null;
  }
}
