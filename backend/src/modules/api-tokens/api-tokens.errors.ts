import { API_ACCESS_PLAN, apiAccessNeedsPremium, PLAN_NAMES, type Plan } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';

/** 403 in the spec's upgrade_required style, naming the plan that includes API access. */
export function apiAccessRequired(plan: Plan): AppError {
  const message = apiAccessNeedsPremium(PLAN_NAMES[plan]);
  return new AppError('UPGRADE_REQUIRED', message, {
    upgrade_required: true,
    current_plan: plan,
    required_plan: API_ACCESS_PLAN,
    feature: 'api_access',
    message,
  });
}
