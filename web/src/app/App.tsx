import { useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AuthPage } from '../features/accounts/AuthPage.tsx';
import { RequestPasswordResetPage } from '../features/accounts/RequestPasswordResetPage.tsx';
import { ResetPasswordPage } from '../features/accounts/ResetPasswordPage.tsx';
import { VerifyEmailPage } from '../features/accounts/VerifyEmailPage.tsx';
import { FamilyPage } from '../features/family/FamilyPage.tsx';
import { ListPage } from '../features/grocery/ListPage.tsx';
import { ListsPage } from '../features/grocery/ListsPage.tsx';
import { RecurringItemsPage } from '../features/grocery/RecurringItemsPage.tsx';
import { MealDetailPage } from '../features/meals/MealDetailPage.tsx';
import { MealsPage } from '../features/meals/MealsPage.tsx';
import { SuperadminPage } from '../features/superadmin/SuperadminPage.tsx';
import { setUnauthorizedHandler } from '../shared/api/client.ts';
import { useLiveUpdates } from '../shared/live.ts';
import { session } from '../shared/session.ts';
import { Layout } from './Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { paths } from './paths.ts';
import { ProtectedRoute } from './ProtectedRoute.tsx';

export function App() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      queryClient.clear();
      navigate(paths.auth, { state: { message } });
    });
  }, [navigate, queryClient]);
  useLiveUpdates();

  return (
    <Routes>
      <Route element={<ProtectedRoute />}>
        <Route element={<Layout />}>
          <Route path={paths.family} element={<FamilyPage />} />
          <Route path={paths.lists} element={<ListsPage />} />
          <Route path="/list/:listId" element={<ListPage />} />
          <Route path={paths.recurringItems} element={<RecurringItemsPage />} />
          <Route path={paths.meals} element={<MealsPage />} />
          <Route path="/meals/:id" element={<MealDetailPage />} />
        </Route>
      </Route>
      <Route path={paths.auth} element={<AuthPage />} />
      <Route path={paths.register} element={<AuthPage />} />
      <Route path="/login" element={<Navigate to={paths.auth} replace />} />
      <Route path={paths.requestPasswordReset} element={<RequestPasswordResetPage />} />
      <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
      <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
      <Route path={paths.superadmin} element={<SuperadminPage />} />
      <Route element={session.token() ? <Layout /> : <Outlet />}>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
