import { aiLimits, aiMessages as server, type CuisineType, type PrepTimeChoice, type ProteinChoice, type SpiceLevel } from '@hearth/contract/ai-planner';

/**
 * Every text the AI meal planner shows: the server's messages (from the contract), the spec's failure texts
 * (part 2 §8) and the web's own words where the spec names none.
 */
export const aiTexts = {
  ...server,
  title: 'AI Meal Planner',
  intro: 'Tell us what you feel like tonight and get three dinner ideas, with full recipes.',
  generate: 'Generate Meal Ideas',
  protein: 'Protein',
  choose: 'Choose...',
  time: 'Time to prepare',
  cuisine: 'Cuisine',
  anyCuisine: 'Any cuisine',
  spice: 'Spice level',
  anySpice: 'No preference',
  dietary: 'Dietary restrictions',
  dietaryHint: 'e.g. vegetarian, gluten-free, nut allergy, no mushrooms',
  kidFriendly: 'Kid-friendly',
  onePot: 'One-pot meal',
  remaining: (n: number) => `${n} of ${aiLimits.requestsPerDay} requests left today`,
  waiting: 'Cooking up some ideas...',
  stillWaiting: 'Still thinking: good recipes take a moment. Almost there...',
  fallback: 'The AI service is unavailable right now, so these ideas come from Hearth\'s own recipe collection.',
  noResults: 'No recipe in our collection fits all of these choices. Try another protein or fewer restrictions.',
  results: 'Meal ideas',
  prep: (n: number) => `Prep ${n} min`,
  total: (n: number) => `Total ${n} min`,
  ingredients: 'Ingredients',
  fullRecipe: 'Full recipe',
  alter: 'Alter Recipe',
  alterLabel: 'How should we change it?',
  alterHint: 'e.g. make it vegetarian, milder, without onions, use chicken instead',
  altering: 'Altering...',
  altered: 'Altered',
  cancel: 'Cancel',
  saveAsMeal: 'Save as Meal',
  saving: 'Saving...',
  saved: 'Saved to your recipes.',
  viewMeal: 'View recipe',
  groceryList: 'Grocery list',
  addToList: 'Add ingredients to list',
  adding: 'Adding...',
  added: (n: number) => `Added ${n} ${n === 1 ? 'ingredient' : 'ingredients'} to`,
  noLists: 'No grocery lists yet.',
  createList: 'Create a list',
  readOnly: 'You can get ideas; a family member with edit rights can save them or add them to a list.',
  generateFailed: 'Failed to generate meal suggestions',
  alterFailed: 'Failed to alter recipe. Please try again.',
  saveFailed: 'Failed to save meal',
  addFailed: 'Failed to add ingredients to grocery list',
  listsFailed: 'Failed to load grocery lists',
} as const;

export const proteinLabels: Record<ProteinChoice, string> = {
  beef: 'Beef', pork: 'Pork', chicken: 'Chicken', fish: 'Fish & seafood', veggie: 'Vegetarian', vegan: 'Vegan', any: 'Any',
};
export const timeLabels: Record<PrepTimeChoice, string> = {
  'under 20 min': 'Under 20 min', '20-60 min': '20-60 min', '60+ min': '60+ min',
};
export const cuisineLabels: Record<CuisineType, string> = {
  italian: 'Italian', mexican: 'Mexican', asian: 'Asian', mediterranean: 'Mediterranean', american: 'American', indian: 'Indian',
};
export const spiceLabels: Record<SpiceLevel, string> = { mild: 'Mild', medium: 'Medium', spicy: 'Spicy' };
