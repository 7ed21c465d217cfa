import { errorMessage } from '@chapterwise/shared';
import { toast } from 'sonner';
import { isUnauthorized } from './api-status.js';

export { isUnauthorized };

/**
 * Shows a failed call as a toast: the server's detail when `preferDetail` (the spec says "server
 * detail, else ..."), otherwise the fixed text. A 401 is left to the session policy, which logs out.
 */
export function toastError(error: unknown, fallback: string, { preferDetail = true } = {}): void {
  if (isUnauthorized(error)) return;
  toast.error(preferDetail ? errorMessage(error, fallback) : fallback);
}
