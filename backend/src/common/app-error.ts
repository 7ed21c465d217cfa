import type { ErrorCode, Plan, PlanFeature } from '@chapterwise/shared';

/** The one error type services throw; the exception filter turns it into `{ detail, code, ...extra }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }

  static notFound(detail = 'Not found') {
    return new AppError('NOT_FOUND', detail);
  }
  static validation(detail: string) {
    return new AppError('VALIDATION', detail);
  }
  static unauthenticated(detail = 'Please sign in') {
    return new AppError('UNAUTHENTICATED', detail);
  }
  static conflict(detail: string) {
    return new AppError('CONFLICT', detail);
  }
  static featureUpgradeRequired(feature: PlanFeature, currentPlan: Plan, requiredPlan: Plan, message: string) {
    return new AppError('UPGRADE_REQUIRED', message, {
      upgrade_required: true,
      current_plan: currentPlan,
      required_plan: requiredPlan,
      feature,
      message,
    });
  }
}
