import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from './button.js';

// Pages that may ask (the library, a book) load the dialog's code when one first opens, not with the page.
const Dialog = lazy(() => import('./dialog.js').then((module) => ({ default: module.Dialog })));

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  subject: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are; name what is kept when "Cancel" would be ambiguous. */
  dismissLabel?: string;
  /** The action is running: the dialog stays open and Cancel is disabled. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action (delete, revoke): Cancel, and a red button that runs it. */
export function ConfirmDialog({
  open,
  title,
  description,
  subject,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && !busy) onClose();
        }}
        title={title}
        description={description}
      >
        {subject}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {dismissLabel}
          </Button>
          <Button className="bg-red-600 hover:bg-red-700 active:bg-red-800" busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </Dialog>
    </Suspense>
  );
}
