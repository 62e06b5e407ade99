import type { BodyOf } from '@hearth/contract/endpoint';
import { todoLimits, todoMessages as m, type createReward, type updateReward } from '@hearth/contract/todos';
import type { EventType } from '@hearth/contract/events';
import { requireAdmin, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { withinTransaction, type Queryable, type Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isFamilyMember, membersInOrder } from '../family/membership.ts';
import { toRedemption, toReward } from './mapper.ts';
import * as repo from './rewards-repository.ts';

/**
 * Rewards: a member's goal in stars, redeemed by an admin. A redeem spends the stars with one statement that claims
 * them from the member's balance (`repo.spend`), so parallel redeems never spend the same stars twice.
 */
export class RewardService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private async record(tx: Tx, member: FamilyCaller, type: EventType, subjectId: string, data: Record<string, unknown>) {
    await this.deps.events.record(tx, { familyId: member.familyId, actorId: member.userId, type, subjectId, data });
  }

  private async answer(q: Queryable, reward: repo.RewardRow) {
    return toReward(reward, (await repo.balances(q, reward.familyId)).get(reward.memberId) ?? 0);
  }

  /** By member order, then goal. */
  async rewards(caller: Caller) {
    const { familyId } = requireFamily(caller);
    const q = this.deps.db;
    const [members, rewards, balanceOf] = await Promise.all([
      membersInOrder(q, familyId), repo.familyRewards(q, familyId), repo.balances(q, familyId),
    ]);
    return members.flatMap((member) => rewards.filter((r) => r.memberId === member.id)
      .map((r) => toReward(r, balanceOf.get(member.id) ?? 0)));
  }

  async create(caller: Caller, body: BodyOf<typeof createReward>, db: Queryable) {
    const member = requireAdmin(caller);
    return withinTransaction(db, async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      if (!(await isFamilyMember(tx, member.familyId, body.memberId))) throw notFound(m.memberNotFound);
      if ((await repo.countRewards(tx, body.memberId)) >= todoLimits.rewardsPerMember) throw conflict(m.tooManyRewards);
      const reward = await repo.insertReward(tx, { familyId: member.familyId, ...body, createdAt: this.deps.clock.now() });
      await this.record(tx, member, 'reward_created', reward.id, { memberId: reward.memberId });
      return this.answer(tx, reward);
    });
  }

  async update(caller: Caller, rewardId: string, body: BodyOf<typeof updateReward>) {
    const member = requireAdmin(caller);
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.findReward(tx, rewardId, member.familyId, true))) throw notFound(m.rewardNotFound);
      const reward = await repo.updateReward(tx, rewardId, body);
      await this.record(tx, member, 'reward_updated', rewardId, { memberId: reward.memberId });
      return this.answer(tx, reward);
    });
  }

  async remove(caller: Caller, rewardId: string) {
    const member = requireAdmin(caller);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.deleteReward(tx, rewardId, member.familyId))) throw notFound(m.rewardNotFound);
      await this.record(tx, member, 'reward_deleted', rewardId, {});
    });
    return null;
  }

  /** Spends the goal's stars (409 when the balance is short) and files the redemption. */
  async redeem(caller: Caller, rewardId: string, db: Queryable) {
    const member = requireAdmin(caller);
    return withinTransaction(db, async (tx) => {
      const reward = await repo.findReward(tx, rewardId, member.familyId, true);
      if (!reward) throw notFound(m.rewardNotFound);
      if (!(await repo.spend(tx, reward.memberId, reward.goalStars))) throw conflict(m.notEnoughStars);
      const redemption = await repo.insertRedemption(tx, {
        familyId: member.familyId, memberId: reward.memberId, rewardId: reward.id, title: reward.title, stars: reward.goalStars,
        redeemedBy: member.userId, redeemedByName: member.name, redeemedAt: this.deps.clock.now(),
      });
      await this.record(tx, member, 'reward_redeemed', reward.id, { memberId: reward.memberId, stars: reward.goalStars });
      return { redemption: toRedemption(redemption), reward: await this.answer(tx, reward) };
    });
  }

  async redemptions(caller: Caller, memberId: string | undefined) {
    const { familyId } = requireFamily(caller);
    return (await repo.redemptions(this.deps.db, familyId, memberId, todoLimits.redemptionsShownMax)).map(toRedemption);
  }
}
