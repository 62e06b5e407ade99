import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { session } from '../shared/session.ts';
import { currentUserQuery } from '../shared/useCurrentUser.ts';
import { paths } from '../shared/paths.ts';
import { remembered } from './lazyPage.ts';

/** Each lazy page's code: App.tsx renders these, and navigation starts loading them early. */
export const pageCode = {
  newsfeed: remembered(() => import('../features/dashboard/NewsfeedPage.tsx')),
  family: remembered(() => import('../features/family/FamilyPage.tsx')),
  list: remembered(() => import('../features/grocery/ListPage.tsx')),
  lists: remembered(() => import('../features/grocery/ListsPage.tsx')),
  recurringItems: remembered(() => import('../features/grocery/RecurringItemsPage.tsx')),
  meal: remembered(() => import('../features/meals/MealDetailPage.tsx')),
  meals: remembered(() => import('../features/meals/MealsPage.tsx')),
  mealPlan: remembered(() => import('../features/calendar/plan/PlanPage.tsx')),
  locations: remembered(() => import('../features/locations/LocationsPage.tsx')),
  calendar: remembered(() => import('../features/calendar/CalendarPage.tsx')),
  aiMealPlanner: remembered(() => import('../features/ai-planner/AiMealPlannerPage.tsx')),
  superadmin: remembered(() => import('../features/superadmin/SuperadminPage.tsx')),
  notificationSettings: remembered(() => import('../features/notifications/PreferencesPage.tsx')),
  todoLists: remembered(() => import('../features/todos/TodoListsPage.tsx')),
  todoList: remembered(() => import('../features/todos/TodoListPage.tsx')),
  tasksView: remembered(() => import('../features/todos/TasksViewPage.tsx')),
  choreChart: remembered(() => import('../features/todos/ChoreChartPage.tsx')),
  rewards: remembered(() => import('../features/todos/RewardsPage.tsx')),
  account: remembered(() => import('../features/accounts/AccountPage.tsx')),
};

type Params = Record<string, string | undefined>;
/** What a page reads first, asked for while its code downloads; the family comes from the stored session user. */
type Data = (queryClient: QueryClient, params: Params, familyId: string) => Promise<unknown>;

interface RouteLoad {
  path: string;
  code?: () => Promise<unknown>;
  data?: Data;
  /** Shown without a session (the super-admin console signs in on its own page); a member's page redirects to /auth. */
  open?: true;
}

const grocery = () => import('../features/grocery/queries.ts');
const meals = () => import('../features/meals/queries.ts');
const family = () => import('../features/family/queries.ts');
const dashboard = () => import('../features/dashboard/queries.ts');
const todos = () => import('../features/todos/queries.ts');

/** The routes of App.tsx that load something: the page's chunk, the queries its first screen shows, or both. */
const routeLoads: RouteLoad[] = [
  { path: paths.newsfeed, code: pageCode.newsfeed, data: async (qc) => qc.prefetchQuery((await dashboard()).newsfeedQuery) },
  {
    path: paths.list(':listId'), code: pageCode.list,
    data: async (qc, { listId = '' }, familyId) => {
      const q = await grocery();
      return Promise.all([
        qc.prefetchQuery(q.itemsQuery(listId)), qc.prefetchQuery(q.listsQuery(familyId)), qc.prefetchQuery(q.aisleOrderQuery(familyId)),
      ]);
    },
  },
  {
    path: paths.lists, code: pageCode.lists,
    data: async (qc, _, familyId) => {
      const [q, f] = await Promise.all([grocery(), family()]);
      return Promise.all([qc.prefetchQuery(q.listsQuery(familyId)), qc.prefetchQuery(f.membersQuery)]);
    },
  },
  {
    path: paths.family, code: pageCode.family,
    data: async (qc) => {
      const f = await family();
      return Promise.all([qc.prefetchQuery(f.membersQuery), qc.prefetchQuery(f.settingsQuery)]);
    },
  },
  { path: paths.meals, code: pageCode.meals, data: async (qc, _, familyId) => qc.prefetchQuery((await meals()).mealsQuery(familyId)) },
  { path: paths.meal(':id'), code: pageCode.meal, data: async (qc, { id = '' }) => qc.prefetchQuery((await meals()).mealQuery(id)) },
  { path: paths.todoLists, code: pageCode.todoLists, data: async (qc) => qc.prefetchQuery((await todos()).todoListsQuery) },
  {
    path: paths.todoList(':listId'), code: pageCode.todoList,
    data: async (qc, { listId = '' }) => {
      const q = await todos();
      return Promise.all([qc.prefetchQuery(q.listTasksQuery(listId)), qc.prefetchQuery(q.todoListsQuery)]);
    },
  },
  { path: paths.myTasks, code: pageCode.tasksView },
  { path: paths.everyonesTasks, code: pageCode.tasksView },
  { path: paths.choreChart, code: pageCode.choreChart, data: async (qc) => qc.prefetchQuery((await todos()).choreChartQuery(null)) },
  { path: paths.rewards, code: pageCode.rewards, data: async (qc) => qc.prefetchQuery((await todos()).rewardsQuery) },
  { path: paths.recurringItems, code: pageCode.recurringItems },
  { path: paths.locations, code: pageCode.locations },
  { path: paths.calendar, code: pageCode.calendar },
  { path: paths.aiMealPlanner, code: pageCode.aiMealPlanner },
  { path: paths.superadmin, code: pageCode.superadmin, open: true },
  { path: paths.account, code: pageCode.account },
];

/**
 * Starts loading, for a signed-in member, /api/me and a page's data and, a task later, its code, instead of the data
 * waiting for the code (and, behind the protected route, for /api/me). Failures are left to the page, which asks
 * again.
 */
export function prefetchRoute(queryClient: QueryClient, pathname: string): void {
  for (const route of routeLoads) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    if (!route.open && !session.token()) return;
    // A member's page shows once /api/me has answered: asked for now, not once the stored copy has been read.
    if (!route.open) void queryClient.prefetchQuery(currentUserQuery);
    const familyId = session.token() ? session.user()?.familyId : null;
    if (route.data && familyId) void route.data(queryClient, match.params, familyId).catch(() => undefined);
    // The code in a task of its own: asking for a chunk adds a preload link per module it imports, which made this
    // one long task on a slow phone (docs/performance.md).
    const { code } = route;
    if (code) setTimeout(() => void code().catch(() => undefined));
    return;
  }
}

/** The page the app was opened at, prefetched as the bundle runs (`prefetchOpenedPage`); the first render leaves it. */
let opened: string | null = null;

/**
 * The opened page's /api/me, data and code, asked for as soon as the bundle has run, while the stored copy is read
 * and the first render is made (in slices, a few hundred ms at a 4x slower CPU). In a task of its own: asking for a
 * chunk adds a preload link per module it imports, a third to a half of the bundle's first task.
 */
export function prefetchOpenedPage(queryClient: QueryClient): void {
  const pathname = (opened = window.location.pathname);
  setTimeout(() => prefetchRoute(queryClient, pathname));
}

/** Pointing at, touching or tabbing to a link is the earliest sign of where the member goes next. */
const intentEvents = ['mouseover', 'touchstart', 'focusin'] as const;

/** Prefetches each page the app goes to, from the first paint on, and the page behind a link about to be followed. */
export function usePrefetchOnNavigation(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // During render, not in an effect: router navigations are transitions, which commit only once the page's lazy
  // code has arrived, so an effect would start the data after the code. Prefetching is idempotent, as in
  // TanStack's usePrefetchQuery. The page opened was asked for already.
  const prefetched = useRef<string | null>(opened);
  if (prefetched.current !== pathname) {
    prefetched.current = pathname;
    prefetchRoute(queryClient, pathname);
  }
  useEffect(() => {
    const ahead = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) prefetchRoute(queryClient, link.pathname);
    };
    for (const type of intentEvents) document.addEventListener(type, ahead, { passive: true });
    return () => {
      for (const type of intentEvents) document.removeEventListener(type, ahead);
    };
  }, [queryClient]);
}
