import { Injectable, Optional } from '@nestjs/common';
import { MONTHLY_UPLOAD_LIMITS, type Usage } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import type { UserEntity } from '../users/user.entity.js';
import { BILLING_DETAILS } from './billing-errors.js';
import { EntitlementService } from './entitlement.service.js';
import { UploadQuotaReader } from './upload-quota-reader.js';

@Injectable()
export class UsageService {
  constructor(
    private readonly entitlements: EntitlementService,
    // Registered by the books module, which owns the counter; optional so billing boots on its own.
    @Optional() private readonly quota?: UploadQuotaReader,
  ) {}

  async usage(user: UserEntity): Promise<Usage> {
    if (!this.quota) throw new AppError('UNAVAILABLE', BILLING_DETAILS.usageUnavailable);
    const plan = await this.entitlements.currentPlan(user);
    const { period, used } = await this.quota.usedThisPeriod(user.id);
    // The account page shows when a paid plan renews (or, cancelled, ends).
    const renewsAt = plan === 'free' ? null : (user.planRenewsAt?.toISOString() ?? null);
    const cancelled = plan !== 'free' && !(await this.entitlements.renews(user.id));
    return { plan, limit: MONTHLY_UPLOAD_LIMITS[plan], used, period, renews_at: renewsAt, cancelled };
  }
}
