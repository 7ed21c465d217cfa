import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

/** How often a webhook with a delivery still in flight is checked again. */
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
