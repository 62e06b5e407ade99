import type { TodoTask } from '@hearth/contract/todos';
import type { useUndo } from '../../shared/ui/Undo.tsx';
import { todoTexts as t } from './texts.ts';
import { refOf, type useOccurrence } from './writes.ts';

/**
 * Check off, reopen and skip from a task row, each with an undo. A repeating task names the occurrence it acts on
 * (its due date then), so a second tap or the undo cannot reach the next one.
 */
export function useTaskChecks(
  occurrence: ReturnType<typeof useOccurrence>,
  offerUndo: ReturnType<typeof useUndo>['offerUndo'],
  before: () => void,
) {
  const dateOf = (task: TodoTask) => (task.repeat ? task.dueDate : null);
  return {
    toggle: (task: TodoTask) => {
      before();
      const ref = refOf(task);
      if (task.isDone) {
        occurrence.mutate('undo', ref);
        offerUndo(t.reopened(task.title), () => occurrence.mutate('complete', ref));
        return;
      }
      occurrence.mutate('complete', ref, dateOf(task));
      offerUndo(t.checkedOff(task.title), () => occurrence.mutate('undo', ref, dateOf(task)));
    },
    skip: (task: TodoTask) => {
      before();
      occurrence.mutate('skip', refOf(task), task.dueDate);
      offerUndo(t.skipped(task.title), () => occurrence.mutate('undo', refOf(task), task.dueDate));
    },
  };
}
