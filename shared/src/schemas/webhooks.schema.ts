import { z } from 'zod';
import type { Plan } from '../constants/plans.js';
import { featureUpgradeRequiredSchema } from './feature-upgrade.schema.js';

export const WEBHOOKS_PLAN = 'premium' satisfies Plan;
export const WEBHOOKS_PER_USER_MAX = 5;
/** Tries per event and webhook: the first delivery and up to four retries with exponential backoff. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-ChapterWise-Signature';
/** Every webhook secret starts with this, so it is recognisable in logs and secret scanners. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_EVENT_TYPES = ['book.completed', 'book.failed'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
export const WebhookDeliveryTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
export type WebhookDeliveryType = z.infer<typeof WebhookDeliveryTypeSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** pending: waiting for its first try or a retry; succeeded: a 2xx answer; failed: gave up. */
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** Plain http and non-public hosts are refused by the server (production), not here. */
export const WebhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'url is required')
  .max(WEBHOOK_URL_MAX_LENGTH, `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((value) => parseHttpUrl(value) !== null, { message: 'Please enter a valid http:// or https:// URL' })
  .refine((value) => !hasCredentials(value), { message: 'The URL must not contain a user name or password' })
  // The fragment never reaches the receiver; dropping it keeps the stored URL honest.
  .transform((value) => value.replace(/#.*$/, ''));

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

function hasCredentials(value: string): boolean {
  const url = parseHttpUrl(value);
  return Boolean(url && (url.username || url.password));
}

export const CreateWebhookRequestSchema = z.object({
  url: WebhookUrlSchema,
  /** Defaults to every event. */
  events: z
    .array(WebhookEventTypeSchema)
    .min(1, 'Choose at least one event')
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)))
    .optional(),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;
/** The request as the server sees it after validation (trimmed URL, events in order). */
export type ValidCreateWebhookRequest = z.output<typeof CreateWebhookRequestSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  created_at: z.string(),
  /** The newest delivery's outcome, null before the first event. */
  last_delivery: z
    .object({
      status: WebhookDeliveryStatusSchema,
      event_type: WebhookDeliveryTypeSchema,
      created_at: z.string(),
      attempt_count: z.number().int(),
    })
    .nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookListSchema = z.array(WebhookSchema);

/** POST /webhooks: the only answer that carries the signing secret. */
export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
});
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int().min(1),
  /** The receiver's HTTP status; null when no answer came (refused address, DNS, timeout, connection). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  attempted_at: z.string(),
  /** When the next try is due; null after a success or the last try. */
  next_retry_at: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: WebhookDeliveryTypeSchema,
  status: WebhookDeliveryStatusSchema,
  created_at: z.string(),
  next_retry_at: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);

/** The JSON body POSTed to a webhook. `id` is the same on every retry of one event. */
const eventEnvelope = { id: z.string(), created_at: z.string() };
export const WebhookEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...eventEnvelope,
    type: z.literal('book.completed'),
    data: z.object({
      book_id: z.string(),
      title: z.string(),
      status: z.literal('completed'),
      total_pages: z.number().int(),
      chapter_count: z.number().int(),
    }),
  }),
  z.object({
    ...eventEnvelope,
    type: z.literal('book.failed'),
    data: z.object({
      book_id: z.string(),
      title: z.string(),
      status: z.literal('failed'),
      total_pages: z.number().int(),
      /** Plain-language reason, as the library shows it. */
      error: z.string(),
    }),
  }),
  z.object({
    ...eventEnvelope,
    type: z.literal('webhook.test'),
    data: z.object({ webhook_id: z.string(), message: z.string() }),
  }),
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhooksUpgradeRequiredSchema = featureUpgradeRequiredSchema('webhooks');
export type WebhooksUpgradeRequired = z.infer<typeof WebhooksUpgradeRequiredSchema>;
