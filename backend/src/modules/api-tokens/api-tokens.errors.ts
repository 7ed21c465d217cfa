import { API_ACCESS_PLAN, apiAccessNeedsPremium, PLAN_NAMES, type Plan } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';

export function apiAccessRequired(plan: Plan): AppError {
  return AppError.featureUpgradeRequired('api_access', plan, API_ACCESS_PLAN, apiAccessNeedsPremium(PLAN_NAMES[plan]));
}
