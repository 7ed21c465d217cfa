import { Injectable } from '@nestjs/common';
import { PLAN_NAMES, PLANS, type PaidPlan, type Plan } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserRepository } from '../users/user.repository.js';
import type { SubscriptionEntity, SubscriptionStatus } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { entitlementAt, grantsPlanAt, type Entitlement } from './subscription-state.js';

/**
 * The user's plan follows from their subscriptions and nothing else (PAY-3, AC-3): every verified
 * provider state is recorded on the subscription, then the plan is worked out again from all of them.
 */
@Injectable()
export class EntitlementService {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly users: UserRepository,
  ) {}

  /** Records a verified state and updates the owner's plan; false when a newer event already applied. */
  async applyVerifiedState(
    subscription: SubscriptionEntity,
    state: { status: SubscriptionStatus; currentPeriodEnd?: Date | null },
    eventAt?: Date,
  ): Promise<boolean> {
    const applied = await this.subscriptions.applyState(subscription.id, state, eventAt);
    if (applied) await this.recompute(subscription.userId);
    return applied;
  }

  async recompute(userId: string, now = new Date()): Promise<Entitlement> {
    const computed = entitlementAt(await this.subscriptions.findAllForUser(userId), now);
    // Kept to the second, as MySQL's DATETIME stores it: what is answered now is what is read back later.
    const renewsAt = computed.renewsAt && new Date(Math.floor(computed.renewsAt.getTime() / 1000) * 1000);
    const entitlement = { ...computed, renewsAt };
    await this.users.setPlan(userId, entitlement.plan, entitlement.renewsAt);
    return entitlement;
  }

  /** The plan in force now: a paid period that ended is settled first, so a lapsed plan is never used. */
  async currentPlan(user: Pick<UserEntity, 'id' | 'plan' | 'planRenewsAt'>, now = new Date()): Promise<Plan> {
    if (user.plan === 'free' || !user.planRenewsAt || user.planRenewsAt.getTime() > now.getTime()) return user.plan;
    return (await this.recompute(user.id, now)).plan;
  }

  /**
   * Checkouts only move up (free to pro or premium, pro to premium). Buying again the plan of a
   * subscription that has lapsed but not ended yet is allowed: that is how a cancelled plan is resumed.
   */
  async assertUpgrade(user: Pick<UserEntity, 'id' | 'plan' | 'planRenewsAt'>, target: PaidPlan): Promise<void> {
    const now = new Date();
    const current = await this.currentPlan(user, now);
    const renewing = (await this.subscriptions.findAllForUser(user.id)).filter(
      (subscription) =>
        (subscription.status === 'active' || subscription.status === 'past_due') && grantsPlanAt(subscription, now),
    );
    const rank = (plan: Plan) => PLANS.indexOf(plan);
    if (rank(target) < rank(current) || renewing.some((subscription) => rank(subscription.plan) >= rank(target))) {
      throw AppError.conflict(`You are already on the ${PLAN_NAMES[current]} plan.`);
    }
  }

  /** Whether a subscription in force will renew (false once cancelled: the plan runs out at renews_at). */
  async renews(userId: string, now = new Date()): Promise<boolean> {
    return (await this.subscriptions.findAllForUser(userId)).some(
      (subscription) =>
        (subscription.status === 'active' || subscription.status === 'past_due') && grantsPlanAt(subscription, now),
    );
  }

  /** Returns users whose paid period ended to the plan their subscriptions still grant (free when none). */
  async settleEndedPeriods(now = new Date()): Promise<number> {
    let changed = 0;
    for (const userId of await this.users.findIdsWithPaidPlanEndedBefore(now)) {
      const entitlement = await this.recompute(userId, now);
      if (entitlement.plan === 'free') changed += 1;
    }
    return changed;
  }
}
