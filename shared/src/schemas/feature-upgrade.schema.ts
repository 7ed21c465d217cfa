import { z } from 'zod';
import { PLANS } from '../constants/plans.js';

/** Premium features a lower plan is refused with `upgrade_required`. */
export const PLAN_FEATURES = ['api_access', 'webhooks'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** The 403 answer of a feature the user's plan does not include, naming the feature and the plan that does. */
export function featureUpgradeRequiredSchema<F extends PlanFeature>(feature: F) {
  return z.object({
    detail: z.string(),
    code: z.literal('UPGRADE_REQUIRED'),
    upgrade_required: z.literal(true),
    current_plan: z.enum(PLANS),
    required_plan: z.enum(PLANS),
    feature: z.literal(feature),
    message: z.string(),
  });
}
