import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../shared/api/client.ts';
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

  return (
    <Routes>
      <Route element={<ProtectedRoute />}>
        <Route element={<Layout />}>
        </Route>
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
