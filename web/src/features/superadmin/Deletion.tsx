import { useForm } from 'react-hook-form';
import * as api from '@hearth/contract/superadmin';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { adminCall } from './credentials.ts';
import { deletionTexts as t } from './texts.ts';

type Typed = { typed: string; removeFromFamily: boolean };

/**
 * A deletion confirmed by typing `expected` exactly (the server checks it too): the button waits for the match, the
 * server's reason (a sole admin, a mismatch) is shown in the dialog.
 */
function TypedConfirmDialog({ title, explained, typeLabel, expected, mismatch, confirmLabel, failed, withRemove, send, onClose, onDone }: {
  title: string; explained: string; typeLabel: string; expected: string; mismatch: string; confirmLabel: string;
  failed: string; withRemove: boolean; send: (typed: Typed) => Promise<{ message: string }>; onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { register, handleSubmit, setError, watch, formState: { errors, isSubmitting } } = useForm<Typed>({
    defaultValues: { typed: '', removeFromFamily: false },
  });
  const submit = async (typed: Typed) => {
    try {
      onDone((await send(typed)).message);
      onClose();
    } catch (error) {
      failSubmit(setError, error instanceof Error && error.message ? error.message : failed);
    }
  };
  return (
    <Modal title={title} open onClose={onClose}>
      <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
        <p>{explained}</p>
        <label>
          {typeLabel}
          <input {...register('typed', { validate: (v) => v === expected || mismatch })} autoComplete="off"
            aria-invalid={invalidIf(errors.typed)} data-autofocus />
          <FieldError error={errors.typed} />
        </label>
        {withRemove && <label className="row"><input type="checkbox" {...register('removeFromFamily')} />{t.removeFromFamily}</label>}
        <SubmitError errors={errors} />
        <div className="row confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="danger" disabled={isSubmitting || watch('typed') !== expected}>
            {isSubmitting ? t.deleting : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Delete family": the family's name typed, as its admin confirms. */
export function DeleteFamilyDialog({ family, onClose, onDone }: {
  family: api.AdminFamily; onClose: () => void; onDone: (message: string) => void;
}) {
  return (
    <TypedConfirmDialog title={t.familyTitle(family.name)} explained={t.familyExplained(family.memberCount)}
      typeLabel={t.typeName(family.name)} expected={family.name} mismatch={t.nameMismatch} confirmLabel={t.familyConfirm}
      failed={t.familyFailed} withRemove={false} onClose={onClose} onDone={onDone}
      send={({ typed }) => adminCall(api.deleteFamily, { params: { id: family.id }, body: { name: typed } })} />
  );
}

/** "Delete account": the account's email typed (the super admin knows no password), and whether its member goes too. */
export function DeleteAccountDialog({ user, onClose, onDone }: {
  user: api.AdminUser; onClose: () => void; onDone: (message: string) => void;
}) {
  return (
    <TypedConfirmDialog title={t.accountTitle(user.email)} explained={t.accountExplained} typeLabel={t.typeEmail(user.email)}
      expected={user.email} mismatch={t.emailMismatch} confirmLabel={t.accountConfirm} failed={t.accountFailed}
      withRemove={user.familyId !== null} onClose={onClose} onDone={onDone}
      send={({ typed, removeFromFamily }) => adminCall(api.deleteUser, { params: { id: user.id }, body: { email: typed, removeFromFamily } })} />
  );
}
