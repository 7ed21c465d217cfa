import { API_ACCESS_PLAN, apiAccessNeedsPremium, PLAN_NAMES, type Plan } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';

/** 403 in the spec's upgrade_required style, naming the plan that includes API access. */
export function apiAccessRequired(plan: Plan): AppError {
  return AppError.featureUpgradeRequired('api_access', plan, API_ACCESS_PLAN, apiAccessNeedsPremium(PLAN_NAMES[plan]));
}
