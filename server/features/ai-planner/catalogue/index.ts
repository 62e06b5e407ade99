import { american } from './american.ts';
import { asian } from './asian.ts';
import { indian } from './indian.ts';
import { italian } from './italian.ts';
import { mediterranean } from './mediterranean.ts';
import { mexican } from './mexican.ts';
import type { Recipe } from './types.ts';

export type { Line, Protein, Recipe } from './types.ts';

/** The recipes the planner answers with when no AI service is configured or it fails. */
export const catalogue: readonly Recipe[] = [...italian, ...mexican, ...asian, ...mediterranean, ...american, ...indian];
