import { z } from 'zod';
import { Quantity, quantityLimits, roundQuantity } from './quantity.ts';
import { endpoint, Id, IdParams, IsoDateTime } from './endpoint.ts';

/** Field limits of the recipe library (the spec names none; these keep rows and pages bounded). */
export const mealLimits = {
  nameMax: 255,
  directionsMax: 10_000,
  /** Minutes in a week: longer than any recipe's prep or total time. */
  minutesMax: 10_080,
  ingredientsMax: 100,
  ingredientNameMax: 255,
  quantityMax: quantityLimits.max,
  unitMax: 50,
  /** Servings a recipe makes, and the most a list can be scaled to. */
  servingsMax: 1000,
  /** Long enough for any real recipe page's address. */
  sourceUrlMax: 2048,
  /** A bound no real family meets, so one family cannot slow the others (docs/DECISIONS.md). */
  mealsPerFamily: 2000,
  tagMax: 50,
  tagsPerMeal: 20,
  tagsPerFamily: 200,
  searchMax: 100,
  /** The most meals one search answers; a longer word narrows it. */
  searchResultsMax: 50,
} as const;

/** The spec's exact texts for meals (part 1 §2, §5, §8), plus the server's limit messages. */
export const mealMessages = {
  notFound: 'Meal not found.',
  requiredFields: 'Please fill in all required fields',
  ingredientNameRequired: 'Ingredient name is required.',
  invalidIngredients: 'Invalid ingredients data',
  noFamily: 'You are not a member of a family yet.',
  nameTooLong: `Meal name must be at most ${mealLimits.nameMax} characters`,
  timeTooLong: `Prep and total time must be at most ${mealLimits.minutesMax} minutes`,
  directionsTooLong: `Directions must be at most ${mealLimits.directionsMax} characters`,
  tooManyIngredients: `A meal can have at most ${mealLimits.ingredientsMax} ingredients`,
  ingredientNameTooLong: `Ingredient name must be at most ${mealLimits.ingredientNameMax} characters`,
  unitTooLong: `Unit must be at most ${mealLimits.unitMax} characters`,
  groceryListNotFound: 'Grocery list not found',
  tooManyMeals: `A family can have at most ${mealLimits.mealsPerFamily} meals.`,
  invalidServings: `Servings must be a whole number from 1 to ${mealLimits.servingsMax}`,
  invalidSourceUrl: 'The source must be a web address starting with http:// or https://',
  importInvalidUrl: 'Please paste a web address starting with http:// or https://',
  importRefused: 'This link cannot be imported: only public web pages can be read.',
  importUnreachable: 'The page could not be loaded. Check the link and try again.',
  importNoRecipe: 'No recipe was found on this page. Try another link or type the recipe in.',
  importTooMany: 'You have imported many recipes in the last hour. Please try again later.',
  importTooComplex: 'This page is too large or complex to read a recipe from. Try another link or type the recipe in.',
  importBusy: 'Many recipes are being imported right now. Please try again in a minute.',
  tagRequired: 'Tag name is required',
  tagTooLong: `Tags must be at most ${mealLimits.tagMax} characters`,
  tooManyTags: `A meal can have at most ${mealLimits.tagsPerMeal} tags`,
  tooManyFamilyTags: `A family can have at most ${mealLimits.tagsPerFamily} tags.`,
  searchTooLong: `Search must be at most ${mealLimits.searchMax} characters`,
} as const;

/** A recipe's photo: what an upload may be, and the sizes the server keeps (docs/DECISIONS.md, Recipe photos). */
export const photoLimits = {
  /** Bytes an upload may have: room for a phone camera's largest photos. */
  uploadMaxBytes: 15 * 1024 * 1024,
  /** Pixels (width × height) an image may decode to: a 48-megapixel camera's photo, not a crafted giant. */
  inputPixelsMax: 50_000_000,
  /** Longest side of the photo the recipe page shows, and of the card's. */
  photoSide: 1200,
  cardSide: 480,
  /** What the upload's Content-Type must be (the server still reads the bytes to know). */
  uploadType: /^image\//i,
} as const;

export const photoMessages = {
  tooLarge: `The photo is too large: it can be at most ${photoLimits.uploadMaxBytes / 1024 / 1024} MB.`,
  notImage: 'This file is not a photo that can be read. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
  tooManyPixels: `The photo has too many pixels: it can be at most ${photoLimits.inputPixelsMax / 1_000_000} megapixels.`,
  busy: 'Many photos are being processed right now. Please try again in a minute.',
  notFound: 'Photo not found.',
} as const;

/** What search compares: lower case, accents and other marks taken off ("Crème Brûlée" → "creme brulee"). */
export const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Screens that save or shop a recipe for the planner's usage events. */
export const mealSources = ['ai-meal-planner'] as const;
export type MealSource = (typeof mealSources)[number];

/** "Prep: N min · Total: N min"; an unknown time shows as a dash. */
export function mealTimes(meal: { prepTime: number | null; totalTime: number | null }): string {
  return `Prep: ${meal.prepTime ?? '–'} min · Total: ${meal.totalTime ?? '–'} min`;
}

/** A quantity for `wanted` servings of a recipe that makes `makes` (the web shows it, the server adds it); unchanged when either is unknown. */
export function scaledQuantity(quantity: number | null, makes: number | null, wanted: number | null | undefined): number | null {
  if (quantity === null || !makes || !wanted) return quantity;
  return Math.min(quantityLimits.max, roundQuantity(quantity * wanted / makes));
}

const Servings = z.number({ error: mealMessages.invalidServings }).int(mealMessages.invalidServings)
  .min(1, mealMessages.invalidServings).max(mealLimits.servingsMax, mealMessages.invalidServings);

const WebAddress = (message: string) => z.string({ error: message }).trim().max(mealLimits.sourceUrlMax, message)
  .pipe(z.url({ protocol: /^https?$/, error: message }));
/** As above, or empty for none (the meal form's empty field). */
const OptionalWebAddress = (message: string) => z.string({ error: message }).trim().max(mealLimits.sourceUrlMax, message)
  .refine((v) => v === '' || WebAddress(message).safeParse(v).success, message);

const Minutes = z.number({ error: mealMessages.requiredFields })
  .int(mealMessages.requiredFields)
  .min(0, mealMessages.requiredFields)
  .max(mealLimits.minutesMax, mealMessages.timeTooLong)
  .nullish();

export const IngredientInput = z.object({
  name: z.string({ error: mealMessages.ingredientNameRequired }).trim()
    .min(1, mealMessages.ingredientNameRequired).max(mealLimits.ingredientNameMax, mealMessages.ingredientNameTooLong),
  quantity: Quantity(mealMessages.invalidIngredients).nullish(),
  /** Trimmed; empty means none. */
  unit: z.string({ error: mealMessages.invalidIngredients }).trim().max(mealLimits.unitMax, mealMessages.unitTooLong)
    .nullish(),
  /** Optional list this ingredient is usually bought on; must be one of the caller's family's lists. */
  groceryListId: Id.nullish(),
}, { error: mealMessages.invalidIngredients });

export const MealInput = z.object({
  name: z.string({ error: mealMessages.requiredFields }).trim()
    .min(1, mealMessages.requiredFields).max(mealLimits.nameMax, mealMessages.nameTooLong),
  /** Must be the caller's family when sent; the server always uses the caller's family. */
  familyId: Id.nullish(),
  /** Ignored: the server records the caller as the creator. */
  createdBy: z.string().max(100).nullish(),
  ingredients: z.array(IngredientInput, { error: mealMessages.invalidIngredients })
    .max(mealLimits.ingredientsMax, mealMessages.tooManyIngredients),
  directions: z.string({ error: mealMessages.requiredFields }).trim()
    .max(mealLimits.directionsMax, mealMessages.directionsTooLong).nullish(),
  prepTime: Minutes,
  totalTime: Minutes,
  /** How many the recipe makes; adding it to a list can scale its ingredients from this. */
  servings: Servings.nullish(),
  /** The page the recipe was imported from. */
  sourceUrl: OptionalWebAddress(mealMessages.invalidSourceUrl).nullish(),
  /** Where the recipe came from; 'ai-meal-planner' also records the planner's ai_meal_saved usage event. */
  source: z.enum(mealSources).nullish(),
  /** Tag names; one the family has not used yet is created (matched without regard to case). Left out keeps a meal's tags. */
  tags: z.array(
    z.string({ error: mealMessages.tagRequired }).trim().min(1, mealMessages.tagRequired).max(mealLimits.tagMax, mealMessages.tagTooLong),
  ).max(mealLimits.tagsPerMeal, mealMessages.tooManyTags).optional(),
});
export type MealInput = z.input<typeof MealInput>;

export const Ingredient = z.object({
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  groceryListId: z.uuid().nullable(),
});
export type Ingredient = z.infer<typeof Ingredient>;

/** The photo's version (a hash of its bytes: a new photo, a new address) and its size in pixels. */
export const MealPhoto = z.object({ version: z.string(), width: z.number().int(), height: z.number().int() });
export type MealPhoto = z.infer<typeof MealPhoto>;

export const Meal = z.object({
  id: z.uuid(),
  name: z.string(),
  directions: z.string().nullable(),
  prepTime: z.number().int().nullable(),
  totalTime: z.number().int().nullable(),
  servings: z.number().int().nullable(),
  sourceUrl: z.string().nullable(),
  ingredients: z.array(Ingredient),
  /** Its tags' names, by name. */
  tags: z.array(z.string()),
  /** Its photo, read from `getMealPhoto`'s address; null when it has none. */
  photo: MealPhoto.nullable(),
  /** The creating user's id; null once that account is gone. */
  createdBy: z.uuid().nullable(),
  familyId: z.uuid(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Meal = z.infer<typeof Meal>;

export const listMeals = endpoint({
  method: 'GET',
  path: '/api/meals/family/{familyId}',
  access: 'user',
  summary: 'The family\'s meals, by name',
  params: z.object({ familyId: Id }),
  response: z.array(Meal),
});

export const MealTag = z.object({ id: z.uuid(), name: z.string(), meals: z.number().int() });
export type MealTag = z.infer<typeof MealTag>;

export const listMealTags = endpoint({
  method: 'GET',
  path: '/api/meals/family/{familyId}/tags',
  access: 'user',
  summary: 'The family\'s recipe tags by name, with how many meals carry each',
  params: z.object({ familyId: Id }),
  response: z.array(MealTag),
});

export const searchMeals = endpoint({
  method: 'GET',
  path: '/api/meals/family/{familyId}/search',
  access: 'user',
  summary: `Meals whose name or an ingredient contains every word of \`q\` (case and accents ignored), with tag \`tag\` when given; by name, at most ${mealLimits.searchResultsMax}`,
  params: z.object({ familyId: Id }),
  query: z.object({
    q: z.string().max(mealLimits.searchMax, mealMessages.searchTooLong).optional(),
    tag: Id.optional(),
  }),
  response: z.array(Meal),
});

export const createMeal = endpoint({
  method: 'POST',
  path: '/api/meals',
  access: 'user',
  summary: 'Add a meal with its ingredients (ADMIN or EDIT)',
  body: MealInput,
  response: Meal,
  status: 201,
});

export const getMeal = endpoint({
  method: 'GET',
  path: '/api/meals/{id}',
  access: 'user',
  summary: 'One meal with its ingredients',
  params: IdParams,
  response: Meal,
});

export const updateMeal = endpoint({
  method: 'PUT',
  path: '/api/meals/{id}',
  access: 'user',
  summary: 'Replace a meal and its ingredient list (ADMIN or EDIT)',
  params: IdParams,
  body: MealInput,
  response: Meal,
});

export const deleteMeal = endpoint({
  method: 'DELETE',
  path: '/api/meals/{id}',
  access: 'user',
  summary: 'Delete a meal; grocery items added from it stay on their lists (ADMIN or EDIT)',
  params: IdParams,
  response: z.null(),
});

export const addMealToGroceryList = endpoint({
  method: 'POST',
  path: '/api/meals/{id}/add-to-grocery-list',
  access: 'user',
  summary: 'Put the ingredients (all, or those named in `ingredients`) on a list, all or nothing; one already unpurchased there raises its quantity (ADMIN or EDIT)',
  params: IdParams,
  query: z.object({
    groceryListId: Id, familyId: Id.optional(), source: z.enum(mealSources).optional(),
    /** Scales each quantity by servings / the meal's servings (a meal without servings is added as it is). */
    servings: z.string().regex(/^\d{1,4}$/, mealMessages.invalidServings).transform(Number).pipe(Servings).optional(),
  }),
  /** Optional: the names of the ingredients to add (any case); without it, every ingredient. */
  body: z.object({
    ingredients: z.array(z.string().trim().min(1).max(mealLimits.ingredientNameMax)).max(mealLimits.ingredientsMax).optional(),
  }).nullish(),
  response: z.object({ added: z.number().int() }),
});

export const photoSizes = ['full', 'card'] as const;

export const getMealPhoto = endpoint({
  method: 'GET',
  path: '/api/meals/{id}/photo/{version}',
  access: 'user',
  summary: `The meal's photo as WebP: \`full\` (longest side at most ${photoLimits.photoSide} px, the default) or \`card\` (${photoLimits.cardSide} px). The address changes with the photo, so the answer is cached for good (ETag, 304); 404 once the photo was replaced or removed`,
  params: z.object({ id: Id, version: z.string().regex(/^[0-9a-f]{1,64}$/, photoMessages.notFound) }),
  query: z.object({ size: z.enum(photoSizes).optional() }),
  /** The image's bytes (image/webp). */
  response: z.unknown(),
});

export const setMealPhoto = endpoint({
  method: 'PUT',
  path: '/api/meals/{id}/photo',
  access: 'user',
  summary: `Set or replace the meal's photo (ADMIN or EDIT). The body is the image file itself with its image/* Content-Type (JPEG, PNG, WebP, GIF, AVIF; at most ${photoLimits.uploadMaxBytes / 1024 / 1024} MB and ${photoLimits.inputPixelsMax / 1_000_000} megapixels): 413 TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE otherwise. The server turns it the right way up, drops its metadata (a camera's location among it) and keeps it as WebP`,
  params: IdParams,
  upload: {
    type: photoLimits.uploadType, maxBytes: photoLimits.uploadMaxBytes,
    tooLarge: photoMessages.tooLarge, wrongType: photoMessages.notImage,
  },
  response: Meal,
});

export const deleteMealPhoto = endpoint({
  method: 'DELETE',
  path: '/api/meals/{id}/photo',
  access: 'user',
  summary: 'Remove the meal\'s photo (ADMIN or EDIT)',
  params: IdParams,
  response: z.null(),
});

/** A recipe read from a web page, not yet saved: the meal form shows it to check and save. */
export const MealDraft = z.object({
  name: z.string(),
  directions: z.string().nullable(),
  prepTime: z.number().int().nullable(),
  totalTime: z.number().int().nullable(),
  servings: z.number().int().nullable(),
  sourceUrl: z.string(),
  ingredients: z.array(Ingredient.omit({ groceryListId: true })),
  /** The page's own photo of the recipe, resized by the server, as a data: URL (WebP) the form shows and uploads on save; null when the page has none or it could not be read. */
  photo: z.string().nullable(),
});
export type MealDraft = z.infer<typeof MealDraft>;

/** The page to import: the web's form checks the link with it too. */
export const ImportRequest = z.object({ url: WebAddress(mealMessages.importInvalidUrl) });

export const importMeal = endpoint({
  method: 'POST',
  path: '/api/meals/import',
  access: 'user',
  summary: 'Read the schema.org Recipe of a public web page as a draft meal, without saving it (ADMIN or EDIT); 422 when the page has none, cannot be loaded or is too large or complex to read, 429 past the hourly limit or while the reader is busy',
  body: ImportRequest,
  response: MealDraft,
});

