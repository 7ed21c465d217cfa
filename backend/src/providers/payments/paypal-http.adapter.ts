import type { PaidPlan } from '@chapterwise/shared';
import { z } from 'zod';
import { PaymentProviderError, SubscriptionNotFoundError } from './payment-provider.error.js';
import { PaypalGateway, type PaypalSubscription, type PaypalWebhookHeaders } from './paypal.port.js';

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string | undefined;
  planIds: Record<PaidPlan, string>;
  baseUrl: string;
  timeoutMs?: number;
}

const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  billing_info: z.object({ next_billing_time: z.string().optional() }).optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
});
const VerificationSchema = z.object({ verification_status: z.string() });

// PayPal waits a few seconds for an answer; past this budget we answer 503 and it delivers again.
const WEBHOOK_VERIFY_BUDGET_MS = 4000;
// A token is renewed this long before PayPal says it expires.
const TOKEN_MARGIN_MS = 60_000;

/** A small fetch client for PayPal's REST API (OAuth2 client credentials), with a configurable base URL. */
export class PaypalHttpGateway extends PaypalGateway {
  private token: { value: string; expiresAt: number } | undefined;

  private readonly timeoutMs: number;

  constructor(private readonly settings: PaypalSettings) {
    super();
    this.timeoutMs = settings.timeoutMs ?? 10_000;
  }

  async createSubscription(input: {
    plan: PaidPlan;
    sessionId: string;
    userId: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PaypalSubscription & { approveUrl: string }> {
    const body = JSON.stringify({
      plan_id: this.settings.planIds[input.plan],
      custom_id: input.userId,
      application_context: {
        brand_name: 'ChapterWise',
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    });
    // The request id makes a retried create return the same subscription instead of a second one.
    const created = expectShape(
      SubscriptionSchema,
      await this.call('POST', '/v1/billing/subscriptions', body, { 'PayPal-Request-Id': input.sessionId }),
    );
    const approveUrl = created.links?.find((link) => link.rel === 'approve')?.href;
    if (!approveUrl) throw new PaymentProviderError('paypal', 'the new subscription has no approve link');
    return { ...toSubscription(created), approveUrl };
  }

  async getSubscription(subscriptionId: string): Promise<PaypalSubscription> {
    const found = await this.aboutSubscription(subscriptionId, () =>
      this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`),
    );
    return toSubscription(expectShape(SubscriptionSchema, found));
  }

  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.aboutSubscription(subscriptionId, () =>
      this.call(
        'POST',
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
        JSON.stringify({ reason }),
      ),
    );
  }

  // PayPal's 404 RESOURCE_NOT_FOUND means it has no such subscription; a 404 in any other shape (a proxy, a
  // wrong base URL) stays an outage, so an account is never deleted while a subscription may still charge.
  private async aboutSubscription<T>(subscriptionId: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 404 && error.vendorName === 'RESOURCE_NOT_FOUND') {
        throw new SubscriptionNotFoundError('paypal', subscriptionId, 404);
      }
      throw error;
    }
  }

  async webhookSignatureValid(headers: PaypalWebhookHeaders, rawBody: Buffer): Promise<boolean> {
    const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
    if (!this.settings.webhookId || !authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime)
      return false;
    const envelope = JSON.stringify({
      auth_algo: authAlgo,
      cert_url: certUrl,
      transmission_id: transmissionId,
      transmission_sig: transmissionSig,
      transmission_time: transmissionTime,
      webhook_id: this.settings.webhookId,
    });
    // The event goes in byte for byte: re-serialising parsed JSON can change it and fail verification.
    const body = `${envelope.slice(0, -1)},"webhook_event":${rawBody.toString('utf8')}}`;
    // One deadline for the token and the check: the webhook is answered within PayPal's patience (PAY-2).
    const deadline = AbortSignal.timeout(Math.min(this.timeoutMs, WEBHOOK_VERIFY_BUDGET_MS));
    const answer = expectShape(
      VerificationSchema,
      await this.call('POST', '/v1/notifications/verify-webhook-signature', body, {}, deadline),
    );
    return answer.verification_status === 'SUCCESS';
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    headers: Record<string, string> = {},
    deadline = AbortSignal.timeout(this.timeoutMs),
  ): Promise<unknown> {
    const send = async (token: string) =>
      this.fetch(
        path,
        {
          method,
          body,
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...headers,
          },
        },
        deadline,
      );
    let response = await send(await this.accessToken(deadline));
    if (response.status === 401) {
      // A token revoked early: fetch a new one once.
      this.token = undefined;
      response = await send(await this.accessToken(deadline));
    }
    return this.json(response);
  }

  private async accessToken(deadline: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const credentials = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const response = await this.fetch(
      '/v1/oauth2/token',
      {
        method: 'POST',
        body: 'grant_type=client_credentials',
        headers: {
          Authorization: `Basic ${credentials}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
      },
      deadline,
    );
    const token = expectShape(TokenSchema, await this.json(response));
    this.token = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.access_token;
  }

  private async fetch(path: string, init: RequestInit, deadline: AbortSignal): Promise<Response> {
    try {
      return await fetch(`${this.settings.baseUrl}${path}`, {
        ...init,
        signal: deadline,
      });
    } catch (error) {
      throw new PaymentProviderError('paypal', `no answer (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  private async json(response: Response): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new PaymentProviderError(
        'paypal',
        `answer cut short (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!response.ok) {
      const detail = safeJson(text) as { message?: string; error_description?: string; name?: string } | undefined;
      throw new PaypalApiError(
        detail?.message ?? detail?.error_description ?? detail?.name ?? `HTTP ${response.status}`,
        response.status,
        detail?.name,
      );
    }
    if (response.status === 204) return {}; // cancel answers No Content
    const parsed = safeJson(text);
    if (parsed === undefined) throw new PaymentProviderError('paypal', 'the answer was not JSON', response.status);
    return parsed;
  }
}

/** PayPal answered with an error; `vendorName` is its error `name` (RESOURCE_NOT_FOUND, UNPROCESSABLE_ENTITY…). */
class PaypalApiError extends PaymentProviderError {
  constructor(
    message: string,
    status: number,
    readonly vendorName: string | undefined,
  ) {
    super('paypal', message, status);
  }
}

function toSubscription(subscription: z.infer<typeof SubscriptionSchema>): PaypalSubscription {
  const next = subscription.billing_info?.next_billing_time;
  return { id: subscription.id, status: subscription.status, nextBillingTime: next ? new Date(next) : null };
}

function expectShape<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new PaymentProviderError(
      'paypal',
      `unexpected answer (${result.error.issues[0]?.path.join('.') ?? 'shape'})`,
    );
  return result.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
