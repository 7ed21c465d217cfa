import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { PLAN_NAMES, WEBHOOKS_PLAN, webhooksNeedPremium } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { EntitlementService } from '../billing/entitlement.service.js';
import type { UserEntity } from '../users/user.entity.js';

/** The webhook API is Premium: other plans get 403 with `upgrade_required`, before any input is read. */
@Injectable()
export class WebhooksPlanGuard implements CanActivate {
  constructor(private readonly entitlements: EntitlementService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user: UserEntity }>().user;
    const plan = await this.entitlements.currentPlan(user);
    if (plan === WEBHOOKS_PLAN) return true;
    throw AppError.featureUpgradeRequired('webhooks', plan, WEBHOOKS_PLAN, webhooksNeedPremium(PLAN_NAMES[plan]));
  }
}
