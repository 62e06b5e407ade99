import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AuthPage } from '../features/accounts/AuthPage.tsx';
import { RequestPasswordResetPage } from '../features/accounts/RequestPasswordResetPage.tsx';
import { ResetPasswordPage } from '../features/accounts/ResetPasswordPage.tsx';
import { VerifyEmailPage } from '../features/accounts/VerifyEmailPage.tsx';
import { UnsubscribePage } from '../features/notifications/UnsubscribePage.tsx';
import { setUnauthorizedHandler } from '../shared/api/client.ts';
import { useLiveUpdates } from '../shared/live.ts';
import { session } from '../shared/session.ts';
import { Layout } from './Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { paths } from '../shared/paths.ts';
import { lazyPage } from './lazyPage.ts';
import { pageCode, usePrefetchOnNavigation } from './prefetch.ts';
import { ProtectedRoute } from './ProtectedRoute.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { Loading } from '../shared/ui/Status.tsx';

// Feature pages load on first visit, so the sign-in screen and the shell stay small on phones. Home too: its code
// and its data load together on the way there (prefetch.ts), so signing in costs no extra round trip.
const NewsfeedPage = lazyPage(pageCode.newsfeed, (m) => m.NewsfeedPage);
const FamilyPage = lazyPage(pageCode.family, (m) => m.FamilyPage);
const ListPage = lazyPage(pageCode.list, (m) => m.ListPage);
const ListsPage = lazyPage(pageCode.lists, (m) => m.ListsPage);
const RecurringItemsPage = lazyPage(pageCode.recurringItems, (m) => m.RecurringItemsPage);
const MealDetailPage = lazyPage(pageCode.meal, (m) => m.MealDetailPage);
const LocationsPage = lazyPage(pageCode.locations, (m) => m.LocationsPage);
const MealsPage = lazyPage(pageCode.meals, (m) => m.MealsPage);
const PlanPage = lazyPage(pageCode.mealPlan, (m) => m.PlanPage);
// FullCalendar comes with this page only.
const CalendarPage = lazyPage(pageCode.calendar, (m) => m.CalendarPage);
const AiMealPlannerPage = lazyPage(pageCode.aiMealPlanner, (m) => m.AiMealPlannerPage);
const SuperadminPage = lazyPage(pageCode.superadmin, (m) => m.SuperadminPage);
const PreferencesPage = lazyPage(pageCode.notificationSettings, (m) => m.PreferencesPage);
const TodoListsPage = lazyPage(pageCode.todoLists, (m) => m.TodoListsPage);
const TodoListPage = lazyPage(pageCode.todoList, (m) => m.TodoListPage);
const MyTasksPage = lazyPage(pageCode.tasksView, (m) => m.MyTasksPage);
const EveryonesTasksPage = lazyPage(pageCode.tasksView, (m) => m.EveryonesTasksPage);
const ChoreChartPage = lazyPage(pageCode.choreChart, (m) => m.ChoreChartPage);
const RewardsPage = lazyPage(pageCode.rewards, (m) => m.RewardsPage);
const AccountPage = lazyPage(pageCode.account, (m) => m.AccountPage);

/**
 * Follows the family's live changes. A component of its own: the hook reads /api/me's query, and in App every
 * change of that query rendered the routes again, each time matching the URL against every route anew (nearly
 * twice the routes' time in a list's load, docs/performance.md).
 */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

export function App() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      queryClient.clear();
      // Already at /auth when the refusal came before the first render, as the protected page sent the visitor there.
      navigate(paths.auth, { state: { message }, replace: window.location.pathname === paths.auth });
    });
  }, [navigate, queryClient]);
  usePrefetchOnNavigation();

  return (
    <>
      <LiveUpdates />
      <Suspense fallback={<main className="page"><Loading /></main>}>
        <UpdatePrompt />
        <Routes>
          <Route element={<ProtectedRoute />}>
            <Route element={<Layout />}>
              <Route path={paths.newsfeed} element={<NewsfeedPage />} />
              <Route path={paths.family} element={<FamilyPage />} />
              <Route path={paths.lists} element={<ListsPage />} />
              <Route path="/list/:listId" element={<ListPage />} />
              <Route path={paths.todoLists} element={<TodoListsPage />} />
              <Route path="/todos/list/:listId" element={<TodoListPage />} />
              <Route path={paths.myTasks} element={<MyTasksPage />} />
              <Route path={paths.everyonesTasks} element={<EveryonesTasksPage />} />
              <Route path={paths.choreChart} element={<ChoreChartPage />} />
              <Route path={paths.rewards} element={<RewardsPage />} />
              <Route path={paths.recurringItems} element={<RecurringItemsPage />} />
              <Route path={paths.meals} element={<MealsPage />} />
              <Route path={paths.mealPlan} element={<PlanPage />} />
              <Route path="/meals/:id" element={<MealDetailPage />} />
              <Route path={paths.calendar} element={<CalendarPage />} />
              <Route path={paths.locations} element={<LocationsPage />} />
              <Route path={paths.aiMealPlanner} element={<AiMealPlannerPage />} />
              <Route path={paths.notificationSettings} element={<PreferencesPage />} />
              <Route path={paths.account} element={<AccountPage />} />
            </Route>
          </Route>
          <Route path={paths.auth} element={<AuthPage />} />
          <Route path={paths.register} element={<AuthPage />} />
          <Route path="/login" element={<Navigate to={paths.auth} replace />} />
          <Route path={paths.requestPasswordReset} element={<RequestPasswordResetPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
          <Route path={paths.superadmin} element={<SuperadminPage />} />
          <Route element={session.token() ? <Layout /> : <Outlet />}>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}
