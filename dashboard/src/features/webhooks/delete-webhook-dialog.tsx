import { MESSAGES, type Webhook } from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { webhookKeys } from './queries.js';

/** Confirms, deletes the webhook with its log, and reloads the list; pending retries stop. */
export function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteWebhook(id),
    onSuccess: async (_result, id) => {
      toast.success(MESSAGES.webhookDeleted);
      onClose();
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
    onError: (error) => toastError(error, MESSAGES.deleteWebhookFailed),
  });

  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete webhook"
      description={MESSAGES.webhookDeleteConfirm}
    >
      {webhook && (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 font-mono text-[13px] break-all text-slate-800">
          {webhook.url}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          className="bg-red-600 hover:bg-red-700 active:bg-red-800"
          busy={remove.isPending}
          onClick={() => webhook && remove.mutate(webhook.id)}
        >
          Delete webhook
        </Button>
      </div>
    </Dialog>
  );
}
