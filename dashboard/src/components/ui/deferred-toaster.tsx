import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadToasterSoon, toasterWanted } from '../../lib/toast.js';

const Toaster = lazy(() => import('./toaster.js').then((module) => ({ default: module.Toaster })));

/** The toaster, mounted (and its code loaded) when the first toast is shown or soon after the page has loaded. */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  useEffect(loadToasterSoon, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
