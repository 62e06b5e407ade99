import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import * as api from '@hearth/contract/superadmin';
import { deletionTexts, superadminMessages } from './texts.ts';
import { DeleteFamilyDialog } from './Deletion.tsx';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { Notice } from '../../shared/ui/Status.tsx';
import { adminCall } from './credentials.ts';
import { formatDate } from './format.ts';

const Fields = api.NewFamily;

export function Families({ families, onChanged }: { families: api.AdminFamily[]; onChanged: () => void }) {
  const { register, handleSubmit, reset, setError, clearErrors, formState: { errors, isSubmitting } } = useForm<
    z.input<typeof Fields>, unknown, z.output<typeof Fields>
  >({ resolver: zodResolver(Fields), defaultValues: { name: '', description: '' } });
  const [deleting, setDeleting] = useState<api.AdminFamily | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);

  const submit = async ({ name, description }: z.output<typeof Fields>) => {
    try {
      await adminCall(api.createFamily, { body: { name, description: description || null } });
      reset();
      onChanged();
    } catch {
      failSubmit(setError, superadminMessages.createFamilyFailed);
    }
  };

  return (
    <section className="stack">
      <form className="card stack" onSubmit={handleSubmit(submit)} noValidate aria-label="Create family">
        <h2>Create Family</h2>
        <SubmitError errors={errors} onDismiss={() => clearErrors('root')} />
        <label>
          Family name
          <input {...register('name')} aria-invalid={invalidIf(errors.name)} />
          <FieldError error={errors.name} />
        </label>
        <label>
          Description
          <input {...register('description')} aria-invalid={invalidIf(errors.description)} />
          <FieldError error={errors.description} />
        </label>
        <button type="submit" disabled={isSubmitting}>Create Family</button>
      </form>
      {deleted && <Notice kind="success">{deleted}</Notice>}
      {families.length === 0 ? <Notice>No families yet.</Notice> : (
        <div className="table-wrap">
          <table>
            <thead><tr><th>Name</th><th>ID</th><th>Members</th><th>Description</th><th>Created</th><th>Actions</th></tr></thead>
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
                  <td className="nowrap">{formatDate(f.createdAt)}</td>
                  <td>
                    <button type="button" className="danger" aria-label={`${deletionTexts.deleteFamily} ${f.name}`}
                      onClick={() => { setDeleted(null); setDeleting(f); }}>{deletionTexts.deleteFamily}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <DeleteFamilyDialog family={deleting} onClose={() => setDeleting(null)} onDone={(message) => { setDeleted(message); onChanged(); }} />
      )}
    </section>
  );
}
