import { useState } from 'react';
import * as api from '@hearth/contract/superadmin';
import { superadminMessages } from './texts.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { adminCall } from './credentials.ts';
import { formatDate } from './format.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';

export function PendingUsers({ users, onChanged }: { users: api.AdminUser[]; onChanged: () => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (ids: string[], action: 'approve' | 'reject') => {
    if (ids.length === 0) return setError(superadminMessages.selectUsers);
    const message = `Reject ${ids.length === 1 ? 'this user' : `${ids.length} users`}?`;
    if (action === 'reject' && !(await confirm({ title: 'Reject', message, confirmLabel: 'Reject' }))) return;
    setBusy(true);
    setError(null);
    const endpoint = action === 'approve' ? api.approveUser : api.rejectUser;
    const results = await Promise.allSettled(ids.map((id) => adminCall(endpoint, { params: { id } })));
    if (results.some((r) => r.status === 'rejected')) {
      setError(action === 'approve' ? superadminMessages.approveFailed : superadminMessages.rejectFailed);
    }
    setSelected(new Set());
    setBusy(false);
    onChanged();
  };

  if (users.length === 0) return <Notice>No users are waiting for approval.</Notice>;
  const all = selected.size === users.length;
  return (
    <section className="stack">
      {confirmDialog}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <div className="row">
        <label className="inline">
          <input type="checkbox" checked={all} onChange={() => setSelected(all ? new Set() : new Set(users.map((u) => u.id)))} />
          Select all
        </label>
        <button type="button" disabled={busy} onClick={() => void act([...selected], 'approve')}>Approve Selected ({selected.size})</button>
        <button type="button" className="danger" disabled={busy} onClick={() => void act([...selected], 'reject')}>Reject Selected ({selected.size})</button>
      </div>
      <div className="table-wrap">
        <table>
          <thead><tr><th /><th>Name</th><th>Email</th><th>Verified</th><th>Registered</th><th>Actions</th></tr></thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>
                  <input type="checkbox" aria-label={`Select ${u.email}`} checked={selected.has(u.id)} onChange={() => {
                    const next = new Set(selected);
                    if (next.has(u.id)) next.delete(u.id); else next.add(u.id);
                    setSelected(next);
                  }} />
                </td>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>{u.emailVerified ? 'Yes' : 'No'}</td>
                <td>{formatDate(u.createdAt)}</td>
                <td className="row">
                  <button type="button" disabled={busy} onClick={() => void act([u.id], 'approve')}>Approve</button>
                  <button type="button" className="danger" disabled={busy} onClick={() => void act([u.id], 'reject')}>Reject</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
