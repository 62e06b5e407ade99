import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { todayIn } from '../../shared/time.ts';
import { useFamilySettings } from '../family/queries.ts';
import { todoTexts as t } from './texts.ts';
import './todos.css';

const sections = [
  { to: paths.todoLists, label: 'Lists' },
  { to: paths.myTasks, label: t.myTasks },
  { to: paths.everyonesTasks, label: t.everyonesTasks },
  { to: paths.choreChart, label: t.choreChart },
  { to: paths.rewards, label: t.rewards },
];

/** The to-do pages' own links, the current one marked. */
export function TodoNav() {
  const { pathname } = useLocation();
  return (
    <nav className="todo-nav" aria-label="To-dos">
      {sections.map((s) => (
        <Link key={s.to} to={s.to} className="todo-nav-link" aria-current={pathname === s.to ? 'page' : undefined}>{s.label}</Link>
      ))}
    </nav>
  );
}

/** A to-do page once the member's family is known; the section links on top. */
export function TodoPage({ className = '', children }: { className?: string; children: (familyId: string) => ReactNode }) {
  const me = useCurrentUser();
  const familyId = me.data?.familyId;
  return (
    <main className={`page stack todos ${className}`}>
      <TodoNav />
      {me.isPending && <Loading text={t.loadingUser} />}
      {!me.isPending && !familyId && <ErrorBanner message={t.missingFamily} />}
      {familyId && children(familyId)}
    </main>
  );
}

/** Today in the family's timezone (the browser's until the settings are here). */
export function useFamilyToday(): string {
  return todayIn(useFamilySettings().data?.timezone);
}
