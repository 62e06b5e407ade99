import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@hearth/contract/accounts';
import { newsfeedLimits } from '@hearth/contract/dashboard';
import * as familyApi from '@hearth/contract/family';
import { call } from '../../shared/api/client.ts';
import { paths } from '../../shared/paths.ts';
import { familyKeys, membersQuery } from '../family/queries.ts';
import { newsfeedStorage, type OnboardingRecord } from './storage.ts';
import { newsfeedTexts as t } from './texts.ts';

/**
 * The two first steps (spec §4). An item is done once the family has a list, or once someone was invited: another
 * member joined, or (for admins, who alone can invite) an invite link exists. Done items stay done on this device.
 * The checklist hides 48 hours after the user first saw it, or once both are done and the account is older than 7 days.
 */
export function OnboardingChecklist({ user, hasList }: { user: SessionUser; hasList: boolean }) {
  const [now] = useState(() => Date.now());
  const [record, setRecord] = useState<OnboardingRecord>(() => newsfeedStorage.onboarding(user.id, now));
  const expired = now - record.firstSeenAt >= newsfeedLimits.onboardingVisibleMs;
  const members = useQuery({ ...membersQuery, enabled: !expired });
  const invitedByMembers = (members.data?.length ?? 0) > 1;
  const invites = useQuery({
    queryKey: familyKeys.invites, queryFn: () => call(familyApi.listInvites),
    enabled: !expired && !record.invite && !invitedByMembers && user.permissionLevel === 'ADMIN',
  });
  const list = record.list || hasList;
  const invite = record.invite || invitedByMembers || (invites.data?.length ?? 0) > 0;

  useEffect(() => {
    const next = { ...record, list, invite };
    newsfeedStorage.saveOnboarding(user.id, next);
    if (list !== record.list || invite !== record.invite) setRecord(next);
  }, [user.id, record, list, invite]);

  const accountAge = now - Date.parse(user.createdAt);
  if (expired || (list && invite && accountAge > newsfeedLimits.newAccountMs)) return null;
  return (
    <section className="card onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">{t.onboardingTitle}</h2>
      <ul>
        <Step done={list} to={paths.lists} text={t.onboardingList} />
        <Step done={invite} to={paths.family} text={t.onboardingInvite} />
      </ul>
    </section>
  );
}

function Step({ done, to, text }: { done: boolean; to: string; text: string }) {
  return (
    <li className={done ? 'done' : undefined}>
      <span className="check" aria-hidden="true">{done ? '✓' : ''}</span>
      <Link to={to}>{text}</Link>
      {done && <span className="nf-sr-only"> (done)</span>}
    </li>
  );
}
