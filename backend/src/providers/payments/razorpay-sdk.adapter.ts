import type { PaidPlan } from '@chapterwise/shared';
import Razorpay from 'razorpay';
import { PaymentProviderError, SubscriptionNotFoundError } from './payment-provider.error.js';
import { subscriptionPaymentSignatureValid, webhookSignatureValid } from './razorpay-signatures.js';
import { RazorpayGateway, type CancelTiming, type RazorpaySubscription } from './razorpay.port.js';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  planIds: Record<PaidPlan, string>;
  baseUrl: string;
  timeoutMs?: number;
}

// Razorpay's own answer for an id it does not have (documented with 400; some of its endpoints answer 404).
const UNKNOWN_ID = /the id provided does not exist/i;

// Monthly cycles for ten years: Razorpay needs a finite count; cancelling ends it sooner.
const TOTAL_MONTHLY_CYCLES = 120;

interface SdkSubscription {
  id: string;
  status: string;
  current_end?: number | null;
}

/** The official SDK, pointed at `baseUrl` (Razorpay itself, or a local fake in tests). */
export class RazorpaySdkGateway extends RazorpayGateway {
  readonly keyId: string;
  private readonly client: Razorpay;

  constructor(private readonly settings: RazorpaySettings) {
    super();
    this.keyId = settings.keyId;
    this.client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    // razorpay 2.9.8 hard-codes https://api.razorpay.com in the axios instance it keeps at `api.rq`.
    const http = (this.client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api
      .rq;
    http.defaults.baseURL = settings.baseUrl;
    http.defaults.timeout = settings.timeoutMs ?? 10_000;
  }

  async createSubscription(input: {
    plan: PaidPlan;
    sessionId: string;
    notes: Record<string, string>;
  }): Promise<RazorpaySubscription> {
    const created = await this.call(() =>
      this.client.subscriptions.create({
        plan_id: this.settings.planIds[input.plan],
        total_count: TOTAL_MONTHLY_CYCLES,
        quantity: 1,
        customer_notify: 1,
        notes: input.notes,
      }),
    );
    return toSubscription(created);
  }

  async fetchSubscription(subscriptionId: string): Promise<RazorpaySubscription> {
    return toSubscription(await this.call(() => this.client.subscriptions.fetch(subscriptionId), subscriptionId));
  }

  async cancelSubscription(subscriptionId: string, when: CancelTiming = 'at_cycle_end'): Promise<RazorpaySubscription> {
    return toSubscription(
      await this.call(() => this.client.subscriptions.cancel(subscriptionId, when === 'at_cycle_end'), subscriptionId),
    );
  }

  paymentSignatureValid(input: { paymentId: string; subscriptionId: string; signature: string }): boolean {
    return subscriptionPaymentSignatureValid(this.settings.keySecret, input);
  }

  webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean {
    return !!this.settings.webhookSecret && webhookSignatureValid(this.settings.webhookSecret, rawBody, signature);
  }

  // The SDK rejects with `{ statusCode, error }` for API errors and a TypeError when nothing answered.
  // `subscriptionId` names the subscription the call is about, so "no such id" can be told from other refusals.
  private async call<T>(request: () => Promise<T>, subscriptionId?: string): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const apiError = error as { statusCode?: number; error?: { description?: string } };
      if (typeof apiError?.statusCode === 'number') {
        const description = apiError.error?.description ?? `HTTP ${apiError.statusCode}`;
        if (
          subscriptionId &&
          (apiError.statusCode === 400 || apiError.statusCode === 404) &&
          UNKNOWN_ID.test(description)
        ) {
          throw new SubscriptionNotFoundError('razorpay', subscriptionId, apiError.statusCode);
        }
        throw new PaymentProviderError('razorpay', description, apiError.statusCode);
      }
      throw new PaymentProviderError(
        'razorpay',
        `no usable answer (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
}

function toSubscription(subscription: unknown): RazorpaySubscription {
  const value = subscription as SdkSubscription;
  if (typeof value?.id !== 'string' || typeof value.status !== 'string') {
    throw new PaymentProviderError('razorpay', 'unexpected subscription response');
  }
  return {
    id: value.id,
    status: value.status,
    currentEnd: typeof value.current_end === 'number' ? new Date(value.current_end * 1000) : null,
  };
}
