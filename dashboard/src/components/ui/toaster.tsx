import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@chapterwise/shared';
import { Toaster as Sonner } from 'sonner';

/** Toasts: auto-dismiss after 4000 ms, at most 3 visible (spec §9). */
export function Toaster() {
  return (
    <Sonner
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
