import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@chapterwise/shared';
import { useSyncExternalStore } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

// A success replaces the errors before it: a stale "Authentication failed" never sits under "Welcome back!".
const showSuccess = toast.success;
toast.success = ((...args: Parameters<typeof showSuccess>) => {
  for (const shown of toast.getToasts()) if ('type' in shown && shown.type === 'error') toast.dismiss(shown.id);
  return showSuccess(...args);
}) as typeof showSuccess;

const PHONE = '(max-width: 639px)';
function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PHONE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia?.(PHONE).matches ?? false;

/** Toasts: auto-dismiss after 4000 ms, at most 3 visible (spec §9). */
export function Toaster() {
  // On a phone the bottom of the screen is where the reader's eyes and thumbs are: toasts sit over the header.
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Sonner
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: 6, left: 8, right: 8 }}
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
