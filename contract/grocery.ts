import { z } from 'zod';
import { endpoint, Id } from './endpoint.ts';

export const GroceryList = z.object({
  id: z.uuid(),
  title: z.string(),
  familyId: z.uuid(),
});
export type GroceryList = z.infer<typeof GroceryList>;

export const Recurrence = z.enum(['none', 'weekly', 'monthly']);

export const GroceryItem = z.object({
  id: z.uuid(),
  name: z.string(),
  quantity: z.number().int().nullable(),
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

export const getLists = endpoint({
  method: 'GET',
  path: '/api/grocery-lists/{familyId}',
  access: 'user',
  summary: 'The lists of the caller\'s family',
  params: z.object({ familyId: Id }),
  response: z.array(GroceryList),
});
