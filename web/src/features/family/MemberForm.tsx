import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import * as api from '@hearth/contract/family';
import { type FamilyMember } from '@hearth/contract/family';
import { familyMessages as msg } from './texts.ts';
import type { PermissionLevel } from '@hearth/contract/permissions';
import { reasonOf, useAddMember, useUpdateMember } from './queries.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';

/** The fields both member modals edit; the contract's POST body without the account link. */
const MemberFields = api.NewMember.omit({ userId: true });
type MemberInput = z.input<typeof MemberFields>;
type MemberValues = z.output<typeof MemberFields>;

export const levelLabels: Record<PermissionLevel, string> = { ADMIN: 'Admin', EDIT: 'Edit', READ_ONLY: 'Read Only' };

/**
 * Add Family Member (no `member`) and Edit Family Member. Only an admin may pick ADMIN or change a level;
 * an EDIT member sees the level but cannot change it when editing.
 */
export function MemberForm({ member, isAdmin, onDone }: {
  member?: FamilyMember; isAdmin: boolean; onDone: () => void;
}) {
  const add = useAddMember();
  const update = useUpdateMember();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<MemberInput, unknown, MemberValues>({
    resolver: zodResolver(MemberFields),
    defaultValues: {
      name: member?.name ?? '',
      email: member?.email ?? '',
      birthday: member?.birthday ?? '',
      permissionLevel: member?.permissionLevel ?? api.familyDefaults.permissionLevel,
    },
  });
  const levelLocked = Boolean(member) && !isAdmin;

  const submit = async (values: MemberValues) => {
    try {
      if (member) {
        const { permissionLevel, ...details } = values;
        await update.mutateAsync({ id: member.id, body: levelLocked ? details : { ...details, permissionLevel } });
      } else {
        await add.mutateAsync(values);
      }
      onDone();
    } catch (error) {
      failSubmit(setError, (member ? msg.updateMemberError : msg.addMemberError)(reasonOf(error)));
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
      {!member && (
        <p className="muted small">
          Add a child, or anyone without an account. With an email, they also get an invitation: once they accept
          it with a new or existing account, this member becomes theirs.
        </p>
      )}
      <label>
        Name
        <input {...register('name')} autoComplete="off" aria-invalid={invalidIf(errors.name)} />
        <FieldError error={errors.name} />
      </label>
      <label>
        Email (optional)
        <input type="email" {...register('email')} autoComplete="off" aria-invalid={invalidIf(errors.email)} />
        <FieldError error={errors.email} />
      </label>
      <label>
        Birthday (optional)
        <input type="date" {...register('birthday')} aria-invalid={invalidIf(errors.birthday)} />
        <FieldError error={errors.birthday} />
      </label>
      <label>
        Permission Level
        <select {...register('permissionLevel')} disabled={levelLocked}>
          <option value="READ_ONLY">{levelLabels.READ_ONLY}</option>
          <option value="EDIT">{levelLabels.EDIT}</option>
          <option value="ADMIN" disabled={!isAdmin}>{levelLabels.ADMIN}</option>
        </select>
        {levelLocked && <span className="muted small">{msg.permissionAdminOnly}</span>}
      </label>
      <SubmitError errors={errors} />
      <div className="row">
        <button type="submit" disabled={isSubmitting}>{member ? 'Save Changes' : 'Add Member'}</button>
        <button type="button" className="secondary" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
