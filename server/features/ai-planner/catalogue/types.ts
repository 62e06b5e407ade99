import type { CuisineType, Difficulty, SpiceLevel } from '@hearth/contract/ai-planner';

/** The protein a catalogue recipe is built on; 'veggie' is vegetarian (dairy or eggs allowed), 'vegan' has no animal food. */
export type Protein = 'beef' | 'pork' | 'chicken' | 'fish' | 'veggie' | 'vegan';

/** One ingredient: quantity (decimal, null for "to taste"), unit (null for a count), name. */
export type Line = readonly [quantity: number | null, unit: string | null, name: string];

export interface Recipe {
  /** Stable, so a family's last answer can be remembered across releases. */
  id: string;
  name: string;
  cuisine: CuisineType;
  protein: Protein;
  description: string;
  /** Minutes of hands-on preparation. */
  prep: number;
  /** Minutes from start to table, prep included. */
  total: number;
  difficulty: Difficulty;
  kidFriendly: boolean;
  onePot: boolean;
  spice: SpiceLevel;
  ingredients: readonly Line[];
  steps: readonly string[];
}

/** Fills in the cuisine, so each cuisine's file lists only what differs between its recipes. */
export const cuisineOf = (cuisine: CuisineType) => (recipes: Omit<Recipe, 'cuisine'>[]): Recipe[] =>
  recipes.map((r) => ({ ...r, cuisine }));
