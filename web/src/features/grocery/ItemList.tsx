import {
  createContext, memo, use, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject, type SyntheticEvent,
} from 'react';
import { flushSync } from 'react-dom';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements,
  type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { GroceryItem } from '@hearth/contract/grocery';
import { formatQuantity } from '@hearth/contract/quantity';
import { isPending } from '../../shared/offline/queue.ts';

interface RowActions {
  onToggle: (item: GroceryItem) => void;
  onDelete: (item: GroceryItem) => void;
  onEdit: (item: GroceryItem) => void;
}

interface Actions extends RowActions {
  canEdit: boolean;
}

/** "1½ lbs beef", "2 milk", "eggs": quantity, unit and name, as a person writes them (recipes read the same). */
export function itemLabel(item: { name: string; quantity: number | null; unit: string | null }): string {
  const quantity = item.quantity !== null && (item.quantity !== 1 || item.unit) ? formatQuantity(item.quantity) : null;
  return [quantity, item.unit, item.name].filter(Boolean).join(' ');
}

/**
 * Rows become sortable only once a drag handle of their list is pointed at or focused: dnd-kit's hooks in 100 rows
 * (each registering itself, which renders every row again) were most of a long list's first render. A pointer is over
 * the handle before it presses, and a key needs the handle focused first, so every way of dragging finds them ready.
 */
const Sortable = createContext(false);

/** The sensors' activator events (onPointerDown, ...), which a handle passes on to its row's dnd-kit listeners. */
const sensorClasses = [PointerSensor, TouchSensor, KeyboardSensor];
const activatorEvents = [...new Set(sensorClasses.flatMap((sensor) => sensor.activators.map((a) => a.eventName)))];
type Listeners = ReturnType<typeof useSortable>['listeners'];

/** What a row shows of a drag: its own movement, and whether it is the one being dragged. */
interface Drag {
  transform: string | undefined;
  transition: string | undefined;
  dragging: boolean;
}
const resting: Drag = { transform: undefined, transition: undefined, dragging: false };

const isHandle = (target: EventTarget) => target instanceof Element && target.closest('.drag-handle') !== null;

/**
 * The sortable items of a list. Only the shown items can be dragged, but the new order covers the whole list:
 * the dragged item takes the place of the one it was dropped on, hidden purchased items keep theirs around it.
 */
export function ItemList({ items, shown, onReorder, label = 'Items', canEdit, mealNotes, ...actions }: Actions & {
  items: GroceryItem[];
  shown: GroceryItem[];
  onReorder: (items: GroceryItem[]) => void;
  label?: string;
  /** The meals items shopped from the week's plan are for ("Tacos, Chili"), by item id. */
  mealNotes?: Map<string, string> | undefined;
}) {
  const [sortable, setSortable] = useState(false);
  // Given to DndContext as its id, which names its instructions for screen readers, so a resting handle can point
  // at them too.
  const instructions = useId();
  const rowActions = useSteadyActions(actions);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to).map((item, position) => ({ ...item, position })));
  };

  if (shown.length === 0) return <p className="muted">No items to show.</p>;
  // A keyboard user hears item names and places, not ids.
  const nameOf = (id: UniqueIdentifier) => shown.find((i) => i.id === id)?.name ?? '';
  const placeOf = (id: UniqueIdentifier) => shown.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${placeOf(active.id)} of ${shown.length}.`,
    onDragOver: ({ active, over }) => (over
      ? `${nameOf(active.id)} moved to position ${placeOf(over.id)} of ${shown.length}.`
      : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over
      ? `${nameOf(active.id)} dropped at position ${placeOf(over.id)} of ${shown.length}.`
      : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  return (
    <DndContext
      id={instructions} sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={shown.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul
          className="items" aria-label={label}
          // A touch's pointerover comes just before its pointerdown, in the same task: the rows must be sortable by
          // then, so this render cannot wait.
          onPointerOver={(e) => { if (canEdit && !sortable && isHandle(e.target)) flushSync(() => setSortable(true)); }}
          onFocus={(e) => { if (canEdit && isHandle(e.target)) setSortable(true); }}
        >
          <Sortable value={sortable}>
            {shown.map((item) => (
              <Item key={item.id} item={item} canEdit={canEdit} instructions={instructions} forMeals={mealNotes?.get(item.id)} {...rowActions} />
            ))}
          </Sortable>
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** The row callbacks, the same functions on every render (rows are memoized), calling the latest ones given. */
function useSteadyActions(actions: RowActions): RowActions {
  const latest = useRef(actions);
  useLayoutEffect(() => { latest.current = actions; });
  return useMemo(() => ({
    onToggle: (item) => latest.current.onToggle(item),
    onDelete: (item) => latest.current.onDelete(item),
    onEdit: (item) => latest.current.onEdit(item),
  }), []);
}

const Item = memo(function Item({ item, canEdit, instructions, forMeals, onToggle, onDelete, onEdit }: Actions & {
  item: GroceryItem; instructions: string; forMeals: string | undefined;
}) {
  // Not yet on the server (added offline): shown greyed, and every change to it waits behind its add.
  const pending = isPending(item.id);
  const row = useRef<HTMLLIElement>(null);
  const handle = useRef<HTMLButtonElement>(null);
  const listeners = useRef<Listeners | undefined>(undefined);
  const [drag, setDrag] = useState(resting);
  const passOn = useMemo(() => Object.fromEntries(activatorEvents.map((name) => [
    name, (event: SyntheticEvent) => { listeners.current?.[name]?.(event); },
  ])), []);
  const recurring = item.recurringItemId !== null || item.recurrence !== 'none';
  const text = (
    <span className="item-text">
      <span className="item-name">{itemLabel(item)}</span>
      {item.category && <span className="badge category">{item.category}</span>}
      {recurring && <span className="badge recurring" title="Recurring item: it comes back on its schedule">↻ recurring</span>}
      {item.addedFromRecipeId && <span className="badge recipe" title="Added from a recipe">from recipe</span>}
      {forMeals && <span className="badge recipe">for {forMeals}</span>}
    </span>
  );

  return (
    <li
      ref={row}
      className={`item${item.isPurchased ? ' purchased' : ''}${drag.dragging ? ' dragging' : ''}${pending ? ' pending' : ''}`}
      style={{ transform: drag.transform, transition: drag.transition }}
      data-testid="grocery-item"
      data-item-id={item.id}
    >
      {canEdit && (
        <button
          type="button" className="icon drag-handle" ref={handle} {...passOn}
          aria-roledescription="sortable" aria-describedby={instructions} aria-pressed={drag.dragging || undefined}
          aria-label={`Drag ${item.name}`}
        >
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
            <path d={grip} fill="currentColor" />
          </svg>
        </button>
      )}
      {canEdit && <SortableRow id={item.id} row={row} handle={handle} listeners={listeners} onDrag={setDrag} />}
      {canEdit
        ? (
          // The whole row is the checkbox's label: a thumb anywhere on it checks the item off.
          <label className="item-main">
            <input
              type="checkbox" checked={item.isPurchased} onChange={() => onToggle(item)}
              aria-label={`Purchased: ${item.name}`}
            />
            {text}
          </label>
        )
        : (
          <span className="item-main">
            {item.isPurchased && <span className="sr-only">Purchased: </span>}
            {text}
          </span>
        )}
      {canEdit && (
        <>
          <button type="button" className="icon" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
            ✎
          </button>
          <button type="button" className="icon delete" onClick={() => onDelete(item)}
            aria-label={`Delete ${item.name}`}>
            ✕
          </button>
        </>
      )}
    </li>
  );
});

/** The handle's six dots, as one path: two columns of three. */
const grip = [4, 9, 14].flatMap((y) => [6, 12].map((x) => `M${x - 1.6} ${y}a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0 -3.2 0`)).join('');

interface SortableRowProps {
  id: string;
  row: RefObject<HTMLLIElement | null>;
  handle: RefObject<HTMLButtonElement | null>;
  listeners: RefObject<Listeners | undefined>;
  onDrag: (drag: Drag) => void;
}

/** A row's dnd-kit side, once its list is sortable. */
function SortableRow(props: SortableRowProps) {
  return use(Sortable) ? <SortableHooks {...props} /> : null;
}

/**
 * Binds dnd-kit to the row's elements and tells the row only what changes on screen, so the row renders again only
 * while it moves.
 */
function SortableHooks({ id, row, handle, listeners, onDrag }: SortableRowProps) {
  const sortable = useSortable({ id });
  const { setNodeRef, setActivatorNodeRef, isDragging } = sortable;
  const transform = CSS.Transform.toString(sortable.transform);
  const transition = sortable.transition ?? undefined;
  useLayoutEffect(() => {
    setNodeRef(row.current);
    setActivatorNodeRef(handle.current);
  }, [setNodeRef, setActivatorNodeRef, row, handle]);
  useLayoutEffect(() => {
    listeners.current = sortable.listeners;
  }, [listeners, sortable.listeners]);
  useLayoutEffect(() => {
    onDrag(transform || transition || isDragging ? { transform, transition, dragging: isDragging } : resting);
  }, [onDrag, transform, transition, isDragging]);
  return null;
}
