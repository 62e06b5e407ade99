import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FamilyMember } from '@hearth/contract/family';
import { todoLimits, type Reward } from '@hearth/contract/todos';
import { failSubmit, FieldError, invalidIf, SubmitError } from '../../shared/form.tsx';
import { newCreateKey } from '../../shared/offline/queue.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useMembers } from '../family/queries.ts';
import { dayText } from './dates.ts';
import { useCreateReward, useDeleteReward, useRedeemReward, useRedemptions, useRewards } from './queries.ts';
import { todoTexts as t } from './texts.ts';
import { TodoPage } from './TodoNav.tsx';

/** /rewards: each member's goals with a progress bar; an admin sets goals and redeems them, spending the stars. */
export function RewardsPage() {
  useTitle(t.rewards);
  return <TodoPage>{() => <Rewards />}</TodoPage>;
}

function Rewards() {
  const can = useCan();
  const members = useMembers();
  const rewards = useRewards();
  const redemptions = useRedemptions();
  const redeem = useRedeemReward();
  const remove = useDeleteReward();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<string | null>(null);
  const nameOf = (memberId: string) => members.data?.find((m) => m.id === memberId)?.name ?? '';

  const onRedeem = async (reward: Reward) => {
    setError(null);
    setRedeemed(null);
    const name = nameOf(reward.memberId);
    if (!(await confirm({ title: t.redeem, confirmLabel: t.redeem, message: t.redeemConfirm(reward.title, reward.goalStars, name) }))) return;
    redeem.mutate({ rewardId: reward.id, key: newCreateKey() }, {
      onSuccess: () => setRedeemed(t.redeemed(reward.title)),
      onError: (e) => setError(e.message || t.redeemFailed),
    });
  };
  const onDelete = async (reward: Reward) => {
    if (!(await confirm({ title: t.deleteReward, confirmLabel: 'Delete', message: `Delete the reward "${reward.title}"?` }))) return;
    remove.mutate(reward.id, { onError: () => setError(t.deleteRewardFailed) });
  };

  const byMember = (members.data ?? []).map((m) => [m, (rewards.data ?? []).filter((r) => r.memberId === m.id)] as const)
    .filter(([, list]) => list.length > 0);

  return (
    <>
      {dialog}
      <h1>{t.rewards}</h1>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {redeemed && <Notice kind="success">{redeemed}</Notice>}
      {rewards.isPending && <Loading text="Loading rewards..." />}
      {rewards.isError && <ErrorBanner message={t.loadRewardsFailed} />}
      {rewards.data && byMember.length === 0 && <p className="muted">{t.noRewards}</p>}
      <div className="reward-grid">
        {byMember.map(([member, list]) => (
          <section key={member.id} className="card stack reward-member" aria-label={member.name}>
            <h2 className="chart-member">
              <span className="member-dot" style={{ background: member.color }} aria-hidden="true" />
              {member.name}
              <span className="small muted">{t.balance(list[0]?.balance ?? 0)}</span>
            </h2>
            <ul className="rewards">
              {list.map((reward) => (
                <li key={reward.id} className="reward" data-testid="reward">
                  <div className="spread">
                    <strong>{reward.title}</strong>
                    <span className="small">{t.progress(reward.balance, reward.goalStars)}</span>
                  </div>
                  <div
                    className="progress" role="progressbar" aria-label={`${reward.title} for ${member.name}`}
                    aria-valuemin={0} aria-valuemax={reward.goalStars} aria-valuenow={Math.max(0, Math.min(reward.balance, reward.goalStars))}
                  >
                    <span className="progress-bar" style={{ width: `${Math.round(reward.progress * 100)}%` }} />
                  </div>
                  {can.admin && (
                    <div className="row">
                      <button type="button" disabled={!reward.canRedeem || redeem.isPending} onClick={() => void onRedeem(reward)}
                        aria-label={`${t.redeem} ${reward.title} for ${member.name}`}>
                        {t.redeem}
                      </button>
                      <button type="button" className="link danger-link" onClick={() => void onDelete(reward)}
                        aria-label={`${t.deleteReward} ${reward.title}`}>
                        {t.deleteReward}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {can.admin && members.data && <NewReward members={members.data} />}
      <section className="stack" aria-labelledby="redemptions">
        <h2 id="redemptions">{t.redemptions}</h2>
        {redemptions.data && (redemptions.data.length === 0
          ? <p className="muted">{t.noRedemptions}</p>
          : (
            <ul className="redemptions">
              {redemptions.data.map((r) => (
                <li key={r.id}>
                  <strong>{r.title}</strong> ({r.stars} ★) for {nameOf(r.memberId)}{' '}
                  <span className="muted small">{t.redeemedBy(r.redeemedByName, dayText(r.redeemedAt.slice(0, 10)))}</span>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}

interface RewardValues { memberId: string; title: string; goalStars: string }

function NewReward({ members }: { members: FamilyMember[] }) {
  const create = useCreateReward();
  const { register, handleSubmit, reset, setError, clearErrors, formState: { errors } } = useForm<RewardValues>({
    defaultValues: { memberId: members.find((m) => m.userId === null)?.id ?? members[0]?.id ?? '', title: '', goalStars: '50' },
  });
  const submit = (v: RewardValues) => create.mutate(
    { memberId: v.memberId, title: v.title.trim(), goalStars: Number(v.goalStars) },
    { onSuccess: () => reset({ ...v, title: '' }), onError: (e) => failSubmit(setError, e.message || t.addRewardFailed) },
  );
  return (
    <form className="card stack" onSubmit={handleSubmit(submit)} aria-label={t.newReward} noValidate>
      <h2>{t.newReward}</h2>
      <SubmitError errors={errors} onDismiss={() => clearErrors('root')} />
      <div className="form-grid">
        <label>
          {t.rewardFor}
          <select {...register('memberId')}>
            {members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
          </select>
        </label>
        <label>
          {t.rewardName}
          <input placeholder={t.rewardPlaceholder} maxLength={todoLimits.rewardTitleMax} aria-invalid={invalidIf(errors.title)}
            {...register('title', { validate: (v) => v.trim() !== '' || t.rewardTitleRequired })} />
          <FieldError error={errors.title} />
        </label>
        <label>
          {t.goalStars}
          <input type="number" inputMode="numeric" min={1} max={todoLimits.goalStarsMax} aria-invalid={invalidIf(errors.goalStars)}
            {...register('goalStars', {
              validate: (v) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= todoLimits.goalStarsMax) || t.goalStarsInvalid,
            })} />
          <FieldError error={errors.goalStars} />
        </label>
      </div>
      <div><button type="submit" disabled={create.isPending}>{t.addReward}</button></div>
    </form>
  );
}
