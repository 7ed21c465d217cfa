import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<typeof sonnerToast.success>[0];

// Sonner (about 9 KB gzip) is not needed to draw a page: it loads with the first toast, or 3 s after the app has
// started, so that a toast shown later does not wait on the network.
const LOAD_AFTER_MS = 3_000;

let sonner: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

let markMounted = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let wanted = false;
const listeners = new Set<() => void>();

/** Asks the root layout to mount the toaster (components/ui/deferred-toaster.tsx). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

/** Called by the toaster once it listens: toasts shown before then wait for it. */
export function toasterMounted(): void {
  markMounted();
}

export function loadToasterSoon(): () => void {
  const timer = setTimeout(wantToaster, LOAD_AFTER_MS);
  return () => clearTimeout(timer);
}

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  wantToaster();
  void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => {
    // A success replaces the errors before it: a stale "Authentication failed" never sits under "Welcome back!".
    if (kind === 'success') {
      for (const shown of toast.getToasts()) if ('type' in shown && shown.type === 'error') toast.dismiss(shown.id);
    }
    toast[kind](message, options);
  });
}

/** The app's toasts (spec §9): sonner's calls, shown once the toaster has loaded. */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  /** Dismisses every toast on screen (none can be before sonner has loaded). */
  dismiss: () => void sonner?.then(({ toast: shown }) => shown.dismiss()),
};
