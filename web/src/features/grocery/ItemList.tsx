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

interface Actions {
  canEdit: boolean;
  onToggle: (item: GroceryItem) => void;
  onDelete: (item: GroceryItem) => void;
  onEdit: (item: GroceryItem) => void;
}

/** "1½ lbs beef", "2 milk", "eggs": quantity, unit and name, as a person writes them (recipes read the same). */
export function itemLabel(item: { name: string; quantity: number | null; unit: string | null }): string {
  const quantity = item.quantity !== null && (item.quantity !== 1 || item.unit) ? formatQuantity(item.quantity) : null;
  return [quantity, item.unit, item.name].filter(Boolean).join(' ');
}

/**
 * The sortable items of a list. Only the shown items can be dragged, but the new order covers the whole list:
 * the dragged item takes the place of the one it was dropped on, hidden purchased items keep theirs around it.
 */
export function ItemList({ items, shown, onReorder, label = 'Items', ...actions }: Actions & {
  items: GroceryItem[];
  shown: GroceryItem[];
  onReorder: (items: GroceryItem[]) => void;
  label?: string;
}) {
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
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements }}>
      <SortableContext items={shown.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul className="items" aria-label={label}>
          {shown.map((item) => <Item key={item.id} item={item} {...actions} />)}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function Item({ item, canEdit, onToggle, onDelete, onEdit }: Actions & { item: GroceryItem }) {
  // Not yet on the server (added offline): shown greyed, and every change to it waits behind its add.
  const pending = isPending(item.id);
  const {
    attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging,
  } = useSortable({ id: item.id, disabled: !canEdit });
  const recurring = item.recurringItemId !== null || item.recurrence !== 'none';
  const text = (
    <span className="item-text">
      <span className="item-name">{itemLabel(item)}</span>
      {item.category && <span className="badge category">{item.category}</span>}
      {recurring && <span className="badge recurring" title="Recurring item: it comes back on its schedule">↻ recurring</span>}
      {item.addedFromRecipeId && <span className="badge recipe" title="Added from a recipe">from recipe</span>}
    </span>
  );

  return (
    <li
      ref={setNodeRef}
      className={`item${item.isPurchased ? ' purchased' : ''}${isDragging ? ' dragging' : ''}${pending ? ' pending' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="grocery-item"
      data-item-id={item.id}
    >
      {canEdit && (
        <button
          type="button" className="icon drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners}
          aria-label={`Drag ${item.name}`}
        >
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
            {[4, 9, 14].flatMap((y) => [6, 12].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
          </svg>
        </button>
      )}
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
}
