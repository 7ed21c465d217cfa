import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@chapterwise/shared';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

type ShowToast = (text: string, tone?: Toast['tone']) => void;

const ToastContext = createContext<ShowToast>(() => undefined);
const ShownToastsContext = createContext<Toast[]>([]);

/** The spec's toasts: gone after 4000 ms, at most 3 at once. They show where ToastArea stands. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback<ShowToast>((text, tone = 'success') => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, text, tone }].slice(-TOASTS_VISIBLE));
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_DURATION_MS);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <ShownToastsContext.Provider value={toasts}>{children}</ShownToastsContext.Provider>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

/** In the flow of the page under the header: a toast moves the content down, never covers a control. */
export function ToastArea() {
  const toasts = useContext(ShownToastsContext);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
