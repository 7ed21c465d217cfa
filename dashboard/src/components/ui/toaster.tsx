import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@chapterwise/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '../../lib/toast.js';

const PHONE = '(max-width: 639px)';
function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PHONE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia?.(PHONE).matches ?? false;

/** Toasts: auto-dismiss after 4000 ms, at most 3 visible (spec §9). */
export function Toaster() {
  // On a phone a toast at the top covers the header and the page's main buttons: it sits at the bottom, above the
  // browser's own bar.
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  // Sonner's toaster listens from its own effect, which runs before this one.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      position={phone ? 'bottom-center' : 'bottom-right'}
      mobileOffset={{ bottom: 12, left: 8, right: 8 }}
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
