import { MESSAGES } from '@chapterwise/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { toast } from './lib/toast.js';
import { createQueryClient } from './lib/query-client.js';
import { clearSession, getSessionToken } from './lib/session.js';
import { type AppRouter, createAppRouter } from './router.js';

/** Wires the QueryClient's 401 policy to the router: a rejected token logs out to /auth. */
export function createApp({ history }: { history?: RouterHistory } = {}): {
  router: AppRouter;
  queryClient: QueryClient;
} {
  const queryClient = createQueryClient({
    onUnauthorized: () => {
      // A wrong password on the sign-in form is a 401 too, but there is no session to end.
      if (!getSessionToken()) return;
      clearSession();
      toast.error(MESSAGES.sessionExpired, { id: 'session-expired' });
      void router.navigate({ to: '/auth' }).then(() => queryClient.clear());
    },
  });
  const router = createAppRouter({ queryClient, history });
  return { router, queryClient };
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
