import { errorMessage } from '@chapterwise/shared';
import { toast } from './toast.js';
import { isUnauthorized } from './api-status.js';

export { isUnauthorized };

/** A 401 is left to the session policy, which logs out. */
export function toastError(error: unknown, fallback: string, { preferDetail = true } = {}): void {
  if (isUnauthorized(error)) return;
  toast.error(preferDetail ? errorMessage(error, fallback) : fallback);
}
