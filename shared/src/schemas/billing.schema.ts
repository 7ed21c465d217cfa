import { z } from 'zod';
import { CURRENCIES, PLANS } from '../constants/plans.js';
import { userTextSchema } from '../user-text.js';

export const PaidPlanSchema = z.enum(['pro', 'premium']);
export type PaidPlan = z.infer<typeof PaidPlanSchema>;

export const UsageSchema = z.object({
  plan: z.enum(PLANS),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  period: z.string(),
  /** End of the paid period in force (the next renewal); null on the free plan. */
  renews_at: z.string().nullable().optional(),
  /** A paid plan that was cancelled: it ends at renews_at instead of renewing. */
  cancelled: z.boolean().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

const PriceSchema = z.object({ usd: z.number(), inr: z.number() });
export const LocationResponseSchema = z.object({
  detected_currency: z.enum(CURRENCIES),
  country_name: z.string(),
  pricing: z.object({ pro: PriceSchema, premium: PriceSchema }),
});
export type LocationResponse = z.infer<typeof LocationResponseSchema>;

export const CreateSubscriptionRequestSchema = z.object({ plan: PaidPlanSchema });
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequestSchema>;

export const RazorpaySubscriptionResponseSchema = z.object({
  razorpay_key: z.string(),
  subscription_id: z.string(),
  plan_name: z.string(),
  name: z.string(),
  email: z.string(),
  /** Set in test mode: the local checkout page to open instead of Razorpay Checkout. */
  test_checkout_url: z.string().optional(),
});
export type RazorpaySubscriptionResponse = z.infer<typeof RazorpaySubscriptionResponseSchema>;

export const RazorpayVerifyRequestSchema = z.object({
  razorpay_payment_id: z.string().min(1),
  razorpay_subscription_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});
export type RazorpayVerifyRequest = z.infer<typeof RazorpayVerifyRequestSchema>;

export const PaymentResultSchema = z.object({ status: z.literal('success'), plan: z.enum(PLANS) });
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const PaypalSubscriptionResponseSchema = z.object({ approve_url: z.string(), session_id: z.string() });
export type PaypalSubscriptionResponse = z.infer<typeof PaypalSubscriptionResponseSchema>;

export const PAYMENT_STATUSES = ['paid', 'pending', 'expired', 'failed'] as const;
/** Both readings of the spec: `payment_status` and `status` carry the same value. */
export const PaymentStatusResponseSchema = z.object({
  payment_status: z.enum(PAYMENT_STATUSES),
  status: z.enum(PAYMENT_STATUSES),
  plan: z.enum(PLANS),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

export const ContactRequestSchema = z.object({
  name: userTextSchema().trim().min(1, 'Name is required').max(120),
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  subject: userTextSchema().trim().min(1, 'Subject is required').max(200),
  message: userTextSchema({ multiline: true }).trim().min(1, 'Message is required').max(5000),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;
export const ContactResponseSchema = z.object({ message: z.string() });

export const RECEIPTS_MAX_LIMIT = 50;
export const ReceiptsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${RECEIPTS_MAX_LIMIT}`)
    .max(RECEIPTS_MAX_LIMIT, `limit must be between 1 and ${RECEIPTS_MAX_LIMIT}`)
    .default(24),
});
export type ReceiptsQuery = z.infer<typeof ReceiptsQuerySchema>;

/** One successful charge of a subscription (the first and each renewal), as the provider reported it. */
export const ReceiptSchema = z.object({
  id: z.string(),
  /** When the charge was made (ISO 8601). */
  date: z.string(),
  /** The amount charged, in minor units (cents, paise). */
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  provider: z.enum(['razorpay', 'paypal']),
  plan: PaidPlanSchema,
  /** The provider's payment id, to quote to the provider. */
  reference: z.string(),
  /** Paid, or refunded since. */
  status: z.enum(['paid', 'refunded']),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
export const ReceiptsResponseSchema = z.object({ receipts: z.array(ReceiptSchema) });
export type ReceiptsResponse = z.infer<typeof ReceiptsResponseSchema>;
