import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@hearth/contract/accounts';
import { accessMessages } from '@hearth/contract/permissions';
import { paths } from '../../shared/paths.ts';
import { attends, MemberLegend } from '../../shared/ui/MemberLegend.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { todayIn } from '../../shared/time.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { ImportFamilyData } from '../../shared/ImportFamilyData.tsx';
import { loadFailure, membersQuery, useFamilySettings } from '../family/queries.ts';
import { OnboardingChecklist } from './Onboarding.tsx';
import { useNewsfeed } from './queries.ts';
import { GroceryLists, RecentComments, TodaysTasks, UpcomingEvents, UpcomingMeals } from './Sections.tsx';
import { newsfeedStorage } from './storage.ts';
import { newsfeedTexts as t } from './texts.ts';
import './dashboard.css';

/** `/`: the family's home page. The protected route has already confirmed the user. */
export function NewsfeedPage() {
  const me = useCurrentUser();
  const title = me.data ? `${me.data.name}${t.titleSuffix}` : null;
  useTitle(title);
  if (!me.data) return <main className="page"><Loading text={t.loading} /></main>;
  return (
    <main className="page newsfeed">
      <h1>{title}</h1>
      {me.data.familyId ? <Feed user={me.data} /> : <div className="stack"><Notice>{accessMessages.noFamily}</Notice><ImportFamilyData /></div>}
    </main>
  );
}

const icons = {
  event: 'M7 2v3M17 2v3M3 9h18M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM12 12v6M9 15h6',
  list: 'M9 6h11M9 12h11M9 18h6M4 6h.01M4 12h.01M4 18h.01M18 15v6M15 18h6',
  meal: 'M4 3v8a3 3 0 0 0 6 0V3M7 3v18M17 21V3c-2 0-4 3-4 7s2 4 4 4',
};

function QuickAdd() {
  const actions = [
    { to: paths.calendar, label: t.addEvent, icon: icons.event },
    { to: paths.lists, label: t.createList, icon: icons.list },
    { to: paths.meals, label: t.addMeal, icon: icons.meal },
  ];
  return (
    <nav className="nf-quick" aria-label={t.quickAdd}>
      {actions.map((a) => (
        <Link key={a.label} to={a.to} className="nf-quick-action">
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={a.icon} />
          </svg>
          <span>{a.label}</span>
        </Link>
      ))}
    </nav>
  );
}

function AiBanner({ userId }: { userId: string }) {
  const [dismissed, setDismissed] = useState(() => newsfeedStorage.bannerDismissed(userId));
  if (dismissed) return null;
  const dismiss = () => {
    newsfeedStorage.dismissBanner(userId);
    setDismissed(true);
  };
  return (
    <aside className="nf-ai" aria-label={t.aiBannerTitle}>
      <div>
        <strong>{t.aiBannerTitle}</strong>
        <p>{t.aiBannerText}</p>
      </div>
      <Link to={paths.aiMealPlanner} className="button">{t.tryNow}</Link>
      <button type="button" className="icon nf-ai-close" aria-label={t.dismiss} onClick={dismiss}>×</button>
    </aside>
  );
}

function Feed({ user }: { user: SessionUser }) {
  const feed = useNewsfeed();
  const members = useQuery(membersQuery);
  const settings = useFamilySettings();
  const [selected, setSelected] = useState<string | null>(null);
  const today = todayIn(settings.data?.timezone);
  const memberMap = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);

  const days = useMemo(() => Object.entries(feed.data?.upcomingEvents ?? {})
    .map(([date, events]) => [date, events.filter(attends(selected))] as [string, typeof events])
    .filter(([, events]) => events.length > 0), [feed.data, selected]);
  const meals = useMemo(() => (feed.data?.upcomingMeals ?? []).filter(attends(selected)), [feed.data, selected]);
  const taskGroups = useMemo(() => (feed.data?.tasks ?? [])
    .filter((g) => selected === null || g.memberId === selected), [feed.data, selected]);
  const birthdays = useMemo(() => (feed.data?.upcomingBirthdays ?? [])
    .filter((b) => selected === null || b.memberId === selected), [feed.data, selected]);

  return (
    <div className="stack">
      <QuickAdd />
      <AiBanner userId={user.id} />
      {feed.data && <OnboardingChecklist user={user} hasList={feed.data.groceryLists.length > 0} />}
      {members.data && members.data.length > 0 && <MemberLegend members={members.data} selected={selected} onSelect={setSelected} label={t.membersLabel} clearLabel={t.clearFilter} />}
      {feed.isPending && <Loading text={t.loading} />}
      {feed.isError && <ErrorBanner message={loadFailure(feed.error, t.loadFailed, t.loadError)} />}
      {feed.data && (
        <div className="nf-grid">
          <div className="stack">
            <UpcomingEvents days={days} birthdays={birthdays} today={today} members={memberMap} />
            <UpcomingMeals meals={meals} today={today} members={memberMap} />
          </div>
          <div className="stack">
            <TodaysTasks groups={taskGroups} members={memberMap} />
            <GroceryLists lists={feed.data.groceryLists} />
            <RecentComments comments={feed.data.recentComments} />
          </div>
        </div>
      )}
    </div>
  );
}
