import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { paths } from '../../shared/paths.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { reasonOf, useDeleteFamily } from './queries.ts';
import { deleteFamilyTexts as t } from './texts.ts';

/** The admin's "Delete the family" card and its dialog: the family's name typed exactly, as the server checks it. */
export function DeleteFamily({ familyName }: { familyName: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteFamily();
  const { register, handleSubmit, setError, watch, reset, formState: { errors, isSubmitting } } = useForm<{ name: string }>({
    defaultValues: { name: '' },
  });
  const close = () => { setOpen(false); reset(); };
  const submit = async ({ name }: { name: string }) => {
    try {
      await remove.mutateAsync(name);
      navigate(paths.newsfeed, { replace: true });
    } catch (error) {
      failSubmit(setError, reasonOf(error));
    }
  };

  return (
    <section className="card stack" aria-labelledby="delete-family-heading">
      <h2 id="delete-family-heading">{t.title}</h2>
      <p>{t.explained}</p>
      <div className="row">
        <button type="button" className="danger" onClick={() => setOpen(true)}>{t.open}</button>
      </div>
      <Modal title={t.title} open={open} onClose={close}>
        <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
          <p>{t.warning}</p>
          <label>
            {t.typeName(familyName)}
            <input {...register('name', { validate: (v) => v === familyName || t.mismatch })} autoComplete="off"
              aria-invalid={invalidIf(errors.name)} data-autofocus />
            <FieldError error={errors.name} />
          </label>
          <SubmitError errors={errors} />
          <div className="row confirm-actions">
            <button type="button" className="secondary" onClick={close}>Cancel</button>
            <button type="submit" className="danger" disabled={isSubmitting || watch('name') !== familyName}>{t.confirm}</button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
