import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NewsfeedComment, NewsfeedEvent, NewsfeedList, NewsfeedMeal } from '@hearth/contract/dashboard';
import type { NewsfeedTaskGroup } from '@hearth/contract/todos';
import type { Birthday, FamilyMember } from '@hearth/contract/family';
import { paths } from '../../shared/paths.ts';
import { allDayText, eventTimeText, formatTime } from '../../shared/time.ts';
import { CakeIcon } from '../../shared/ui/CakeIcon.tsx';
import { dayLabel } from './dates.ts';
import { daysAgoText, itemCount, newsfeedTexts as t, recentlyAdded } from './texts.ts';

/** The spec's default colour of a member without one. */
const defaultColor = '#999999';

/** Where a meal's entry goes: the recipe of a meal cooked at home, else the meal itself on the calendar. */
const mealLink = (meal: NewsfeedMeal) => (meal.mealId && meal.address === null
  ? paths.meal(meal.mealId)
  : paths.calendarEvent(meal.id, meal.date));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card nf-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Empty({ text, action }: { text: string; action?: { to: string; label: string } }) {
  return (
    <div className="nf-empty">
      <p className="muted">{text}</p>
      {action && <Link to={action.to} className="button secondary">{action.label}</Link>}
    </div>
  );
}

/** Colour circles of the attendees, or 'Family' when the event is for everyone. */
function Attendees({ ids, members }: { ids: string[]; members: Map<string, FamilyMember> }) {
  if (ids.length === 0) return <span className="badge">{t.family}</span>;
  return (
    <span className="nf-dots">
      {ids.map((id) => {
        const member = members.get(id);
        const name = member?.name ?? '';
        return <span key={id} className="nf-dot" title={name} aria-label={name} role="img" style={{ background: member?.color ?? defaultColor }} />;
      })}
    </span>
  );
}

/** A member's birthday among a day's events: all day, the member's colour, and it opens the calendar. */
function BirthdayItem({ birthday, members }: { birthday: Birthday; members: Map<string, FamilyMember> }) {
  return (
    <li>
      <Link to={paths.calendar} className="nf-item nf-event nf-birthday">
        <span className="nf-time">{allDayText}</span>
        <span className="nf-main"><span className="nf-title"><CakeIcon /> {birthday.title}</span></span>
        <Attendees ids={[birthday.memberId]} members={members} />
      </Link>
    </li>
  );
}

export function UpcomingEvents({ days, birthdays, today, members }: {
  days: [string, NewsfeedEvent[]][]; birthdays: Birthday[]; today: string; members: Map<string, FamilyMember>;
}) {
  // A day shows its birthdays first (they last all day), then its events; a day with only birthdays shows too.
  const dates = [...new Set([...days.map(([date]) => date), ...birthdays.map((b) => b.date)])].sort();
  const eventsOn = new Map(days);
  return (
    <Section id="nf-events" title={t.upcomingEvents}>
      {dates.length === 0
        ? <Empty text={t.noEvents} action={{ to: paths.calendar, label: t.addFirstEvent }} />
        : dates.map((date) => (
          <div key={date} className="nf-day">
            <h3>{dayLabel(date, today)}</h3>
            <ul className="nf-list">
              {birthdays.filter((b) => b.date === date).map((b) => <BirthdayItem key={b.memberId} birthday={b} members={members} />)}
              {(eventsOn.get(date) ?? []).map((e) => (
                <li key={`${e.id}-${e.startTime}`}>
                  <Link to={paths.calendarEvent(e.id, e.startTime.slice(0, 10))} className="nf-item nf-event">
                    <span className="nf-time">{eventTimeText(e)}</span>
                    <span className="nf-main">
                      <span className="nf-title">
                        {e.title}
                        {e.isRecurring && <span className="nf-recurring" role="img" aria-label={t.recurring} title={t.recurring}>↻</span>}
                      </span>
                      {(e.location ?? e.address) && <span className="muted small">{e.location ?? e.address}</span>}
                    </span>
                    <Attendees ids={e.attendeeIds} members={members} />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </Section>
  );
}

export function UpcomingMeals({ meals, today, members }: { meals: NewsfeedMeal[]; today: string; members: Map<string, FamilyMember> }) {
  return (
    <Section id="nf-meals" title={t.upcomingMeals}>
      {meals.length === 0
        ? <Empty text={t.noMeals} action={{ to: paths.calendar, label: t.scheduleMeal }} />
        : (
          <ul className="nf-list">
            {meals.map((meal) => (
              <li key={`${meal.id}-${meal.date}`}>
                <Link to={mealLink(meal)} className="nf-item">
                  <span className="nf-main">
                    <span className="nf-title">{meal.title}</span>
                    <span className="small">{dayLabel(meal.date, today)} · {eventTimeText(meal)}</span>
                    {meal.location && <span className="muted small">{meal.location}</span>}
                  </span>
                  <Attendees ids={meal.attendeeIds} members={members} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      <p className="small"><Link to={paths.mealPlan}>{t.planWeek}</Link></p>
    </Section>
  );
}

export function GroceryLists({ lists }: { lists: NewsfeedList[] }) {
  return (
    <Section id="nf-lists" title={t.groceryLists}>
      {lists.length === 0
        ? <Empty text={t.noLists} action={{ to: paths.lists, label: t.createFirstList }} />
        : (
          <ul className="nf-list">
            {lists.map((list) => (
              <li key={list.id}>
                <Link to={paths.list(list.id)} className="nf-item">
                  <span className="nf-main"><span className="nf-title">{list.name}</span></span>
                  <span className="small">
                    {itemCount(list.totalItems)}
                    {list.recentlyAdded > 0 && <span className="nf-recent"> {recentlyAdded(list.recentlyAdded)}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
    </Section>
  );
}

export function RecentComments({ comments }: { comments: NewsfeedComment[] }) {
  return (
    <Section id="nf-comments" title={t.recentComments}>
      {comments.length === 0
        ? <Empty text={t.noComments} />
        : (
          <ul className="nf-list">
            {comments.map((c) => (
              <li key={c.id}>
                <Link to={paths.list(c.listId)} className="nf-item nf-comment">
                  <q>{c.content}</q>
                  <span className="muted small">{c.createdBy} · {daysAgoText(c.daysAgo)} · {c.listName}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
    </Section>
  );
}

/** Tasks due today or overdue, per member (then nobody's), overdue marked; each opens its list. */
export function TodaysTasks({ groups, members }: { groups: NewsfeedTaskGroup[]; members: Map<string, FamilyMember> }) {
  return (
    <Section id="nf-tasks" title={t.tasks}>
      {groups.length === 0
        ? <Empty text={t.noTasks} action={{ to: paths.todoLists, label: t.addTask }} />
        : groups.map((group) => {
          const member = group.memberId ? members.get(group.memberId) : undefined;
          const name = member?.name ?? t.nobody;
          return (
            <div key={group.memberId ?? 'nobody'} className="nf-day nf-task-group">
              <h3>
                <span className="nf-dot" aria-hidden="true" style={{ background: member?.color ?? defaultColor }} /> {name}
              </h3>
              <ul className="nf-list" aria-label={name}>
                {group.tasks.map((task) => (
                  <li key={task.id}>
                    <Link to={paths.todoList(task.listId)} className={`nf-item${task.isOverdue ? ' nf-overdue' : ''}`}>
                      <span className="nf-main">
                        <span className="nf-title">
                          {task.title}
                          {task.stars !== null && <span className="nf-stars"> {task.stars}★</span>}
                        </span>
                        <span className="muted small">{task.listTitle}</span>
                      </span>
                      {task.isOverdue && <span className="badge overdue">{t.overdue}</span>}
                      {task.dueTime && <span className="nf-time">{formatTime(`${task.dueDate}T${task.dueTime}:00`)}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
              {group.total > group.tasks.length && <p className="small muted">{t.moreTasks(group.total - group.tasks.length)}</p>}
            </div>
          );
        })}
    </Section>
  );
}
