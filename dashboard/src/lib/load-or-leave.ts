import { redirect } from '@tanstack/react-router';
import { isUnauthorized, toastError } from './errors.js';

/**
 * Runs a page's loads; when they fail the spec's message is shown and the user goes back to
 * /dashboard (or to /auth when the session was rejected).
 */
export async function loadOrLeave(
  failureMessage: string,
  load: () => Promise<unknown>,
  { preload }: { preload: boolean },
): Promise<void> {
  try {
    await load();
  } catch (error) {
    // A hover preload fails quietly; the real navigation loads again and reports.
    if (preload) throw error;
    if (isUnauthorized(error)) throw redirect({ to: '/auth' });
    toastError(error, failureMessage, { preferDetail: false });
    throw redirect({ to: '/dashboard' });
  }
}
