import { useForm } from 'react-hook-form';
import * as api from '@hearth/contract/superadmin';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { adminCall } from './credentials.ts';
import { deletionTexts as t } from './texts.ts';

/** The server's reason (a sole admin, a name typed wrong), else the console's own. */
const reasonOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** "Delete family": the family's name typed exactly, as the server checks it and as its admin confirms. */
export function DeleteFamilyDialog({ family, onClose, onDone }: { family: api.AdminFamily; onClose: () => void; onDone: (message: string) => void }) {
  const { register, handleSubmit, setError, watch, formState: { errors, isSubmitting } } = useForm<{ name: string }>({
    defaultValues: { name: '' },
  });
  const submit = async ({ name }: { name: string }) => {
    try {
      onDone((await adminCall(api.deleteFamily, { params: { id: family.id }, body: { name } })).message);
      onClose();
    } catch (error) {
      failSubmit(setError, reasonOf(error, t.familyFailed));
    }
  };
  return (
    <Modal title={t.familyTitle(family.name)} open onClose={onClose}>
      <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
        <p>{t.familyExplained(family.memberCount)}</p>
        <label>
          {t.typeName(family.name)}
          <input {...register('name', { validate: (v) => v === family.name || t.nameMismatch })} autoComplete="off"
            aria-invalid={invalidIf(errors.name)} data-autofocus />
          <FieldError error={errors.name} />
        </label>
        <SubmitError errors={errors} />
        <div className="row confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="danger" disabled={isSubmitting || watch('name') !== family.name}>
            {isSubmitting ? t.deleting : t.familyConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Delete account": the account's email typed exactly (the server's check), and whether its member goes too. */
export function DeleteAccountDialog({ user, onClose, onDone }: { user: api.AdminUser; onClose: () => void; onDone: (message: string) => void }) {
  const { register, handleSubmit, setError, watch, formState: { errors, isSubmitting } } = useForm({
    defaultValues: { email: '', removeFromFamily: false },
  });
  const submit = async ({ email, removeFromFamily }: { email: string; removeFromFamily: boolean }) => {
    try {
      onDone((await adminCall(api.deleteUser, { params: { id: user.id }, body: { email, removeFromFamily } })).message);
      onClose();
    } catch (error) {
      failSubmit(setError, reasonOf(error, t.accountFailed));
    }
  };
  return (
    <Modal title={t.accountTitle(user.email)} open onClose={onClose}>
      <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
        <p>{t.accountExplained}</p>
        <label>
          {t.typeEmail(user.email)}
          <input {...register('email', { validate: (v) => v === user.email || t.emailMismatch })} autoComplete="off"
            aria-invalid={invalidIf(errors.email)} data-autofocus />
          <FieldError error={errors.email} />
        </label>
        {user.familyId && (
          <label className="row"><input type="checkbox" {...register('removeFromFamily')} />{t.removeFromFamily}</label>
        )}
        <SubmitError errors={errors} />
        <div className="row confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="danger" disabled={isSubmitting || watch('email') !== user.email}>
            {isSubmitting ? t.deleting : t.accountConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
