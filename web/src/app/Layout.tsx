import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent as ClickEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as accounts from '@hearth/contract/accounts';
import { call } from '../shared/api/client.ts';
import { session } from '../shared/session.ts';
import { forgetOfflineCopy } from '../shared/offline/persistence.tsx';
import { useDismiss } from '../shared/ui/useDismiss.ts';
import { OfflineStatus } from '../shared/offline/OfflineStatus.tsx';
import { Loading } from '../shared/ui/Status.tsx';
import { paths } from '../shared/paths.ts';
import { Bell } from '../features/notifications/Bell.tsx';
import { stopPushOnThisDevice } from '../features/notifications/device.ts';

/** The sections of the app; `also` are the paths of a section's own pages (a list is in Grocery Lists). */
const links: { to: string; label: string; also?: string[] }[] = [
  { to: paths.newsfeed, label: 'Newsfeed' },
  { to: paths.aiMealPlanner, label: 'AI Meal Planner' },
  { to: paths.lists, label: 'Grocery Lists', also: ['/list/'] },
  { to: paths.todoLists, label: 'To-dos', also: ['/todos/', paths.choreChart, paths.rewards] },
  { to: paths.mealPlan, label: 'Meal Plan' },
  { to: paths.meals, label: 'Meals', also: ['/meals/'] },
  { to: paths.family, label: 'Family' },
  { to: paths.calendar, label: 'Calendar' },
  { to: paths.locations, label: 'Locations' },
  { to: paths.recurringItems, label: 'Recurring Items' },
];

/** The section links, the current one marked for the eye and for screen readers. */
function SectionLinks({ pathname }: { pathname: string }) {
  return links.map((l) => {
    const current = pathname === l.to
      || (l.also?.some((prefix) => pathname.startsWith(prefix)) === true && !links.some((other) => other.to === pathname));
    return (
      <Link key={l.to} to={l.to} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
        {l.label}
      </Link>
    );
  });
}

/** The signed-in frame: a top bar with the hamburger menu. */
/** Moves keyboard focus past the navigation to the page's main content. */
function skipToContent(e: ClickEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const main = document.querySelector('main');
  if (!main) return;
  main.tabIndex = -1;
  main.focus();
}

export function Layout() {
  const [open, setOpen] = useState(false);
  const closePanel = useCallback(() => setOpen(false), []);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(open, closePanel, menuRef, menuButtonRef);

  const logout = async () => {
    // This device takes no more pushes for the member leaving it (while the session can still say whose it is).
    await stopPushOnThisDevice({ strict: false }).catch(() => undefined);
    // Revoke on the server, but sign out locally even if that call fails.
    await call(accounts.logout).catch(() => undefined);
    const userId = session.user()?.id;
    session.clear();
    // This device keeps nothing of a signed-out user: their stored lists and any change still waiting go.
    if (userId) await forgetOfflineCopy(userId);
    queryClient.clear();
    navigate(paths.auth);
  };

  return (
    <>
      <header className="topbar">
        {/* Inside the banner landmark: no content of the page sits outside a landmark (axe's region rule). */}
        <a href="#" className="skip-link" onClick={skipToContent}>Skip to content</a>
        <div className="inner" ref={menuRef}>
          <Link to={paths.newsfeed} className="brand">Hearth</Link>
          <nav className="sections" aria-label="Sections">
            <SectionLinks pathname={location.pathname} />
            <button type="button" className="link" onClick={logout}>Logout</button>
          </nav>
          <Bell />
          {/* An icon beside the bell: one more section link would wrap the top bar at 1280 px. */}
          <Link to={paths.account} className="account-link" aria-label="Account" title="Account"
            aria-current={location.pathname === paths.account ? 'page' : undefined}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </Link>
          <button ref={menuButtonRef} type="button" className="icon menu-button" aria-label="Menu" aria-expanded={open} onClick={() => setOpen(!open)}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
          {open && (
            <nav className="menu" aria-label="Main menu">
              <SectionLinks pathname={location.pathname} />
              <button type="button" onClick={logout}>Logout</button>
            </nav>
          )}
        </div>
      </header>
      <OfflineStatus />
      <Suspense fallback={<main className="page"><Loading /></main>}>
        <Outlet />
      </Suspense>
    </>
  );
}
