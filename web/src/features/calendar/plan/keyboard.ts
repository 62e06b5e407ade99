import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import { mealTypes } from '@hearth/contract/calendar';
import { addDays } from '../dates.ts';

const steps: Record<string, [days: number, types: number]> = {
  ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1],
};

/** `slot|date|type`, the id a slot is dropped on. */
export const slotId = (date: string, type: string) => `slot|${date}|${type}`;

/** The slot an arrow leads to from `over` (a day later or earlier, the next or previous meal); the first slot when over none. */
function nextSlot(over: UniqueIdentifier | undefined, code: string, ids: UniqueIdentifier[]): UniqueIdentifier | undefined {
  const [, date, type] = String(over ?? '').split('|');
  const step = steps[code];
  if (!step) return undefined;
  if (!date || !type) return ids.find((id) => String(id).startsWith('slot|'));
  const t = mealTypes.indexOf(type as (typeof mealTypes)[number]) + step[1];
  const next = slotId(addDays(date, step[0]), mealTypes[t] ?? type);
  return ids.includes(next) ? next : undefined;
}

/**
 * Keyboard dragging over the week: arrows go a day right or left and a meal down or up, from slot to slot, so the
 * keys mean the same on the desktop's grid and a phone's column; the first arrow enters the week's first slot.
 */
export const slotCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const from = context.collisionRect;
  if (!steps[event.code] || !from) return undefined;
  event.preventDefault();
  const target = nextSlot(context.over?.id, event.code, [...context.droppableRects.keys()]);
  const rect = target === undefined ? undefined : context.droppableRects.get(target);
  if (!rect) return undefined;
  return {
    x: currentCoordinates.x + rect.left + rect.width / 2 - (from.left + from.width / 2),
    y: currentCoordinates.y + rect.top + rect.height / 2 - (from.top + from.height / 2),
  };
};
