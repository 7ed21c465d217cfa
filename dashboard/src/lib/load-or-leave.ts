import { redirect } from '@tanstack/react-router';
import { isUnauthorized, toastError } from './errors.js';

/** On failure the spec's message is shown and the user goes back to /dashboard (or /auth when rejected). */
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
