import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import * as api from '@hearth/contract/family';
import { familyMessages as msg } from './texts.ts';
import { reasonOf, useSetFamilyName } from './queries.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';

const FamilyNameFields = api.FamilyNameRequest;

/** The Edit Family Name modal's form. */
export function FamilyNameForm({ familyName, onDone }: { familyName: string; onDone: () => void }) {
  const rename = useSetFamilyName();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<
    z.input<typeof FamilyNameFields>, unknown, z.output<typeof FamilyNameFields>
  >({ resolver: zodResolver(FamilyNameFields), defaultValues: { familyName } });

  const submit = async (values: z.output<typeof FamilyNameFields>) => {
    try {
      await rename.mutateAsync(values.familyName);
      onDone();
    } catch (error) {
      failSubmit(setError, msg.updateFamilyNameError(reasonOf(error)));
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
      <label>
        Family Name
        <input {...register('familyName')} autoComplete="off" aria-invalid={invalidIf(errors.familyName)} />
        <FieldError error={errors.familyName} />
      </label>
      <SubmitError errors={errors} />
      <div className="row">
        <button type="submit" disabled={isSubmitting}>Save</button>
        <button type="button" className="secondary" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
