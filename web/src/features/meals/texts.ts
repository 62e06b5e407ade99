import { mealMessages as server } from '@hearth/contract/meals';

/**
 * Every text the meals screens show: the server's messages (from the contract, shown as the server sends them)
 * and the web's own texts of the spec.
 */
export const mealMessages = {
  ...server,
  addMeal: '+ Add Meal',
  planWeek: 'Meal Plan',
  empty: "No meals yet. Click '+ Add Meal' to create your first one!",
  notAuthenticated: 'User not authenticated',
  saveFailed: 'Failed to save meal',
  addFailed: 'Failed to add meal.',
  updateFailed: 'Failed to update meal.',
  deleteFailed: 'Failed to delete meal.',
  addToListFailed: 'Failed to add ingredients to list',
  loadFailed: 'Failed to load meals',
  loadOneFailed: 'Failed to load meal',
  noLists: 'No grocery lists yet.',
  addSomeToList: (n: number) => `Add ${n} ${n === 1 ? 'ingredient' : 'ingredients'} to list`,
  importFromLink: 'Import from link',
  importLabel: 'Recipe page link',
  importHint: 'Paste the address of a recipe page; you can check and change everything before saving.',
  importPreview: 'Preview',
  importReading: 'Reading the page...',
  importFailed: 'Could not import the recipe.',
  importCheck: 'Check the recipe, change what you like, then save it.',
  sourceLink: 'Source',
  servings: 'Servings',
  fewerServings: 'Fewer servings',
  moreServings: 'More servings',
  searchLabel: 'Search meals',
  searchPlaceholder: 'Search by name or ingredient',
  filterByTag: 'Filter by tag',
  noMatch: (q: string) => (q ? `No meals match '${q}'` : 'No meals have this tag'),
  firstMatches: 'Showing the first matches; type more to narrow them down.',
  tags: 'Tags',
  addTag: 'Add tag',
  tagPlaceholder: 'e.g. Weeknight',
  removeTag: (name: string) => `Remove tag ${name}`,
  ingredientHint: 'e.g. 2 lbs chicken thighs',
  chooseIngredients: 'Ingredients to add (those already on the list start unticked)',
} as const;
