import { z } from 'zod';
import { Quantity as DecimalQuantity, quantityLimits, quantityMessages } from './quantity.ts';
import { endpoint, Id, IsoDateTime } from './endpoint.ts';

/** Length limits of the grocery feature (the spec names none; ours, documented in docs/DECISIONS.md). */
export const groceryLimits = {
  titleMax: 100,
  itemNameMax: 200,
  unitMax: 50,
  categoryMax: 50,
  commentMax: 2000,
  quantityMax: quantityLimits.max,
  /** The longest list a single reorder call may carry. */
  reorderMax: 5000,
  /** Bounds no real family meets, so one family cannot slow the others (docs/DECISIONS.md). */
  listsPerFamily: 200,
  itemsPerList: 2000,
  recurringPerFamily: 500,
  activeCommentsPerList: 1000,
  suggestionsMax: 8,
  categoryOrderMax: 100,
  /** The most categories the category field suggests. */
  categoriesMax: 200,
} as const;

/** Spec texts (part 1 §2, §8) and the server's messages. */
export const groceryMessages = {
  listNotFound: 'Grocery list not found',
  itemNotFound: 'Grocery item not found',
  commentNotFound: 'Comment not found',
  recurringNotFound: 'Recurring item not found',
  recipeNotFound: 'Recipe not found',
  familyNotFound: 'Family not found',
  titleRequired: 'List name is required',
  titleTooLong: `List name must be at most ${groceryLimits.titleMax} characters`,
  itemNameRequired: 'Item name is required',
  itemNameTooLong: `Item name must be at most ${groceryLimits.itemNameMax} characters`,
  unitTooLong: `Unit must be at most ${groceryLimits.unitMax} characters`,
  categoryTooLong: `Category must be at most ${groceryLimits.categoryMax} characters`,
  quantityInvalid: quantityMessages.invalid,
  quantityTooLarge: `This item is already on the list, and together the quantity would be more than ${quantityLimits.max}.`,
  commentRequired: 'Comment text is required',
  commentTooLong: `Comments must be at most ${groceryLimits.commentMax} characters`,
  reorderEmpty: 'The new order must list at least one item',
  reorderTooLong: `A list can be reordered with at most ${groceryLimits.reorderMax} items`,
  reorderMixedLists: 'All reordered items must be on the same list',
  reorderIncomplete: 'The new order must contain every item of the list exactly once',
  reorderPositions: 'Positions must be 0, 1, 2, ... with each used once',
  recurringOtherList: 'The recurring item belongs to another list',
  frequencyRequired: 'Frequency is required',
  tooManyLists: `A family can have at most ${groceryLimits.listsPerFamily} lists.`,
  listFull: `A list can have at most ${groceryLimits.itemsPerList} items. Remove some to add more.`,
  tooManyRecurring: `A family can have at most ${groceryLimits.recurringPerFamily} recurring items.`,
  categoryOrderDuplicate: 'Each category may appear only once in the order',
  suggestionQueryTooLong: `Search must be at most ${groceryLimits.itemNameMax} characters`,
  tooManyComments: `A list can have at most ${groceryLimits.activeCommentsPerList} comments. Archive some to add more.`,
} as const;

/** `hearth_singular` of migration 0009, for the web's own matching (which recipe ingredients are already listed). */
export function singular(value: string | null): string {
  const x = (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  let s = x;
  if (/(ch|sh|x|z|ss|o)es$/.test(x)) s = x.slice(0, -2);
  else if (/ies$/.test(x)) s = `${x.slice(0, -3)}y`;
  else if (/[^su]s$/.test(x)) s = x.slice(0, -1);
  if (/ie$/.test(s)) return `${s.slice(0, -2)}y`;
  if (/oe$/.test(s)) return s.slice(0, -1);
  return s;
}

/** Two unpurchased items with the same key are one: adding the second raises the first's quantity. */
export const itemMatchKey = (name: string, unit: string | null) => `${singular(name)}|${singular(unit)}`;

/** The aisles an item is put in when its category is not typed and the family has not filed it before. */
export const aisleCategories = [
  'Produce', 'Dairy & eggs', 'Meat & fish', 'Bakery', 'Pantry', 'Frozen', 'Drinks', 'Household', 'Personal care',
  'Baby', 'Pets', 'Other',
] as const;
export type AisleCategory = (typeof aisleCategories)[number];

/** What makes two spellings one category ("meat", "Meat ", "MEAT"): shown as the family first wrote it. */
export const categoryKey = (category: string) => category.replace(/\s+/g, ' ').trim().toLowerCase();

export const GroceryList = z.object({
  id: z.uuid(),
  title: z.string(),
  familyId: z.uuid(),
  /** How many of its items are still to buy (not in the spec; shown on the lists page). */
  openItemCount: z.number().int(),
});
export type GroceryList = z.infer<typeof GroceryList>;

export const Recurrence = z.enum(['none', 'weekly', 'monthly']);
export type Recurrence = z.infer<typeof Recurrence>;

export const GroceryItem = z.object({
  id: z.uuid(),
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  category: z.string().nullable(),
  recurrence: Recurrence,
  position: z.number().int(),
  isPurchased: z.boolean(),
  listId: z.uuid(),
  familyId: z.uuid(),
  recurringItemId: z.uuid().nullable(),
  addedFromRecipeId: z.uuid().nullable(),
});
export type GroceryItem = z.infer<typeof GroceryItem>;

/** The recurring items' frequencies, plain, for the form's choices (Frequency is the schema). */
export const frequencies = ['WEEKLY', 'BI_WEEKLY', 'MONTHLY'] as const;
export const Frequency = z.enum(frequencies, { error: groceryMessages.frequencyRequired });
export type Frequency = z.infer<typeof Frequency>;
/** How each frequency is shown (spec part 1 §9). */
export const frequencyLabels: Record<Frequency, string> = {
  WEEKLY: 'Weekly', BI_WEEKLY: 'Every 2 Weeks', MONTHLY: 'Monthly',
};

export const RecurringItem = z.object({
  id: z.uuid(),
  name: z.string(),
  listId: z.uuid(),
  familyId: z.uuid(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  frequency: Frequency,
  /** When the recurrence job next puts the item back on its list. */
  nextDueAt: IsoDateTime,
});
export type RecurringItem = z.infer<typeof RecurringItem>;

const commentFields = {
  id: z.uuid(),
  listId: z.uuid(),
  familyId: z.uuid(),
  /** Null once the author's account is deleted; the name stays. */
  userId: z.uuid().nullable(),
  userName: z.string(),
  text: z.string(),
  parentId: z.uuid().nullable(),
  createdAt: IsoDateTime,
};
export const GroceryReply = z.object(commentFields);
export type GroceryReply = z.infer<typeof GroceryReply>;
/** A top-level comment with its active replies, oldest first. */
export const GroceryComment = z.object({ ...commentFields, replies: z.array(GroceryReply) });
export type GroceryComment = z.infer<typeof GroceryComment>;

/** Optional text: blank becomes null; left out stays undefined (PATCH keeps the value). */
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).nullable()
  .transform((v) => (v ? v : null)).optional();
const Quantity = DecimalQuantity(groceryMessages.quantityInvalid).nullable();
const ItemName = z.string({ error: groceryMessages.itemNameRequired }).trim()
  .min(1, groceryMessages.itemNameRequired).max(groceryLimits.itemNameMax, groceryMessages.itemNameTooLong);
/** The client may send familyId; the server only accepts the caller's own. */
const PayloadFamilyId = Id.optional();

const ListParams = z.object({ listId: Id });
const ItemParams = z.object({ itemId: Id });
const FamilyParams = z.object({ familyId: Id });
const IdParams = z.object({ id: Id });

export const getLists = endpoint({
  method: 'GET',
  path: '/api/grocery-lists/{familyId}',
  access: 'user',
  summary: 'The lists of the caller\'s family, oldest first',
  params: FamilyParams,
  response: z.array(GroceryList),
});

export const createList = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/grocery-lists',
  access: 'user',
  summary: 'Create a list (editors)',
  body: z.object({
    familyId: PayloadFamilyId,
    title: z.string({ error: groceryMessages.titleRequired }).trim()
      .min(1, groceryMessages.titleRequired).max(groceryLimits.titleMax, groceryMessages.titleTooLong),
  }),
  response: GroceryList,
  status: 201,
});

export const deleteList = endpoint({
  method: 'DELETE',
  path: '/api/grocery-lists/{listId}',
  access: 'user',
  summary: 'Delete a list with its items, comments and recurring items (editors)',
  params: ListParams,
  response: z.null(),
});

export const getItems = endpoint({
  method: 'GET',
  path: '/api/grocery/list/{listId}',
  access: 'user',
  summary: 'The items of a list, by position',
  params: ListParams,
  response: z.array(GroceryItem),
});

export const addItem = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/grocery',
  access: 'user',
  summary: 'Add an item at the top of a list, unpurchased (editors); the same name and unit already unpurchased on the list gets the quantity added instead (and is answered)',
  body: z.object({
    name: ItemName,
    quantity: Quantity.optional(),
    unit: optionalText(groceryLimits.unitMax, groceryMessages.unitTooLong),
    category: optionalText(groceryLimits.categoryMax, groceryMessages.categoryTooLong),
    listId: Id,
    familyId: PayloadFamilyId,
    /** Accepted for the spec's payload; new items are always unpurchased at position 0. */
    isPurchased: z.boolean().optional(),
    position: z.number().int().optional(),
    recurrence: Recurrence.optional(),
    recurringItemId: Id.nullish(),
    addedFromRecipeId: Id.nullish(),
  }),
  response: GroceryItem,
  status: 201,
});

export const updateItem = endpoint({
  method: 'PATCH',
  path: '/api/grocery/{itemId}',
  access: 'user',
  summary: 'Change an item (editors); fields left out keep their value, position is changed only by reorder. A new name or unit matching another unpurchased item of the list merges the two (quantities summed)',
  params: ItemParams,
  body: z.object({
    name: ItemName.optional(),
    quantity: Quantity.optional(),
    unit: optionalText(groceryLimits.unitMax, groceryMessages.unitTooLong),
    category: optionalText(groceryLimits.categoryMax, groceryMessages.categoryTooLong),
    recurrence: Recurrence.optional(),
    isPurchased: z.boolean().optional(),
    position: z.number().int().optional(),
  }),
  /**
   * An edit into an item already unpurchased on the list (same name and unit, as adds match) merges them: the answer
   * is that item with the quantities summed, and `mergedFrom` names the edited item, now deleted.
   */
  response: GroceryItem.extend({ mergedFrom: z.uuid().optional() }),
});

export const deleteItem = endpoint({
  method: 'DELETE',
  path: '/api/grocery/{itemId}',
  access: 'user',
  summary: 'Delete an item; the ones below move up (editors)',
  params: ItemParams,
  response: z.null(),
});

export const clearPurchased = endpoint({
  method: 'DELETE',
  path: '/api/grocery/list/{listId}/purchased',
  access: 'user',
  summary: 'Delete the purchased items of a list, for a finished trip (editors)',
  params: ListParams,
  response: z.object({ removed: z.number().int() }),
});

export const ItemSuggestion = z.object({
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  category: z.string().nullable(),
  /** How often the family has put it on a list. */
  uses: z.number().int(),
});
export type ItemSuggestion = z.infer<typeof ItemSuggestion>;

export const getSuggestions = endpoint({
  method: 'GET',
  path: '/api/grocery/suggestions/{familyId}',
  access: 'user',
  summary: 'Names the family has put on lists before that contain q, with their latest unit and category, most used first',
  params: FamilyParams,
  query: z.object({ q: z.string().trim().max(groceryLimits.itemNameMax, groceryMessages.suggestionQueryTooLong) }),
  response: z.array(ItemSuggestion),
});

export const CategoryOrder = z.object({
  categories: z.array(z.string().trim().min(1).max(groceryLimits.categoryMax, groceryMessages.categoryTooLong))
    .max(groceryLimits.categoryOrderMax)
    .refine((c) => new Set(c.map((x) => x.toLowerCase())).size === c.length, groceryMessages.categoryOrderDuplicate),
});
export type CategoryOrder = z.infer<typeof CategoryOrder>;

export const getCategoryOrder = endpoint({
  method: 'GET',
  path: '/api/grocery/category-order/{familyId}',
  access: 'user',
  summary: 'The family\'s aisle order for the group-by-category view (empty until set)',
  params: FamilyParams,
  response: CategoryOrder,
});

export const setCategoryOrder = endpoint({
  method: 'PUT',
  path: '/api/grocery/category-order/{familyId}',
  access: 'user',
  summary: 'Set the family\'s aisle order (editors)',
  params: FamilyParams,
  body: CategoryOrder,
  response: CategoryOrder,
});

export const getCategories = endpoint({
  method: 'GET',
  path: '/api/grocery/categories/{familyId}',
  access: 'user',
  summary: 'The categories the family has used, each as it was first written, by name (at most categoriesMax)',
  params: FamilyParams,
  response: z.array(z.string()),
});

export const reorderItems = endpoint({
  method: 'PUT',
  path: '/api/grocery/reorder',
  access: 'user',
  summary: 'Apply the whole new order of one list: every item once, positions 0..n-1 (editors). Full items are accepted; only id and position are read. With rebase=true (an order made offline) the order is laid over the list as it is now: ids no longer on it are ignored, items it does not name keep their places.',
  query: z.object({ rebase: z.enum(['true', 'false']).transform((v) => v === 'true').optional() }),
  body: z.array(z.object({ id: Id, position: z.number().int().min(0) }))
    .min(1, groceryMessages.reorderEmpty).max(groceryLimits.reorderMax, groceryMessages.reorderTooLong),
  response: z.array(GroceryItem),
});

export const getComments = endpoint({
  method: 'GET',
  path: '/api/grocery-comments/list/{listId}',
  access: 'user',
  summary: 'Active comments of a list, oldest first, each with its active replies',
  params: ListParams,
  response: z.array(GroceryComment),
});

export const addComment = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/grocery-comments',
  access: 'user',
  summary: 'Post a comment, or a reply when parentId is set (editors). The author is the caller; userId and userName are ignored.',
  body: z.object({
    listId: Id,
    familyId: PayloadFamilyId,
    userId: z.string().nullish(),
    userName: z.string().nullish(),
    text: z.string({ error: groceryMessages.commentRequired }).trim()
      .min(1, groceryMessages.commentRequired).max(groceryLimits.commentMax, groceryMessages.commentTooLong),
    parentId: Id.nullish(),
  }),
  response: GroceryComment,
  status: 201,
});

export const archiveComment = endpoint({
  method: 'PUT',
  path: '/api/grocery-comments/{id}/archive',
  access: 'user',
  summary: 'Archive a comment and its replies (editors)',
  params: IdParams,
  response: z.null(),
});

export const archiveListComments = endpoint({
  method: 'PUT',
  path: '/api/grocery-comments/list/{listId}/archive',
  access: 'user',
  summary: 'Archive every comment of a list (editors)',
  params: ListParams,
  response: z.null(),
});

const RecurringBody = z.object({
  name: ItemName,
  quantity: Quantity.optional(),
  unit: optionalText(groceryLimits.unitMax, groceryMessages.unitTooLong),
  listId: Id,
  familyId: PayloadFamilyId,
  frequency: Frequency,
});

export const getRecurringItems = endpoint({
  method: 'GET',
  path: '/api/recurring-items/family/{familyId}',
  access: 'user',
  summary: 'The recurring items of the caller\'s family, by name',
  params: FamilyParams,
  response: z.array(RecurringItem),
});

export const createRecurringItem = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/recurring-items',
  access: 'user',
  summary: 'Create a recurring item (editors); first due one period from now in the family\'s timezone. The matching list item is created by the client with POST /api/grocery.',
  body: RecurringBody,
  response: RecurringItem,
  status: 201,
});

export const updateRecurringItem = endpoint({
  method: 'PUT',
  path: '/api/recurring-items/{id}',
  access: 'user',
  summary: 'Change a recurring item (editors); a new frequency restarts its schedule',
  params: IdParams,
  body: RecurringBody,
  response: RecurringItem,
});

export const deleteRecurringItem = endpoint({
  method: 'DELETE',
  path: '/api/recurring-items/{id}',
  access: 'user',
  summary: 'Delete a recurring item; its list items stay but no longer recur (editors)',
  params: IdParams,
  response: z.null(),
});

/** The list item recurrence matching a recurring item's frequency (the item select only has weekly and monthly). */
export function recurrenceOf(frequency: Frequency): Recurrence {
  return frequency === 'MONTHLY' ? 'monthly' : 'weekly';
}
