import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/superadmin';
import { superadminMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { failSubmit, submitErrorOf } from '../../shared/form.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { AllUsers } from './AllUsers.tsx';
import { Families } from './Families.tsx';
import { PendingUsers } from './PendingUsers.tsx';
import { adminCall, credentials } from './credentials.ts';
import { useTitle } from '../../shared/useTitle.ts';
import './superadmin.css';

export const adminKeys = { users: ['superadmin', 'users'], pending: ['superadmin', 'pending'], families: ['superadmin', 'families'] };

type Tab = 'pending' | 'users' | 'families';

/** /superadmin: its own basic-auth login, then the three tabs. Not behind the member wrapper. */
export function SuperadminPage() {
  useTitle('Super admin');
  const [signedIn, setSignedIn] = useState(credentials.get() !== null);
  const [authError, setAuthError] = useState<string | null>(null);
  const signOut = (message: string | null) => {
    credentials.clear();
    setSignedIn(false);
    setAuthError(message);
  };
  return signedIn
    ? <Dashboard onAuthFailed={() => signOut(superadminMessages.authFailed)} />
    : <SuperadminLogin initialError={authError} onSignedIn={() => setSignedIn(true)} />;
}

function SuperadminLogin({ initialError, onSignedIn }: { initialError: string | null; onSignedIn: () => void }) {
  const { register, handleSubmit, setError, formState: { errors, isSubmitting, isSubmitted } } = useForm({
    defaultValues: { username: '', password: '' },
  });

  const submit = async ({ username, password }: { username: string; password: string }) => {
    credentials.set(username, password);
    try {
      await adminCall(api.listUsers);
      onSignedIn();
    } catch {
      credentials.clear();
      failSubmit(setError, superadminMessages.loginFailed);
    }
  };

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={handleSubmit(submit)} aria-label="Super admin login">
        <h1>Super Admin</h1>
        {/* Why the dashboard sent us here, until the next try. */}
        <ErrorBanner message={submitErrorOf(errors) ?? (isSubmitted ? null : initialError)} />
        <label>Username<input autoComplete="username" required {...register('username')} /></label>
        <label>Password<input type="password" autoComplete="current-password" required {...register('password')} /></label>
        <button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Signing in...' : 'Login'}</button>
      </form>
    </main>
  );
}

function Dashboard({ onAuthFailed }: { onAuthFailed: () => void }) {
  const [tab, setTab] = useState<Tab>('pending');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const guard = async <T,>(load: () => Promise<T>): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onAuthFailed();
      throw error;
    }
  };
  const pending = useQuery({ queryKey: adminKeys.pending, queryFn: () => guard(() => adminCall(api.listPendingUsers)) });
  const users = useQuery({ queryKey: adminKeys.users, queryFn: () => guard(() => adminCall(api.listUsers)) });
  const families = useQuery({ queryKey: adminKeys.families, queryFn: () => guard(() => adminCall(api.listFamilies)) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['superadmin'] });

  const loading = pending.isPending || users.isPending || families.isPending;
  const failed = pending.isError || users.isError || families.isError;

  return (
    <main className="page stack console">
      <div className="spread">
        <h1>Super Admin Dashboard</h1>
        <div className="row">
          <button type="button" className="secondary" onClick={() => navigate(paths.newsfeed)}>Home</button>
          <button type="button" className="link" onClick={() => { credentials.clear(); window.location.reload(); }}>Sign out</button>
        </div>
      </div>
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'pending'} onClick={() => setTab('pending')}>
          Pending Users{pending.data ? ` (${pending.data.length})` : ''}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'users'} onClick={() => setTab('users')}>All Users</button>
        <button type="button" role="tab" aria-selected={tab === 'families'} onClick={() => setTab('families')}>Families</button>
      </div>
      {loading && <Loading />}
      {failed && <ErrorBanner message={superadminMessages.loadFailed} />}
      {!loading && !failed && tab === 'pending' && <PendingUsers users={pending.data!} onChanged={refresh} />}
      {!loading && !failed && tab === 'users' && <AllUsers users={users.data!} families={families.data!} onChanged={refresh} />}
      {!loading && !failed && tab === 'families' && <Families families={families.data!} onChanged={refresh} />}
    </main>
  );
}
