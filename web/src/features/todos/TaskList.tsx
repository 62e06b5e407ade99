import { useId, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements,
  type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FamilyMember } from '@hearth/contract/family';
import type { TodoTask } from '@hearth/contract/todos';
import { isPending } from '../../shared/offline/queue.ts';
import { dueText, repeatText } from './dates.ts';
import { todoTexts as t } from './texts.ts';

export interface TaskActions {
  canEdit: boolean;
  today: string;
  members: Map<string, FamilyMember>;
  onToggle: (task: TodoTask) => void;
  onSkip: (task: TodoTask) => void;
  onEdit: (task: TodoTask) => void;
  onDelete: (task: TodoTask) => void;
}

/** A task's title and what it carries: who, when (overdue marked), how it repeats, a chore's stars, its list. */
export function TaskText({ task, today, members, listTitle }: {
  task: TodoTask; today: string; members: Map<string, FamilyMember>; listTitle?: string | undefined;
}) {
  const assignee = task.assigneeId ? members.get(task.assigneeId) : undefined;
  return (
    <span className="task-text">
      <span className="task-title">{task.title}</span>
      <span className="task-meta">
        {task.dueDate && (
          <span className={`badge due${task.isOverdue ? ' overdue' : ''}`}>
            {task.isOverdue && <span>{t.overdue} · </span>}
            {dueText(task.dueDate, task.dueTime, today)}
          </span>
        )}
        {task.repeat && <span className="badge repeat">↻ {repeatText(task.repeat, task.dueDate)}</span>}
        {task.stars !== null && <span className="badge stars" aria-label={`${task.stars} stars`}>{'★'.repeat(Math.min(task.stars, 5))}{task.stars > 5 ? ` ${task.stars}` : ''}</span>}
        {assignee && (
          <span className="assignee">
            <span className="member-dot" style={{ background: assignee.color }} aria-hidden="true" />
            {assignee.name}
          </span>
        )}
        {listTitle && <span className="muted small">{listTitle}</span>}
        {task.notes && <span className="task-notes muted small">{task.notes}</span>}
      </span>
    </span>
  );
}

/**
 * A list's tasks. Open tasks can be dragged (pointer, touch after a short press, or keyboard: Space, arrows, Space),
 * as grocery items are; done tasks are shown in place and not sorted.
 */
export function TaskList({ tasks, label, sortable, onReorder, ...actions }: TaskActions & {
  tasks: TodoTask[];
  label: string;
  sortable: boolean;
  onReorder?: (tasks: TodoTask[]) => void;
}) {
  const instructions = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (tasks.length === 0) return <p className="muted">{t.noTasks}</p>;

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = tasks.findIndex((x) => x.id === active.id);
    const to = tasks.findIndex((x) => x.id === over.id);
    if (from >= 0 && to >= 0) onReorder?.(arrayMove(tasks, from, to));
  };
  const titleOf = (id: UniqueIdentifier) => tasks.find((x) => x.id === id)?.title ?? '';
  const placeOf = (id: UniqueIdentifier) => tasks.findIndex((x) => x.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, at position ${placeOf(active.id)} of ${tasks.length}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to position ${placeOf(over.id)} of ${tasks.length}.` : `${titleOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at position ${placeOf(over.id)} of ${tasks.length}.` : `${titleOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const rows = <ul className="tasks" aria-label={label}>{tasks.map((task) => <TaskRow key={task.id} task={task} drag={sortable && actions.canEdit} instructions={instructions} {...actions} />)}</ul>;
  if (!sortable || !actions.canEdit) return rows;
  return (
    <DndContext id={instructions} sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements }}>
      <SortableContext items={tasks.map((x) => x.id)} strategy={verticalListSortingStrategy}>{rows}</SortableContext>
    </DndContext>
  );
}

function TaskRow({ task, drag, instructions, ...actions }: TaskActions & { task: TodoTask; drag: boolean; instructions: string }) {
  return drag ? <SortableTaskRow task={task} instructions={instructions} {...actions} /> : <TaskRowView task={task} {...actions} />;
}

function SortableTaskRow({ task, instructions, ...actions }: TaskActions & { task: TodoTask; instructions: string }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({ id: task.id });
  return (
    <TaskRowView
      task={task} {...actions} rowRef={setNodeRef} dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      handle={(
        <button
          type="button" className="icon drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners}
          aria-describedby={instructions} aria-label={`Drag ${task.title}`}
        >
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true"><path d={grip} fill="currentColor" /></svg>
        </button>
      )}
    />
  );
}

/** The handle's six dots, as one path: two columns of three. */
const grip = [4, 9, 14].flatMap((y) => [6, 12].map((x) => `M${x - 1.6} ${y}a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0 -3.2 0`)).join('');

function TaskRowView({ task, canEdit, today, members, onToggle, onSkip, onEdit, onDelete, handle, rowRef, style, dragging = false }: TaskActions & {
  task: TodoTask;
  handle?: ReactNode;
  rowRef?: (node: HTMLLIElement | null) => void;
  style?: CSSProperties;
  dragging?: boolean;
}) {
  const text = <TaskText task={task} today={today} members={members} />;
  const classes = ['task', task.isDone && 'done', task.isOverdue && 'overdue', dragging && 'dragging', isPending(task.id) && 'pending'];
  return (
    <li ref={rowRef} style={style} className={classes.filter(Boolean).join(' ')} data-testid="todo-task" data-task-id={task.id}>
      {handle}
      {canEdit
        ? (
          // The whole row is the checkbox's label: a thumb anywhere on it checks the task off.
          <label className="task-main">
            <input type="checkbox" checked={task.isDone} onChange={() => onToggle(task)} aria-label={`Done: ${task.title}`} />
            {text}
          </label>
        )
        : <span className="task-main">{task.isDone && <span className="sr-only">Done: </span>}{text}</span>}
      {canEdit && (
        <span className="task-actions">
          {task.repeat && !task.isDone && (
            <button type="button" className="secondary skip" onClick={() => onSkip(task)} aria-label={`${t.skip} ${task.title}`}>{t.skip}</button>
          )}
          <button type="button" className="icon" onClick={() => onEdit(task)} aria-label={`Edit ${task.title}`}>✎</button>
          <button type="button" className="icon delete" onClick={() => onDelete(task)} aria-label={`Delete ${task.title}`}>✕</button>
        </span>
      )}
    </li>
  );
}
