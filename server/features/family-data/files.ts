import type { RecipeForExport } from '../meals/public.ts';

/** lists.csv's first line; its rows (RFC 4180, formulas kept as text) are made by grocery's `itemsTextForExport`. */
export const listsCsvHeader = 'list,item,quantity,unit,category,purchased\r\n';

/** A file name from the recipe's name: letters, digits, spaces and dashes, unique in the archive. */
export function recipeFileName(name: string, used: Set<string>): string {
  const base = name.normalize('NFKC').replace(/[^\p{L}\p{N} _-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'Recipe';
  let file = `${base}.md`;
  for (let n = 2; used.has(file.toLowerCase()); n++) file = `${base} (${n}).md`;
  used.add(file.toLowerCase());
  return file;
}

export function recipeMarkdown(r: RecipeForExport): string {
  const facts = [
    r.servings !== null ? `Servings: ${r.servings}` : null,
    r.prepTime !== null ? `Prep time: ${r.prepTime} min` : null,
    r.totalTime !== null ? `Total time: ${r.totalTime} min` : null,
    r.tags.length > 0 ? `Tags: ${r.tags.join(', ')}` : null,
    r.sourceUrl ? `Source: <${r.sourceUrl}>` : null,
  ].filter((f) => f !== null);
  const ingredients = r.ingredients.map((i) => `- ${[i.quantity, i.unit, i.name].filter((p) => p !== null && p !== '').join(' ')}`);
  return [
    `# ${r.name}`, '',
    ...(facts.length > 0 ? [...facts.map((f) => `${f}  `), ''] : []),
    ...(ingredients.length > 0 ? ['## Ingredients', '', ...ingredients, ''] : []),
    ...(r.directions ? ['## Directions', '', r.directions, ''] : []),
  ].join('\n');
}
