import { parseIngredient } from 'parse-ingredient';
import { mealLimits, type MealDraft } from '@hearth/contract/meals';
import { readIngredientLine } from '@hearth/contract/ingredient-line';
import { Meter, pageBudget, scanHtml, type PageBudget } from './page-budget.ts';

/** A recipe as read from its page: the draft, and the address of the page's photo of it (fetched apart). */
export type PageDraft = Omit<MealDraft, 'photo'> & { imageUrl: string | null };

/**
 * Reads the schema.org Recipe a page publishes for search engines: JSON-LD first (an object, an array, a `@graph`,
 * or nested in another node such as a WebPage's mainEntity), microdata when there is none. Undefined when the page
 * has no recipe with a name. Every walk is linear and within `budget`; past it, throws `PageTooComplex`.
 */
export function readRecipe(html: string, sourceUrl: string, budget: PageBudget = pageBudget): PageDraft | undefined {
  const meter = new Meter(budget);
  const page = scanPage(html, meter);
  const recipe = jsonLdRecipe(page.jsonLd, meter) ?? page.microdata;
  if (!recipe) return undefined;
  const name = clip(plain(first(recipe.name), meter), mealLimits.nameMax);
  if (!name) return undefined;
  const prepTime = minutes(first(recipe.prepTime));
  const cookTime = minutes(first(recipe.cookTime));
  const total = minutes(first(recipe.totalTime));
  return {
    name,
    ingredients: ingredients(recipe.recipeIngredient ?? recipe.ingredients, meter),
    directions: directions(recipe.recipeInstructions, meter),
    prepTime,
    totalTime: total ?? (prepTime !== null && cookTime !== null ? bounded(prepTime + cookTime) : null),
    servings: servings(recipe.recipeYield, meter),
    sourceUrl,
    imageUrl: imageUrl(recipe.image, sourceUrl),
  };
}

/**
 * The recipe's first image as an absolute http(s) address: `image` may be an address, an ImageObject (its `url` or
 * `contentUrl`), or a list of either; microdata's is its img's src. Null when there is none.
 */
function imageUrl(value: unknown, pageUrl: string): string | null {
  const image = first(value);
  const node = typeof image === 'object' && image !== null ? image as Node : undefined;
  const address = first(node ? (node.url ?? node.contentUrl) : image);
  if (typeof address !== 'string' || address.length > mealLimits.sourceUrlMax) return null;
  try {
    const url = new URL(address.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

type Node = Record<string, unknown>;

/** The most text one value keeps: twice the longest field (directions), room for the spaces markup leaves. */
const valueMax = 2 * mealLimits.directionsMax;

/** The page's JSON-LD texts, and its first microdata Recipe as the JSON-LD shape. */
interface ScannedPage {
  jsonLd: string[];
  microdata: Node | undefined;
}

/** An open element: the item its properties belong to, and, for a property whose value is its text, where that goes. */
interface Frame {
  item: Node | undefined;
  textValue?: { from: number; slots: { values: unknown[]; index: number }[] };
  script?: true;
}

const recipeScope = /schema\.org\/Recipe\b/;
const newItem = (attribs: Record<string, string>): Node => ({ '@type': attribs.itemtype?.split('/').pop() });

/**
 * One pass over the page. Microdata becomes the JSON-LD shape: an itemscope becomes a node of its itemprops (a
 * nested itemscope with an itemprop, such as a HowToStep, a node of its own; one without, another item, is left
 * out), each property a list of values in page order. A property's text is the text of everything inside it.
 */
function scanPage(html: string, meter: Meter): ScannedPage {
  const jsonLd: string[] = [];
  let script: string[] | undefined;
  let recipe: Node | undefined;
  const frames: Frame[] = [];
  // The text inside open text properties, in page order; each keeps where its own starts.
  const texts: string[] = [];
  let collecting = 0;
  scanHtml(html, meter, {
    open(name, attribs) {
      const parent = frames[frames.length - 1]?.item;
      const frame: Frame = { item: parent };
      if (name === 'script' && /ld\+json/i.test(attribs.type ?? '')) {
        script = [];
        frame.script = true;
      }
      if (!recipe && 'itemscope' in attribs && recipeScope.test(attribs.itemtype ?? '')) {
        recipe = newItem(attribs);
        frame.item = recipe;
      } else if (parent) {
        const props = attribs.itemprop?.split(/\s+/).filter(Boolean) ?? [];
        const nested = 'itemscope' in attribs;
        if (nested) frame.item = props.length > 0 ? newItem(attribs) : undefined;
        const value = nested ? frame.item : attributeValue(name, attribs);
        const slots = props.map((prop) => {
          const values = (parent[prop] ??= []) as unknown[];
          return { values, index: values.push(value ?? '') - 1 };
        });
        if (value === undefined && slots.length > 0) {
          frame.textValue = { from: texts.length, slots };
          collecting++;
        }
      }
      frames.push(frame);
    },
    text(data) {
      script?.push(data);
      if (collecting > 0) texts.push(data);
    },
    close() {
      const frame = frames.pop()!;
      if (frame.script) {
        jsonLd.push(script!.join(''));
        script = undefined;
      }
      if (frame.textValue) {
        const value = joinText(texts, frame.textValue.from, meter);
        for (const slot of frame.textValue.slots) slot.values[slot.index] = value;
        if (--collecting === 0) texts.length = 0;
      }
    },
  });
  return { jsonLd, microdata: recipe };
}

/** A property's value from its element's attributes; undefined when its value is its text. */
function attributeValue(name: string, attribs: Record<string, string>): string | undefined {
  if (name === 'meta') return attribs.content ?? '';
  if (name === 'time' && attribs.datetime) return attribs.datetime;
  if (attribs.content) return attribs.content;
  if (name === 'a' || name === 'link') return attribs.href ?? '';
  if (name === 'img') return attribs.src ?? '';
  return undefined;
}

function joinText(texts: string[], from: number, meter: Meter): string {
  let out = '';
  for (let i = from; i < texts.length && out.length < valueMax; i++) {
    meter.step();
    out += texts[i];
  }
  return out.slice(0, valueMax);
}

const isRecipe = (node: Node) => [node['@type']].flat().some((t) => typeof t === 'string' && /(^|[/:])Recipe$/.test(t));

function jsonLdRecipe(scripts: string[], meter: Meter): Node | undefined {
  for (const script of scripts) {
    let data: unknown;
    try {
      data = JSON.parse(script);
    } catch {
      // A page's other broken JSON-LD block does not hide its recipe.
      continue;
    }
    meter.checkClock();
    const found = findRecipe(data, meter);
    if (found) return found;
  }
  return undefined;
}

/** Depth-first, in document order, through arrays, `@graph` and other nodes' values, at most 8 levels down. */
function findRecipe(root: unknown, meter: Meter): Node | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > 8 || value === null || typeof value !== 'object') continue;
    if (!Array.isArray(value) && isRecipe(value as Node)) return value as Node;
    const children = Array.isArray(value) ? value : Object.values(value);
    meter.step(children.length);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
  return undefined;
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** Text without markup or entities (pages often put both in JSON-LD strings), on one line. */
function plain(value: unknown, meter: Meter): string {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return '';
  const pieces: string[] = [];
  scanHtml(value.slice(0, valueMax), meter, { open() {}, text: (data) => pieces.push(data), close() {} });
  return pieces.join('').replace(/\s+/g, ' ').trim();
}

const clip = (text: string, max: number) => text.slice(0, max).trim();

/** The longest ingredient line parsed: longer ones hold no more of a name, which is clipped shorter still. */
const ingredientLineMax = 1000;

function ingredients(value: unknown, meter: Meter): MealDraft['ingredients'] {
  const out: MealDraft['ingredients'] = [];
  for (const item of [value].flat(2)) {
    meter.step();
    const read = readIngredientLine(clip(plain(item, meter), ingredientLineMax), parseIngredient);
    if (!read) continue;
    out.push({
      name: clip(read.name, mealLimits.ingredientNameMax),
      quantity: read.quantity,
      unit: read.unit && clip(read.unit, mealLimits.unitMax),
    });
    if (out.length === mealLimits.ingredientsMax) break;
  }
  return out;
}

/** Numbered steps; a HowToSection's name stands above its steps, which keep counting. Read until the field is full. */
function directions(value: unknown, meter: Meter): string | null {
  const lines: string[] = [];
  let length = 0;
  let step = 0;
  const add = (line: string) => {
    lines.push(line);
    length += line.length + 1;
  };
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0 && length <= mealLimits.directionsMax) {
    const [v, depth] = stack.pop()!;
    meter.step();
    if (depth > 6) continue;
    if (typeof v === 'string') {
      for (const part of v.split(/\r?\n|<br\s*\/?>|<\/p>|<\/li>/i)) {
        const line = plain(part, meter);
        if (line) add(`${++step}. ${line.replace(/^\d+[.)]\s*/, '')}`);
        if (length > mealLimits.directionsMax) break;
      }
    } else if (Array.isArray(v)) {
      meter.step(v.length);
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], depth + 1]);
    } else if (v !== null && typeof v === 'object') {
      const node = v as Node;
      if (node.itemListElement !== undefined) {
        const heading = plain(first(node.name), meter);
        if (heading) add(heading);
        stack.push([node.itemListElement, depth + 1]);
      } else {
        stack.push([first(node.text) ?? first(node.name), depth + 1]);
      }
    }
  }
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
function servings(value: unknown, meter: Meter): number | null {
  for (const v of [value].flat()) {
    meter.step();
    const n = Number(/\d+/.exec(plain(v, meter))?.[0]);
    if (Number.isInteger(n) && n >= 1 && n <= mealLimits.servingsMax) return n;
  }
  return null;
}
