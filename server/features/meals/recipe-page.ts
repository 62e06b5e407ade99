import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { parseIngredient } from 'parse-ingredient';
import { mealLimits, type MealDraft } from '@hearth/contract/meals';
import { quantityLimits, roundQuantity } from '@hearth/contract/quantity';

/**
 * Reads the schema.org Recipe a page publishes for search engines: JSON-LD first (an object, an array, a `@graph`,
 * or nested in another node such as a WebPage's mainEntity), microdata when there is none. Undefined when the page
 * has no recipe with a name.
 */
export function readRecipe(html: string, sourceUrl: string): MealDraft | undefined {
  const document = parseDocument(html);
  const recipe = jsonLdRecipe(document) ?? microdataRecipe(document);
  if (!recipe) return undefined;
  const name = clip(plain(first(recipe.name)), mealLimits.nameMax);
  if (!name) return undefined;
  const prepTime = minutes(first(recipe.prepTime));
  const cookTime = minutes(first(recipe.cookTime));
  const total = minutes(first(recipe.totalTime));
  return {
    name,
    ingredients: ingredients(recipe.recipeIngredient ?? recipe.ingredients),
    directions: directions(recipe.recipeInstructions),
    prepTime,
    totalTime: total ?? (prepTime !== null && cookTime !== null ? bounded(prepTime + cookTime) : null),
    servings: servings(recipe.recipeYield),
    sourceUrl,
  };
}

type Node = Record<string, unknown>;

const isRecipe = (node: Node) => [node['@type']].flat().some((t) => typeof t === 'string' && /(^|[/:])Recipe$/.test(t));

function jsonLdRecipe(document: ReturnType<typeof parseDocument>): Node | undefined {
  const scripts = DomUtils.findAll((e) => e.name === 'script' && /ld\+json/i.test(e.attribs.type ?? ''), document.children);
  for (const script of scripts) {
    let data: unknown;
    try {
      data = JSON.parse(DomUtils.textContent(script));
    } catch {
      // A page's other broken JSON-LD block does not hide its recipe.
      continue;
    }
    const found = findRecipe(data, 0);
    if (found) return found;
  }
  return undefined;
}

/** Depth-first through arrays, `@graph` and other nodes' values; bounded, as the data is the page's. */
function findRecipe(value: unknown, depth: number): Node | undefined {
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findRecipe(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const node = value as Node;
  if (isRecipe(node)) return node;
  for (const child of Object.values(node)) {
    const found = findRecipe(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Microdata as the JSON-LD shape: an itemscope becomes a node of its itemprops (a nested itemscope, such as a
 * HowToStep, becomes a node of its own), each property a list of values.
 */
function microdataRecipe(document: ReturnType<typeof parseDocument>): Node | undefined {
  const scope = DomUtils.findOne((e) => 'itemscope' in e.attribs && /schema\.org\/Recipe\b/.test(e.attribs.itemtype ?? ''), document.children);
  return scope ? itemNode(scope) : undefined;
}

function itemNode(scope: Element): Node {
  const node: Node = { '@type': scope.attribs.itemtype?.split('/').pop() };
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') continue;
      const element = child as Element;
      const props = element.attribs.itemprop?.split(/\s+/).filter(Boolean) ?? [];
      const nested = 'itemscope' in element.attribs;
      if (props.length > 0) {
        const value = nested ? itemNode(element) : propertyValue(element);
        for (const prop of props) node[prop] = [...((node[prop] as unknown[] | undefined) ?? []), value];
      }
      if (!nested) visit(element);
    }
  };
  visit(scope);
  return node;
}

function propertyValue(e: Element): string {
  if (e.name === 'meta') return e.attribs.content ?? '';
  if (e.name === 'time' && e.attribs.datetime) return e.attribs.datetime;
  if (e.attribs.content) return e.attribs.content;
  if (e.name === 'a' || e.name === 'link') return e.attribs.href ?? '';
  if (e.name === 'img') return e.attribs.src ?? '';
  return DomUtils.textContent(e);
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** Text without markup or entities (pages often put both in JSON-LD strings), on one line. */
function plain(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return '';
  return DomUtils.textContent(parseDocument(value)).replace(/\s+/g, ' ').trim();
}

const clip = (text: string, max: number) => text.slice(0, max).trim();

function ingredients(value: unknown): MealDraft['ingredients'] {
  const lines = [value].flat(2).map(plain).filter(Boolean);
  const out: MealDraft['ingredients'] = [];
  for (const line of lines) {
    // The parser reads "1,5" as 15 (a thousands separator), so a decimal comma becomes a point first.
    const [parsed] = parseIngredient(line.replace(/(\d),(\d)/g, '$1.$2'));
    if (parsed?.isGroupHeader) continue;
    const name = clip(parsed?.description.trim() || line, mealLimits.ingredientNameMax);
    const quantity = parsed?.quantity ?? null;
    const unit = parsed?.unitOfMeasure ? clip(parsed.unitOfMeasure, mealLimits.unitMax) : null;
    out.push({
      name,
      quantity: quantity !== null && quantity >= 0 && quantity <= quantityLimits.max ? roundQuantity(quantity) : null,
      unit,
    });
    if (out.length === mealLimits.ingredientsMax) break;
  }
  return out;
}

/** Numbered steps; a HowToSection's name stands above its steps, which keep counting. */
function directions(value: unknown): string | null {
  const lines: string[] = [];
  let step = 0;
  const walk = (v: unknown, depth: number) => {
    if (depth > 6) return;
    if (typeof v === 'string') {
      for (const line of v.split(/\r?\n|<br\s*\/?>|<\/p>|<\/li>/i).map(plain).filter(Boolean)) {
        lines.push(`${++step}. ${line.replace(/^\d+[.)]\s*/, '')}`);
      }
      return;
    }
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const node = v as Node;
    const elements = node.itemListElement;
    if (elements !== undefined) {
      const heading = plain(first(node.name));
      if (heading) lines.push(heading);
      walk(elements, depth + 1);
      return;
    }
    walk(first(node.text) ?? first(node.name), depth + 1);
  };
  walk(value, 0);
  return lines.length > 0 ? clip(lines.join('\n'), mealLimits.directionsMax) : null;
}

const bounded = (m: number) => (m <= mealLimits.minutesMax ? m : null);

/** An ISO 8601 duration ("PT1H30M", "P0DT45M", "PT90M") in whole minutes; null when absent or unreadable. */
export function minutes(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(value.trim());
  if (!m || value.trim().toUpperCase() === 'P' || value.trim().toUpperCase() === 'PT') return null;
  const [days, hours, mins, secs] = m.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number];
  return bounded(Math.round(days * 1440 + hours * 60 + mins + secs / 60));
}

/** The first whole number of `recipeYield` ("4", 4, "4 servings", ["4", "4 servings"], "Serves 4-6"). */
function servings(value: unknown): number | null {
  for (const v of [value].flat()) {
    const n = Number(/\d+/.exec(plain(v))?.[0]);
    if (Number.isInteger(n) && n >= 1 && n <= mealLimits.servingsMax) return n;
  }
  return null;
}
