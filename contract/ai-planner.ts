import { z } from 'zod';
import { LocalDate, mealTypes } from './calendar.ts';
import { endpoint } from './endpoint.ts';
import { mealLimits } from './meals.ts';
import { Quantity } from './quantity.ts';

/** The AI meal planner's constants (spec part 2 §9) and the bounds of what it answers. */
export const aiLimits = {
  requestsPerDay: 10,
  mealsPerAnswer: 3,
  waitingMessageAfterMs: 5000,
  alterationMax: 250,
  dietaryRestrictionsMax: 500,
  nameMax: mealLimits.nameMax,
  descriptionMax: 1000,
  recipeMax: mealLimits.directionsMax,
  minutesMax: mealLimits.minutesMax,
  ingredientsMax: 60,
  ingredientNameMax: mealLimits.ingredientNameMax,
  unitMax: mealLimits.unitMax,
} as const;

export const proteinChoices = ['beef', 'pork', 'chicken', 'fish', 'veggie', 'vegan', 'any'] as const;
export type ProteinChoice = (typeof proteinChoices)[number];
export const prepTimeChoices = ['under 20 min', '20-60 min', '60+ min'] as const;
export type PrepTimeChoice = (typeof prepTimeChoices)[number];
export const cuisineTypes = ['italian', 'mexican', 'asian', 'mediterranean', 'american', 'indian'] as const;
export type CuisineType = (typeof cuisineTypes)[number];
export const spiceLevels = ['mild', 'medium', 'spicy'] as const;
export type SpiceLevel = (typeof spiceLevels)[number];
export const difficulties = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof difficulties)[number];

/** Where an answer came from: the configured AI service, or the app's own recipe catalogue. */
export const aiStatuses = ['success', 'fallback'] as const;
export type AiStatus = (typeof aiStatuses)[number];

/** The server's messages for the planner; the spec's own failure texts (§8) are the web's. */
export const aiMessages = {
  proteinRequired: 'Please choose a protein',
  timeRequired: 'Please choose how much time you have',
  choiceInvalid: 'Please choose one of the offered options',
  dietaryTooLong: `Dietary restrictions must be at most ${aiLimits.dietaryRestrictionsMax} characters`,
  alterationRequired: 'Please describe how to change the recipe',
  alterationTooLong: `The change request must be at most ${aiLimits.alterationMax} characters`,
  originalInvalid: 'The recipe to change is missing or incomplete',
  quotaReached: `You have used all ${aiLimits.requestsPerDay} meal planner requests for today. `
    + 'They start again at midnight.',
  alterationNotApplied: 'Without the AI service this change cannot be made. Try another, such as "make it vegetarian", '
    + '"milder" or "use chicken instead". This did not use up a request.',
} as const;

export const GeneratedIngredient = z.object({
  name: z.string(),
  /** Decimal, e.g. 0.5 for half a cup; null when the recipe says "to taste". */
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
});
export type GeneratedIngredient = z.infer<typeof GeneratedIngredient>;

export const GeneratedMeal = z.object({
  name: z.string(),
  description: z.string(),
  /** Minutes. */
  prepTime: z.number().int(),
  /** Minutes, prep included. */
  totalTime: z.number().int(),
  difficulty: z.enum(difficulties),
  /** Numbered steps, one per line ("1. ..."); plain text, never HTML. */
  fullRecipe: z.string(),
  ingredients: z.array(GeneratedIngredient),
});
export type GeneratedMeal = z.infer<typeof GeneratedMeal>;

export const AiAnswer = z.object({
  meals: z.array(GeneratedMeal),
  remainingRequests: z.number().int(),
  status: z.enum(aiStatuses),
  /**
   * Which of the family's wishes the ideas do not all meet, when the catalogue had to give some up to find three
   * ("No mild Mexican chicken dishes in 20–60 min — showing other cuisines"); null otherwise.
   */
  notice: z.string().nullable(),
});
export type AiAnswer = z.infer<typeof AiAnswer>;

const choice = <T extends readonly [string, ...string[]]>(values: T, required: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === '' ? required : aiMessages.choiceInvalid) });

export const AiMealRequest = z.object({
  proteinChoice: choice(proteinChoices, aiMessages.proteinRequired),
  timeToPrepare: choice(prepTimeChoices, aiMessages.timeRequired),
  dietaryRestrictions: z.string({ error: aiMessages.dietaryTooLong }).trim()
    .max(aiLimits.dietaryRestrictionsMax, aiMessages.dietaryTooLong).nullish().transform((v) => v || null),
  kidFriendly: z.boolean().nullish().transform((v) => v ?? false),
  onePotMeal: z.boolean().nullish().transform((v) => v ?? false),
  /** None means any cuisine. */
  cuisineType: z.enum(cuisineTypes, { error: aiMessages.choiceInvalid }).nullish().transform((v) => v ?? null),
  /** None means no preference. */
  spiceLevel: z.enum(spiceLevels, { error: aiMessages.choiceInvalid }).nullish().transform((v) => v ?? null),
});
export type AiMealRequest = z.output<typeof AiMealRequest>;
export type AiMealRequestInput = z.input<typeof AiMealRequest>;

const originalText = (max: number) => z.string({ error: aiMessages.originalInvalid }).trim()
  .max(max, aiMessages.originalInvalid);
const originalMinutes = z.number({ error: aiMessages.originalInvalid }).int(aiMessages.originalInvalid)
  .min(0, aiMessages.originalInvalid).max(aiLimits.minutesMax, aiMessages.originalInvalid).nullish()
  .transform((v) => v ?? null);

/** An ingredient as the spec allows it: plain text, or an object with name, quantity and unit. */
const OriginalIngredient = z.union([
  originalText(aiLimits.ingredientNameMax).min(1, aiMessages.originalInvalid),
  z.object({
    name: originalText(aiLimits.ingredientNameMax).min(1, aiMessages.originalInvalid),
    quantity: Quantity(aiMessages.originalInvalid).nullish(),
    unit: originalText(aiLimits.unitMax).nullish(),
  }),
], { error: aiMessages.originalInvalid });

export const AiAlterationRequest = z.object({
  originalName: originalText(aiLimits.nameMax).min(1, aiMessages.originalInvalid),
  originalDescription: originalText(aiLimits.descriptionMax).nullish().transform((v) => v ?? ''),
  originalRecipe: originalText(aiLimits.recipeMax).nullish().transform((v) => v ?? ''),
  originalIngredients: z.array(OriginalIngredient, { error: aiMessages.originalInvalid })
    .max(aiLimits.ingredientsMax, aiMessages.originalInvalid),
  originalPrepTime: originalMinutes,
  originalTotalTime: originalMinutes,
  originalDifficulty: z.enum(difficulties, { error: aiMessages.originalInvalid }).nullish().transform((v) => v ?? null),
  alterationRequest: z.string({ error: aiMessages.alterationRequired }).trim()
    .min(1, aiMessages.alterationRequired).max(aiLimits.alterationMax, aiMessages.alterationTooLong),
});
export type AiAlterationRequest = z.output<typeof AiAlterationRequest>;
export type AiAlterationRequestInput = z.input<typeof AiAlterationRequest>;

export const aiUsage = endpoint({
  method: 'GET',
  path: '/api/ai-meal-planner/usage',
  access: 'user',
  summary: `Requests the family has left today (${aiLimits.requestsPerDay} a day, in the family's timezone)`,
  response: z.object({ remainingRequests: z.number().int() }),
});

export const generateMeals = endpoint({
  method: 'POST',
  path: '/api/ai-meal-planner',
  access: 'user',
  summary: `${aiLimits.mealsPerAnswer} meal ideas for the choices (counts 1 request; 429 when none are left)`,
  body: AiMealRequest,
  response: AiAnswer,
});

export const alterMeal = endpoint({
  method: 'POST',
  path: '/api/ai-meal-planner/alter',
  access: 'user',
  summary: 'The recipe changed as asked, as one meal (counts 1 request; 429 when none are left; 422, counting nothing, when the catalogue\'s rules cannot make the change)',
  body: AiAlterationRequest,
  response: AiAnswer,
});

/** "Plan my week" and a slot's "Ideas" (issue 51): proposals the family accepts, swaps or rejects before anything is saved. */
export const weekPlanLimits = {
  /** Library recipes the planner chooses among (most planned first), so a prompt stays bounded. */
  libraryMax: 200,
  /** Names a slot's ask may leave out (the week's other proposals when swapping one). */
  excludeMax: 14,
} as const;

export const weekPlanMessages = {
  weekFull: 'Every evening of this week from today on already has a dinner.',
} as const;

export const PlanProposal = z.object({
  date: z.string(),
  mealType: z.enum(mealTypes),
  /** The family's recipe; null for one from the app's catalogue, which accepting first saves to the library. */
  recipeId: z.uuid().nullable(),
  name: z.string(),
  /** The catalogue recipe to save when accepted; null for the family's own. */
  meal: GeneratedMeal.nullable(),
});
export type PlanProposal = z.infer<typeof PlanProposal>;

const Proposals = z.object({
  proposals: z.array(PlanProposal),
  remainingRequests: z.number().int(),
  status: z.enum(aiStatuses),
});

export const proposeWeek = endpoint({
  method: 'POST',
  path: '/api/ai-meal-planner/week',
  access: 'user',
  summary: 'A dinner for each empty evening of the week from the library (the catalogue when it runs short); counts 1 request whatever the days; nothing is saved (ADMIN or EDIT; 422, counting nothing, when every evening is planned)',
  body: z.object({ weekStart: LocalDate }),
  response: Proposals,
});

export const proposeForSlot = endpoint({
  method: 'POST',
  path: '/api/ai-meal-planner/slot',
  access: 'user',
  summary: `Up to ${aiLimits.mealsPerAnswer} ideas for one slot, leaving out the named ones (a swap); counts 1 request; nothing is saved (ADMIN or EDIT)`,
  body: z.object({
    date: LocalDate,
    mealType: z.enum(mealTypes),
    exclude: z.array(z.string().max(aiLimits.nameMax)).max(weekPlanLimits.excludeMax).nullish().transform((v) => v ?? []),
  }),
  response: Proposals,
});
