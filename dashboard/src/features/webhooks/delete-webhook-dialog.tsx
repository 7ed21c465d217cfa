import { MESSAGES, type Webhook } from '@chapterwise/shared';
import { toast } from '../../lib/toast.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { toastError } from '../../lib/errors.js';
import { useDeleteWebhookMutation } from './queries.js';

/** Confirms, deletes the webhook with its log, and reloads the list; pending retries stop. */
export function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const remove = useDeleteWebhookMutation({
    onDeleted: () => {
      toast.success(MESSAGES.webhookDeleted);
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={webhook !== null}
      title="Delete webhook"
      description={MESSAGES.webhookDeleteConfirm}
      subject={
        webhook && (
          <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 font-mono text-[13px] break-all text-slate-800">
            {webhook.url}
          </p>
        )
      }
      confirmLabel="Delete webhook"
      busy={remove.isPending}
      onConfirm={() =>
        webhook && remove.mutate(webhook.id, { onError: (error) => toastError(error, MESSAGES.deleteWebhookFailed) })
      }
      onClose={onClose}
    />
  );
}
