import { useState } from 'react';
import { timezones, type FamilyMember, type Timezone } from '@hearth/contract/family';
import { familyMessages as msg, timezoneLabels } from './texts.ts';
import type { PermissionLevel } from '@hearth/contract/permissions';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { DefaultReminder } from './DefaultReminder.tsx';
import { DeleteFamily } from './DeleteFamily.tsx';
import { FirstDayOfWeek } from './FirstDayOfWeek.tsx';
import { FamilyNameForm } from './FamilyNameForm.tsx';
import { ExportFamilyData } from './ExportFamilyData.tsx';
import { InviteManager } from './InviteManager.tsx';
import { MemberCard } from './MemberCard.tsx';
import { levelLabels, MemberForm } from './MemberForm.tsx';
import { MemberOrder } from './MemberOrder.tsx';
import {
  loadFailure, reasonOf, useFamilySettings, useMembers, useRemoveMember, useSetColor, useSetTimezone,
} from './queries.ts';
import './family.css';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { useTitle } from '../../shared/useTitle.ts';

type Dialog = { kind: 'add' } | { kind: 'edit'; member: FamilyMember } | { kind: 'name' } | { kind: 'invite' } | null;

/**
 * The page shows controls by the user's own member record (spec §6): none found means ADMIN,
 * a failed lookup means READ_ONLY. This only shapes the display; the server checks every write.
 */
function ownLevel(members: { data?: FamilyMember[]; isError: boolean }, userId: string | undefined): PermissionLevel {
  if (members.isError) return 'READ_ONLY';
  return members.data?.find((m) => m.userId === userId)?.permissionLevel ?? 'ADMIN';
}

export function FamilyPage() {
  useTitle('Family');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const me = useCurrentUser();
  const members = useMembers();
  const settings = useFamilySettings();
  const setTimezone = useSetTimezone();
  const setColor = useSetColor();
  const remove = useRemoveMember();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const close = () => setDialog(null);

  const level = ownLevel(members, me.data?.id);
  const isAdmin = level === 'ADMIN';
  const canEdit = isAdmin || level === 'EDIT';

  const changeTimezone = (timezone: Timezone) => {
    setPageError(null);
    setTimezone.mutate(timezone, { onError: (error) => setPageError(msg.updateTimezoneError(reasonOf(error))) });
  };
  const changeColor = (member: FamilyMember, color: string) => {
    setPageError(null);
    return setColor.mutateAsync({ id: member.id, color }).catch((error: unknown) => {
      setPageError(msg.genericError(reasonOf(error)));
      throw error;
    });
  };
  const removeMember = async (member: FamilyMember) => {
    const sure = await confirm({
      title: 'Remove member', confirmLabel: 'Remove',
      message: member.userId ? msg.removeAccountMember(member.name) : msg.removeMember(member.name),
    });
    if (!sure) return;
    setPageError(null);
    remove.mutate(member.id, { onError: (error) => setPageError(msg.genericError(reasonOf(error))) });
  };

  let settingsArea;
  if (settings.isPending) settingsArea = <Loading />;
  else if (settings.isError) settingsArea = <ErrorBanner message={msg.loadFamilyNameError} />;
  else {
    settingsArea = (
      <>
        <div className="spread family-header">
          <h2>{settings.data.familyName}</h2>
          {isAdmin && <button type="button" className="secondary" onClick={() => setDialog({ kind: 'name' })}>Edit Name</button>}
        </div>
        <div className="family-facts">
          <label className="timezone-label">
            Timezone
            <select value={settings.data.timezone} disabled={!isAdmin || setTimezone.isPending}
              onChange={(e) => changeTimezone(e.target.value as Timezone)}>
              {timezones.map((tz) => <option key={tz} value={tz}>{timezoneLabels[tz]}</option>)}
            </select>
            {!isAdmin && <span className="badge">{msg.adminOnly}</span>}
          </label>
          <DefaultReminder settings={settings.data} isAdmin={isAdmin} onError={setPageError} />
          <FirstDayOfWeek settings={settings.data} isAdmin={isAdmin} onError={setPageError} />
          <div className="stack small">
            <span>Your permission: <span className="badge" aria-label="Your permission level">{levelLabels[level]}</span></span>
            {/* The spec shows the family ID; people rarely need it (a super admin does), so it waits behind a click. */}
            <details>
              <summary>{msg.familyIdLabel}</summary>
              <code className="family-id">{me.data?.familyId}</code>
            </details>
          </div>
        </div>
      </>
    );
  }

  let membersArea;
  if (members.isPending) membersArea = <Loading />;
  else if (members.isError) {
    membersArea = <ErrorBanner message={loadFailure(members.error, msg.loadMembersFailed, msg.loadMembersError)} />;
  } else {
    membersArea = (
      <>
        <ul className="grid member-grid" aria-label="Family members">
          {members.data.map((member) => {
            const isSelf = member.userId !== null && member.userId === me.data?.id;
            return (
              <MemberCard key={member.id} member={member} isSelf={isSelf} canEdit={canEdit} canRemove={isAdmin && !isSelf}
                onEdit={() => setDialog({ kind: 'edit', member })} onRemove={() => void removeMember(member)}
                onColor={(color) => changeColor(member, color)} />
            );
          })}
        </ul>
        {isAdmin && <MemberOrder members={members.data} />}
      </>
    );
  }

  return (
    <main className="page stack">
      {confirmDialog}
      <h1>Family Management</h1>
      <ErrorBanner message={pageError} onDismiss={() => setPageError(null)} />
      <section className="card stack" aria-label="Family settings">{settingsArea}</section>
      {canEdit && (
        <div className="row">
          {canEdit && <button type="button" onClick={() => setDialog({ kind: 'add' })}>+ Add Child (or existing account)</button>}
          {isAdmin && <button type="button" className="secondary" onClick={() => setDialog({ kind: 'invite' })}>Invite Family Member</button>}
        </div>
      )}
      <h2>Family Members</h2>
      {membersArea}
      {isAdmin && settings.data && <DeleteFamily familyName={settings.data.familyName} />}

      <Modal title="Add Family Member" open={dialog?.kind === 'add'} onClose={close}>
        <MemberForm isAdmin={isAdmin} onDone={close} />
      </Modal>
      <Modal title="Edit Family Member" open={dialog?.kind === 'edit'} onClose={close}>
        {dialog?.kind === 'edit' && <MemberForm key={dialog.member.id} member={dialog.member} isAdmin={isAdmin} onDone={close} />}
      </Modal>
      <Modal title="Edit Family Name" open={dialog?.kind === 'name'} onClose={close}>
        {settings.data && <FamilyNameForm familyName={settings.data.familyName} onDone={close} />}
      </Modal>
      <Modal title="Invite Family Members" open={dialog?.kind === 'invite'} onClose={close}>
        <InviteManager />
      </Modal>
      <ExportFamilyData />
    </main>
  );
}
