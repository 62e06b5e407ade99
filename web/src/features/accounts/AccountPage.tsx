import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/accounts';
import { ApiError, call } from '../../shared/api/client.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { forgetOfflineCopy } from '../../shared/offline/persistence.tsx';
import { paths } from '../../shared/paths.ts';
import { session } from '../../shared/session.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { ImportFamilyData } from '../../shared/ImportFamilyData.tsx';
import { accountTexts as t } from './texts.ts';

interface Fields {
  password: string;
  code: string;
  removeFromFamily: boolean;
}

/** The form in the "Delete my account" dialog: the password, or a code mailed on request, given again. */
function DeleteAccountForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [byCode, setByCode] = useState(false);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Fields>({
    defaultValues: { password: '', code: '', removeFromFamily: false },
  });

  const askForCode = async () => {
    setByCode(true);
    try {
      setCodeNote((await call(api.requestCode, { body: { email } })).message);
    } catch (error) {
      failSubmit(setError, error instanceof ApiError ? error.message : t.networkError);
    }
  };

  const submit = async (values: Fields) => {
    const proof = byCode ? { code: values.code } : { password: values.password };
    try {
      const { message } = await call(api.deleteAccount, { body: { ...proof, removeFromFamily: values.removeFromFamily } });
      const userId = session.user()?.id;
      session.clear();
      // The device keeps nothing of a deleted account, as after signing out.
      if (userId) await forgetOfflineCopy(userId);
      queryClient.clear();
      navigate(paths.auth, { state: { message }, replace: true });
    } catch (error) {
      failSubmit(setError, error instanceof ApiError ? error.message : t.networkError);
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
      <p>{t.deleteWarning}</p>
      {byCode ? (
        <label>
          {t.codeLabel}
          <input {...register('code', { required: t.codeRequired })} inputMode="numeric" autoComplete="one-time-code"
            aria-invalid={invalidIf(errors.code)} data-autofocus />
          <FieldError error={errors.code} />
          {codeNote && <span className="muted">{codeNote}</span>}
        </label>
      ) : (
        <label>
          {t.passwordLabel}
          <input type="password" {...register('password', { required: t.passwordRequired })} autoComplete="current-password"
            aria-invalid={invalidIf(errors.password)} data-autofocus />
          <FieldError error={errors.password} />
        </label>
      )}
      {!byCode && <button type="button" className="link" onClick={askForCode}>{t.useCode}</button>}
      <label className="inline">
        <input type="checkbox" {...register('removeFromFamily')} />
        {t.removeFromFamily}
      </label>
      <SubmitError errors={errors} />
      <div className="row confirm-actions">
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
        <button type="submit" className="danger" disabled={isSubmitting}>{t.deleteAccount}</button>
      </div>
    </form>
  );
}

/** The signed-in account: who it is, and deleting it (issue 53). */
export function AccountPage() {
  useTitle(t.title);
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!me.data) return <main className="page"><Loading /></main>;
  return (
    <main className="page stack">
      <h1>{t.title}</h1>
      <section className="card stack" aria-label={t.title}>
        <p><strong>{me.data.name}</strong></p>
        <p className="muted">{me.data.email}</p>
      </section>
      {!me.data.familyId && <ImportFamilyData />}
      <section className="card stack" aria-labelledby="delete-account-heading">
        <h2 id="delete-account-heading">{t.deleteAccount}</h2>
        <p>{t.deleteExplained}</p>
        <div className="row">
          <button type="button" className="danger" onClick={() => setOpen(true)}>{t.deleteAccountOpen}</button>
        </div>
      </section>
      <Modal title={t.deleteAccount} open={open} onClose={() => setOpen(false)}>
        <DeleteAccountForm email={me.data.email} onCancel={() => setOpen(false)} />
      </Modal>
    </main>
  );
}
