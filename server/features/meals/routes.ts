import * as api from '@hearth/contract/meals';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { listWrite } from '../grocery/public.ts';
import { importMeal } from './import.ts';
import { RecipeReader } from './recipe-reader.ts';
import { MealService } from './service.ts';

export function mealRoutes(app: App, deps: Deps): void {
  const meals = new MealService(deps);
  const reader = new RecipeReader(deps.log);
  app.addHook('onClose', () => reader.close());
  route(app, deps, api.listMeals, ({ caller, params }) => meals.list(caller, params.familyId));
  route(app, deps, api.searchMeals, ({ caller, params, query }) => meals.search(caller, params.familyId, query));
  route(app, deps, api.listMealTags, ({ caller, params }) => meals.tags(caller, params.familyId));
  route(app, deps, api.createMeal, ({ caller, body }) => meals.create(caller, body));
  route(app, deps, api.importMeal, ({ caller, body }) => importMeal(deps, reader, caller, body.url));
  route(app, deps, api.getMeal, ({ caller, params }) => meals.get(caller, params.id));
  route(app, deps, api.updateMeal, ({ caller, params, body }) => meals.update(caller, params.id, body));
  route(app, deps, api.deleteMeal, ({ caller, params }) => meals.delete(caller, params.id));
  route(app, deps, api.setMealPhoto, ({ caller, params, body }) => meals.setPhoto(caller, params.id, body));
  route(app, deps, api.deleteMealPhoto, ({ caller, params }) => meals.removePhoto(caller, params.id));
  route(app, deps, api.getMealPhoto, async ({ caller, params, query, request, reply }) => {
    const size = query.size ?? 'full';
    const bytes = await meals.photo(caller, params.id, params.version, size);
    // The address names the photo's bytes, so what the browser keeps stays right for good.
    const etag = `"${params.version}-${size}"`;
    reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/webp').send(bytes);
  });
  route(app, deps, api.addMealToGroceryList, ({ caller, params, query, body }) =>
    meals.addToGroceryList(caller, params.id, query, body?.ingredients), { queueBy: ({ query }) => listWrite(query.groceryListId) });
}
