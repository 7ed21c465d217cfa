import { type QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './components/not-found.js';
import { RouteError } from './components/route-error.js';
import { PageSpinner } from './components/ui/spinner.js';
import { routeTree } from './routeTree.gen.js';

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Loaders fill React Query's cache; React Query decides what is fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface HistoryState {
    /** Hand-off from forgot-password to reset-password, kept out of the URL. */
    resetEmail?: string;
    /** The code the forgot-password screen showed (development without mail), pre-filled on reset. */
    resetCode?: string;
    /** The book page was opened by an upload: it says "processed successfully" when processing ends. */
    justUploaded?: boolean;
  }
}
