import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import * as api from '@hearth/contract/superadmin';
import { deletionTexts, superadminMessages } from './texts.ts';
import { DeleteAccountDialog } from './Deletion.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { ApiError } from '../../shared/api/client.ts';
import { FieldError, failField, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { adminCall } from './credentials.ts';
import { formatDate } from './format.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';

type Dialog = { kind: 'password' | 'family' | 'delete'; user: api.AdminUser } | null;

export function AllUsers({ users, families, onChanged }: {
  users: api.AdminUser[]; families: api.AdminFamily[]; onChanged: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const familyName = (id: string | null) => families.find((f) => f.id === id)?.name ?? (id ? id.slice(0, 8) : '—');

  const setStatus = async (user: api.AdminUser, status: api.AccountStatus) => {
    if (status === 'REJECTED' && !(await confirm({ title: 'Reject user', message: `Reject ${user.email}?`, confirmLabel: 'Reject' }))) {
      return;
    }
    setError(null);
    try {
      await adminCall(api.setUserStatus, { params: { id: user.id }, body: { status } });
      onChanged();
    } catch {
      setError(superadminMessages.statusFailed);
    }
  };

  return (
    <section className="stack">
      {confirmDialog}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {deleted && <Notice kind="success">{deleted}</Notice>}
      <div className="table-wrap">
        <table>
          <thead><tr><th>Name</th><th>Email</th><th>Status</th><th>Family</th><th>Last login</th><th>Actions</th></tr></thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>
                  <select className="status-select" aria-label={`Status of ${u.email}`} value={u.status}
                    onChange={(e) => void setStatus(u, e.target.value as api.AccountStatus)}>
                    {api.AccountStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
                  </select>
                </td>
                <td>{familyName(u.familyId)}</td>
                <td className="nowrap">{formatDate(u.lastLogin)}</td>
                <td className="row">
                  <button type="button" className="secondary" onClick={() => setDialog({ kind: 'family', user: u })}>Assign Family</button>
                  <button type="button" className="secondary" onClick={() => setDialog({ kind: 'password', user: u })}>Reset Password</button>
                  <button type="button" className="danger" aria-label={`${deletionTexts.deleteAccount} ${u.email}`}
                    onClick={() => { setDeleted(null); setDialog({ kind: 'delete', user: u }); }}>{deletionTexts.deleteAccount}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog?.kind === 'password' && (
        <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAccountDialog user={dialog.user} onClose={() => setDialog(null)} onDone={(message) => { setDeleted(message); onChanged(); }} />
      )}
      {dialog?.kind === 'family' && (
        <AssignFamilyDialog user={dialog.user} families={families} onClose={() => setDialog(null)} onDone={onChanged} />
      )}
    </section>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: api.AdminUser; onClose: () => void }) {
  const [done, setDone] = useState(false);
  const { register, handleSubmit, setError, clearErrors, formState: { errors, isSubmitting } } = useForm({
    defaultValues: { newPassword: '' },
  });
  const submit = async ({ newPassword }: { newPassword: string }) => {
    if (!newPassword.trim()) return failSubmit(setError, superadminMessages.resetFailed);
    try {
      await adminCall(api.resetUserPassword, { params: { id: user.id }, body: { newPassword } });
      setDone(true);
      clearErrors('root');
    } catch (err) {
      failSubmit(setError, superadminMessages.resetFailed);
      if (err instanceof ApiError && err.errors.length > 0) failField(setError, 'newPassword', err.errors);
    }
  };
  return (
    <Modal title={`Reset password for ${user.email}`} open onClose={onClose}>
      <form className="stack" onSubmit={handleSubmit(submit)}>
        <SubmitError errors={errors} />
        {done ? <p>The password was reset and the user was signed out everywhere.</p> : (
          <label>
            New password
            <input type="password" autoComplete="new-password" {...register('newPassword')} aria-invalid={invalidIf(errors.newPassword)} />
            <FieldError error={errors.newPassword} />
          </label>
        )}
        <div className="row">
          {!done && <button type="submit" disabled={isSubmitting}>Reset Password</button>}
          <button type="button" className="secondary" onClick={onClose}>{done ? 'Close' : 'Cancel'}</button>
        </div>
      </form>
    </Modal>
  );
}

const FamilyChoice = z.object({ familyId: z.string().trim().min(1, superadminMessages.familyIdRequired) });
type FamilyChoice = z.infer<typeof FamilyChoice>;

function AssignFamilyDialog({ user, families, onClose, onDone }: {
  user: api.AdminUser; families: api.AdminFamily[]; onClose: () => void; onDone: () => void;
}) {
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<FamilyChoice>({
    resolver: zodResolver(FamilyChoice), defaultValues: { familyId: '' },
  });
  const submit = async ({ familyId }: FamilyChoice) => {
    try {
      await adminCall(api.assignUserToFamily, { params: { id: user.id, familyId } });
      onDone();
      onClose();
    } catch (err) {
      const reason = err instanceof Error && err.message ? `: ${err.message}` : '';
      failSubmit(setError, `${superadminMessages.assignFailed}${reason}`);
    }
  };
  return (
    <Modal title={`Assign ${user.email} to a family`} open onClose={onClose}>
      <form className="stack" onSubmit={handleSubmit(submit)} noValidate>
        <SubmitError errors={errors} />
        <label>Family ID
          <input list="family-ids" placeholder="Paste or pick a family ID" {...register('familyId')}
            aria-invalid={invalidIf(errors.familyId)} />
          <datalist id="family-ids">
            {families.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </datalist>
          <FieldError error={errors.familyId} />
        </label>
        <div className="row">
          <button type="submit" disabled={isSubmitting}>Assign</button>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
        </div>
      </form>
    </Modal>
  );
}
