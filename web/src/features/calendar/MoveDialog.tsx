import { useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent } from '@hearth/contract/calendar';
import { errorMessage } from '../../shared/api/errors.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import type { EventMove } from './CalendarView.tsx';
import { seriesTimes } from './dates.ts';
import { seriesQuery, useSaveEvent, type EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

/** An event with new times and nothing else changed; one occurrence leaves its series' repetition alone. */
function movedBody(e: CalendarEvent, start: string, end: string, allDay: boolean, single: boolean): EventBody {
  return {
    title: e.title, description: e.description, location: e.location, address: e.address, startTime: start, endTime: end,
    allDay, categoryId: e.categoryId, attendeeIds: e.attendeeIds, isMeal: e.isMeal, mealId: e.mealId,
    recurringPattern: single ? null : e.recurringPattern, recurringEndDate: single ? null : e.recurringEndDate,
  };
}

export const inSeries = (e: CalendarEvent) => e.recurringPattern !== null;

/**
 * Saves an event dragged or resized on the calendar: one occurrence of a series (editType=single) or the whole series
 * moved by as much; a failure puts the tile back and answers the message.
 */
export function useMoveEvent() {
  const save = useSaveEvent();
  const queryClient = useQueryClient();
  return async ({ event, start, end, allDay, revert }: EventMove, scope: 'single' | 'series'): Promise<string | null> => {
    try {
      if (scope === 'single' && inSeries(event)) {
        await save.mutateAsync({ id: event.id, occurrenceDate: event.occurrenceDate, body: movedBody(event, start, end, allDay, true) });
      } else {
        const times = inSeries(event) ? seriesTimes(event, await queryClient.fetchQuery(seriesQuery(event.id)), start, end) : { start, end };
        await save.mutateAsync({ id: event.id, body: movedBody(event, times.start, times.end, allDay, false) });
      }
      return null;
    } catch (err) {
      revert();
      return errorMessage(err, t.updateFailed);
    }
  };
}

/** Asks which occurrences a drag of a repeating event moves: this one (the safe default, issue 49) or all. */
export function MoveScopeDialog({ move, onChoose, onCancel }: {
  move: EventMove | null; onChoose: (scope: 'single' | 'series') => void; onCancel: () => void;
}) {
  return (
    <Modal title={t.moveTitle} open={move !== null} onClose={onCancel}>
      <div className="stack">
        <p>{t.moveQuestion(move?.event.title ?? '')}</p>
        <div className="stack cal-delete-scopes">
          <button type="button" onClick={() => onChoose('single')} data-autofocus>{t.moveSingle}</button>
          <button type="button" onClick={() => onChoose('series')}>{t.moveSeries}</button>
          <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
        </div>
      </div>
    </Modal>
  );
}
