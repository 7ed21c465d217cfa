import { WebhooksUpgradeRequiredSchema, type CreatedWebhook, type CreateWebhookRequest } from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { isUpgradeRequired } from '../settings/premium-feature-panel.js';

export const WEBHOOK_DELIVERY_POLL_MS = 2000;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (webhookId: string) => [...webhookKeys.all, 'deliveries', webhookId] as const,
};

export const webhookQueries = {
  /** The user's webhooks (Premium; other plans get 403 upgrade_required); polled while a delivery is pending. */
  list: () =>
    queryOptions({
      queryKey: webhookKeys.list(),
      queryFn: () => api.listWebhooks(),
      refetchInterval: (query) =>
        query.state.data?.some((webhook) => webhook.last_delivery?.status === 'pending')
          ? WEBHOOK_DELIVERY_POLL_MS
          : false,
    }),
  /** A webhook's delivery log, newest first; polled while a delivery waits for a try or a retry. */
  deliveries: (webhookId: string) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(webhookId),
      queryFn: () => api.listWebhookDeliveries(webhookId),
      refetchInterval: (query) =>
        query.state.data?.some((delivery) => delivery.status === 'pending') ? WEBHOOK_DELIVERY_POLL_MS : false,
    }),
};

/** The signing secret is shown only once: the form gets it first, then the list reloads under a busy button. */
export function useCreateWebhookMutation({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => api.createWebhook(body),
    onSuccess: async (webhook) => {
      onCreated(webhook);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
    onError: (error) => {
      // The plan lost webhooks: the reloaded list turns the panel into the upgrade prompt.
      if (isUpgradeRequired(error, WebhooksUpgradeRequiredSchema)) {
        void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
      }
    },
  });
}

/** The test event is queued, not sent: the log opens at once and both lists reload to start polling it. */
export function useSendWebhookTestMutation(webhookId: string, { onQueued }: { onQueued: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.sendWebhookTest(webhookId),
    onSuccess: async () => {
      onQueued();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
      ]);
    },
  });
}

/** The server deletes the log with the webhook, so its cached deliveries are dropped, not kept. */
export function useDeleteWebhookMutation({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteWebhook(id),
    onSuccess: async (_result, id) => {
      onDeleted();
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
