import { useState, type FormEvent } from 'react';
import * as api from '@hearth/contract/superadmin';
import { superadminMessages } from './texts.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { adminCall } from './credentials.ts';
import { formatDate } from './format.ts';

export function Families({ families, onChanged }: { families: api.AdminFamily[]; onChanged: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(superadminMessages.familyNameRequired);
    setBusy(true);
    setError(null);
    try {
      await adminCall(api.createFamily, { body: { name, description: description || null } });
      setName('');
      setDescription('');
      onChanged();
    } catch {
      setError(superadminMessages.createFamilyFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack">
      <form className="card stack" onSubmit={submit} aria-label="Create family">
        <h2>Create Family</h2>
        <ErrorBanner message={error} onDismiss={() => setError(null)} />
        <label>Family name<input value={name} onChange={(e) => setName(e.target.value)} /></label>
        <label>Description<input value={description} onChange={(e) => setDescription(e.target.value)} /></label>
        <button type="submit" disabled={busy}>Create Family</button>
      </form>
      {families.length === 0 ? <Notice>No families yet.</Notice> : (
        <div className="table-wrap">
          <table>
            <thead><tr><th>Name</th><th>ID</th><th>Members</th><th>Description</th><th>Created</th></tr></thead>
            <tbody>
              {families.map((f) => (
                <tr key={f.id}>
                  <td>
                    {f.name}
                    {f.memberCount > 0 && f.verifiedMemberCount === 0 && (
                      <> <span className="badge" title="No member has verified their email yet">Unverified</span></>
                    )}
                  </td>
                  <td><code className="small">{f.id}</code></td>
                  <td>{f.memberCount}</td>
                  <td>{f.description ?? ''}</td>
                  <td>{formatDate(f.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
