import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PageSpinner } from '../components/ui/spinner.js';
import { accountQueries } from '../features/account/queries.js';
import { AppHeader } from '../features/account/app-header.js';
import { isUnauthorized } from '../lib/api-status.js';
import { getSessionToken } from '../lib/session.js';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: () => {
    if (!getSessionToken()) throw redirect({ to: '/auth' });
  },
  // The stored token is checked with the server once; the stored user follows the answer.
  loader: async ({ context: { queryClient } }) => {
    try {
      await queryClient.ensureQueryData({ ...accountQueries.me(), revalidateIfStale: true });
    } catch (error) {
      if (isUnauthorized(error)) throw redirect({ to: '/auth' });
      // Server unreachable: keep the stored user; the pages report their own failures.
    }
  },
  pendingComponent: () => <PageSpinner label="Checking your session" />,
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  return (
    <>
      <AppHeader />
      <Outlet />
    </>
  );
}
