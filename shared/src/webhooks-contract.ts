import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';
import {
  CreatedWebhookSchema,
  CreateWebhookRequestSchema,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_PER_USER_MAX,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhooksUpgradeRequiredSchema,
} from './schemas/webhooks.schema.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });
const premiumOnly = { description: 'Webhooks need the Premium plan', schema: WebhooksUpgradeRequiredSchema };
const notFound = error('Not found, or not yours');
const id = z.object({ id: z.uuid() });

/** Webhooks (Premium): `book.completed` and `book.failed` events POSTed as signed JSON. */
export const WEBHOOK_ENDPOINTS = [
  {
    method: 'get',
    path: '/webhooks',
    operation: 'listWebhooks',
    tag: 'Webhooks',
    summary: 'Your webhooks, oldest first, with the outcome of the newest delivery (never the secret)',
    auth: true,
    responses: {
      200: { description: 'Webhooks', schema: WebhookListSchema },
      401: error('Not signed in'),
      403: premiumOnly,
    },
  },
  {
    method: 'post',
    path: '/webhooks',
    operation: 'createWebhook',
    tag: 'Webhooks',
    summary:
      `Register a URL for book events (at most ${WEBHOOKS_PER_USER_MAX}). The \`secret\` is in this answer only. ` +
      `Each POST carries \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix>,v1=<hex>\`, the HMAC-SHA256 of \`<t>.<raw body>\` ` +
      'keyed with the secret. Production servers accept https URLs on public addresses only.',
    auth: true,
    body: CreateWebhookRequestSchema,
    responses: {
      201: { description: 'Webhook registered', schema: CreatedWebhookSchema },
      400: error('Not an http(s) URL, plain http in production, or a host that is not a public address'),
      401: error('Not signed in'),
      403: premiumOnly,
      409: error('Already registered, or the webhook limit is reached'),
    },
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    operation: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Remove a webhook with its delivery log; pending retries stop',
    auth: true,
    params: id,
    responses: {
      200: { description: 'Removed', schema: z.object({ message: z.string() }) },
      403: premiumOnly,
      404: notFound,
    },
  },
  {
    method: 'post',
    path: '/webhooks/{id}/test',
    operation: 'sendWebhookTest',
    tag: 'Webhooks',
    summary: 'Queue a signed `webhook.test` event to this webhook; follow it in the delivery log',
    auth: true,
    params: id,
    responses: {
      202: { description: 'Test event queued', schema: WebhookDeliverySchema },
      403: premiumOnly,
      404: notFound,
      429: error('Too many test events'),
    },
  },
  {
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    operation: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: `The newest 50 deliveries with every try (status code, error, duration, next retry; at most ${WEBHOOK_MAX_ATTEMPTS} tries)`,
    auth: true,
    params: id,
    responses: {
      200: { description: 'Deliveries, newest first', schema: WebhookDeliveryListSchema },
      403: premiumOnly,
      404: notFound,
    },
  },
] as const satisfies readonly Endpoint[];
