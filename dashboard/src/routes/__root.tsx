import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFound } from '../components/not-found.js';
import { SiteFooter } from '../components/site-footer.js';
import { DeferredToaster } from '../components/ui/deferred-toaster.js';
import { type RouterContext } from '../lib/router-context.js';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** After a client-side navigation, focus goes to the new page's main content (screen readers announce it). */
function useFocusMainOnNavigate() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ pathChanged, fromLocation }) => {
        if (!pathChanged || !fromLocation) return;
        document.getElementById('main')?.focus({ preventScroll: true });
      }),
    [router],
  );
}

function RootLayout() {
  useFocusMainOnNavigate();
  // Until the first page's code has arrived the footer would sit right under the header and then jump
  // down (layout shift): it takes its place below a full-height content area, hidden until then.
  const firstPageReady = useRouterState({ select: (state) => state.resolvedLocation !== undefined });
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      <div className={firstPageReady ? undefined : 'invisible'}>
        <SiteFooter />
      </div>
      <DeferredToaster />
    </div>
  );
}
