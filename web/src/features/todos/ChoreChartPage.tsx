import { useState } from 'react';
import type { ChartChore, ChartRow, ChoreChart } from '@hearth/contract/todos';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useUndo } from '../../shared/ui/Undo.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { addDays, dayText, monthDayText, weekdayText } from './dates.ts';
import { useChoreChart } from './queries.ts';
import { todoTexts as t } from './texts.ts';
import { TodoPage } from './TodoNav.tsx';
import { useOccurrence, type TaskRef } from './writes.ts';

/**
 * /chores: the week (from the family's first day of the week) as members × days, each day's chores a big button a
 * child can tap on the family tablet. A phone shows one day at a time, picked above the grid.
 */
export function ChoreChartPage() {
  useTitle(t.choreChart);
  return <TodoPage className="chore-page">{() => <Chart />}</TodoPage>;
}

const refOfChore = (chore: ChartChore): TaskRef => ({
  id: chore.taskId, listId: chore.listId, title: chore.title, dueDate: chore.occurrenceDate, isRepeating: chore.isRepeating,
});
const cellKey = (chore: ChartChore) => `${chore.taskId}@${chore.occurrenceDate}`;

function Chart() {
  const can = useCan();
  const [weekStart, setWeekStart] = useState<string | null>(null);
  const chart = useChoreChart(weekStart);
  const [day, setDay] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The last chore tapped done shows its "+N ★" (an animation that fades out) until the next tap.
  const [celebrating, setCelebrating] = useState<{ key: string; stars: number } | null>(null);
  const { offerUndo, snackbar } = useUndo();
  const occurrence = useOccurrence(setError);

  const data = chart.data;
  const days = data ? Array.from({ length: 7 }, (_, i) => addDays(data.weekStart, i)) : [];
  // The day a phone shows: the one picked, else today when it is in this week, else the week's first.
  const shownDay = day && days.includes(day) ? day : data && days.includes(data.today) ? data.today : days[0];

  const tap = (row: ChartRow, chore: ChartChore) => {
    setError(null);
    const ref = refOfChore(chore);
    if (chore.status === 'OPEN') {
      occurrence.mutate('complete', ref, chore.occurrenceDate);
      setCelebrating({ key: cellKey(chore), stars: chore.stars });
      offerUndo(t.choreDone(row.name, chore.title, chore.stars), () => occurrence.mutate('undo', ref, chore.occurrenceDate));
    } else {
      setCelebrating(null);
      occurrence.mutate('undo', ref, chore.occurrenceDate);
      offerUndo(t.choreUndone(chore.title), () => occurrence.mutate(chore.status === 'DONE' ? 'complete' : 'skip', ref, chore.occurrenceDate));
    }
  };
  const anytime = data?.members.some((row) => row.anytime.length > 0) ?? false;
  const moveWeek = (weeks: number) => data && setWeekStart(addDays(data.weekStart, 7 * weeks));

  return (
    <>
      {snackbar}
      <div className="spread">
        <h1>{t.choreChart}</h1>
        <div className="row week-nav">
          <button type="button" className="secondary" onClick={() => moveWeek(-1)} disabled={!data}>{t.previousWeek}</button>
          <button type="button" className="secondary" onClick={() => setWeekStart(null)} disabled={weekStart === null}>{t.thisWeek}</button>
          <button type="button" className="secondary" onClick={() => moveWeek(1)} disabled={!data}>{t.nextWeek}</button>
        </div>
      </div>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {chart.isPending && <Loading text="Loading the chore chart..." />}
      {chart.isError && <ErrorBanner message={t.loadChartFailed} />}
      {data && (
        <>
          <p className="muted">{t.weekOf(dayText(data.weekStart))}</p>
          <div className="segmented day-picker" role="group" aria-label={t.dayPicker}>
            {days.map((d) => (
              <button key={d} type="button" aria-pressed={d === shownDay} onClick={() => setDay(d)}>
                {weekdayText(d)}
              </button>
            ))}
          </div>
          <table className="chore-chart">
            <thead>
              <tr>
                <th scope="col" className="member-col">Member</th>
                {days.map((d) => (
                  <th key={d} scope="col" className={dayClass(d, shownDay, data.today)}>
                    <span className="day-name">{weekdayText(d)}</span> <span className="day-date">{monthDayText(d)}</span>
                  </th>
                ))}
                {anytime && <th scope="col" className="anytime-col">{t.anytime}</th>}
              </tr>
            </thead>
            <tbody>
              {data.members.map((row) => (
                <tr key={row.memberId} data-testid="chart-row" data-member={row.name}>
                  <th scope="row" className="member-col">
                    <span className="chart-member">
                      <span className="member-dot" style={{ background: row.color }} aria-hidden="true" />
                      <span className="chart-name">{row.name}</span>
                    </span>
                    <span className="small chart-stars">{t.starsThisWeek(row.starsThisWeek)}</span>
                    <span className="small muted">{t.balance(row.balance)}</span>
                  </th>
                  {row.days.map(({ date, chores }) => (
                    <td key={date} className={dayClass(date, shownDay, data.today)}>
                      <Chores row={row} chores={chores} canEdit={can.edit} celebrating={celebrating} onTap={tap} />
                    </td>
                  ))}
                  {anytime && (
                    <td className="anytime-col">
                      <Chores row={row} chores={row.anytime} canEdit={can.edit} celebrating={celebrating} onTap={tap} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {noChores(data) && <p className="muted">{t.noChores}</p>}
          <History chart={data} />
        </>
      )}
    </>
  );
}

const noChores = (chart: ChoreChart) => chart.members.every((row) => row.anytime.length === 0 && row.days.every((d) => d.chores.length === 0));

const dayClass = (date: string, shown: string | undefined, today: string) =>
  ['day-col', date === shown && 'shown-day', date === today && 'today'].filter(Boolean).join(' ');

function Chores({ row, chores, canEdit, celebrating, onTap }: {
  row: ChartRow; chores: ChartChore[]; canEdit: boolean; celebrating: { key: string; stars: number } | null;
  onTap: (row: ChartRow, chore: ChartChore) => void;
}) {
  if (chores.length === 0) return null;
  return (
    <ul className="chart-chores">
      {chores.map((chore) => {
        const done = chore.status === 'DONE';
        const content = (
          <>
            <span className="chore-check" aria-hidden="true">{done ? '✓' : chore.status === 'SKIPPED' ? '–' : ''}</span>
            <span className="chore-text">
              <span className="chore-title">{chore.title}</span>
              <span className="chore-stars" aria-hidden="true">{'★'.repeat(Math.min(chore.stars, 5))}{chore.stars > 5 ? ` ${chore.stars}` : ''}</span>
            </span>
          </>
        );
        const label = `${t.markDone(chore.title, row.name)}, ${chore.stars} stars${chore.status === 'SKIPPED' ? ', skipped' : ''}`;
        return (
          <li key={cellKey(chore)} className="chore-cell-wrap">
            {canEdit
              ? (
                <button type="button" className={`chore-cell ${chore.status.toLowerCase()}`} aria-pressed={done} aria-label={label} onClick={() => onTap(row, chore)}>
                  {content}
                </button>
              )
              : <span className={`chore-cell ${chore.status.toLowerCase()}`} aria-label={`${label}${done ? ', done' : ''}`} role="img">{content}</span>}
            {celebrating?.key === cellKey(chore) && done && (
              <span className="celebrate" aria-hidden="true">🎉 +{celebrating.stars} ★</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Stars per member, week by week (the week shown first). */
function History({ chart }: { chart: ChoreChart }) {
  return (
    <section className="stack" aria-labelledby="chart-history">
      <h2 id="chart-history">{t.history}</h2>
      <div className="table-wrap">
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Week</th>
              {chart.members.map((m) => <th key={m.memberId} scope="col">{m.name}</th>)}
            </tr>
          </thead>
          <tbody>
            {chart.history.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{dayText(week.weekStart)}</th>
                {chart.members.map((m) => (
                  <td key={m.memberId}>{week.totals.find((x) => x.memberId === m.memberId)?.stars ?? 0} ★</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
