import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import * as api from '@hearth/contract/family';
import { type Invite } from '@hearth/contract/family';
import { familyMessages as msg } from './texts.ts';
import { limits } from '@hearth/contract/limits';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { CopyLink } from '../../shared/ui/CopyLink.tsx';
import { shortDateOf } from './format.ts';
import { reasonOf, useCreateInvite, useInvites, useRevokeInvite } from './queries.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { FieldError, invalidIf } from '../../shared/form.tsx';

type InviteInput = z.input<typeof api.InviteRequest>;
type InviteValues = z.output<typeof api.InviteRequest>;

/** The Invite Family Members modal's content: create a link (optionally for one email), list and revoke. */
export function InviteManager() {
  const { confirm, dialog } = useConfirm();
  const invites = useInvites();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [created, setCreated] = useState<Invite | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(api.InviteRequest), defaultValues: { invitedEmail: '' },
  });

  const submit = async (values: InviteValues) => {
    setFailure(null);
    try {
      setCreated(await create.mutateAsync(values.invitedEmail));
      reset();
    } catch {
      setFailure(msg.inviteFailed);
    }
  };

  const onRevoke = async (invite: Invite) => {
    const sure = await confirm({
      title: 'Revoke invite', confirmLabel: 'Revoke',
      message: `Revoke the invite ${invite.token.slice(0, limits.inviteTokenDisplay)}...? Its link stops working.`,
    });
    if (!sure) return;
    setFailure(null);
    try {
      await revoke.mutateAsync(invite.token);
      if (created?.token === invite.token) setCreated(null);
    } catch (error) {
      setFailure(msg.genericError(reasonOf(error)));
    }
  };

  return (
    <div className="stack">
      {dialog}
      <p className="muted small">
        Anyone with the link can join as an editor for {api.familyDefaults.inviteLifetimeDays} days, until you revoke it.
        With an email, only that address can use it, and the link is emailed there.
      </p>
      <form className="stack" noValidate onSubmit={handleSubmit(submit)}>
        <label>
          Email (optional)
          <input type="email" {...register('invitedEmail')} autoComplete="off" aria-invalid={invalidIf(errors.invitedEmail)} />
          <FieldError error={errors.invitedEmail} />
        </label>
        <button type="submit" disabled={isSubmitting}>Create Invite Link</button>
      </form>
      <ErrorBanner message={failure && failure} />
      {created && (
        <div className="stack invite-created" role="status">
          <strong>Invite link created{created.invitedEmail ? ` and sent to ${created.invitedEmail}` : ''}</strong>
          <div className="row invite-link">
            <input readOnly value={created.inviteUrl} aria-label="Invite link" onFocus={(e) => e.currentTarget.select()} />
            <CopyLink url={created.inviteUrl} shareTitle="Join our family on Hearth" />
          </div>
        </div>
      )}
      <h3>Active Invites</h3>
      {invites.isPending && <Loading />}
      <ErrorBanner message={invites.isError && msg.genericError(reasonOf(invites.error))} />
      {invites.data?.length === 0 && <p className="muted small">No active invites.</p>}
      {invites.data && invites.data.length > 0 && (
        <ul className="invite-list" aria-label="Active invites">
          {invites.data.map((invite) => (
            <li key={invite.id} className="spread">
              <div className="stack invite-info">
                <code>{invite.token.slice(0, limits.inviteTokenDisplay)}...</code>
                <span className="small">{invite.invitedEmail ?? 'Anyone with the link'}</span>
                <span className="muted small">Expires {shortDateOf(invite.expiresAt)}</span>
              </div>
              <div className="row">
                <CopyLink url={invite.inviteUrl} label="Copy" />
                <button type="button" className="danger" onClick={() => void onRevoke(invite)}>Revoke</button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
