import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Plan ids that exist on this account. */
  planIds: string[];
}

export interface FakeRazorpaySubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: string;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string>;
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: string;
  remaining_count: number;
}

/** The payment entity a `subscription.charged` event carries (amount in paise). */
export interface FakeRazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  method: string;
  captured: boolean;
  invoice_id: string;
  created_at: number;
}

export interface ReceivedRazorpayRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

const MONTH_S = 30 * 24 * 60 * 60;

/**
 * Razorpay's Subscriptions API on loopback (`POST /v1/subscriptions`, `GET /v1/subscriptions/{id}`,
 * HTTP basic auth with key id and secret, Razorpay's error shape), plus what Razorpay Checkout and the
 * webhook sender do: a paid checkout signed with the key secret, and events signed with the webhook secret.
 */
export class FakeRazorpayServer {
  readonly requests: ReceivedRazorpayRequest[] = [];
  readonly subscriptions = new Map<string, FakeRazorpaySubscription>();
  /**
   * How an unknown subscription id is answered: Razorpay documents 400 "The id provided does not exist";
   * 404 is what some of its endpoints and proxies in front of it answer. Both mean "no such subscription".
   */
  unknownSubscriptionStatus: 400 | 404 = 400;

  private constructor(
    private readonly server: Server,
    private readonly options: FakeRazorpayOptions,
  ) {}

  static async start(options: FakeRazorpayOptions): Promise<FakeRazorpayServer> {
    const server = createServer();
    const fake = new FakeRazorpayServer(server, options);
    server.on('request', (request, response) => {
      fake.handle(request).then(
        ({ status, body }) => {
          const text = JSON.stringify(body);
          response
            .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
            .end(text);
        },
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What Checkout hands the merchant after the buyer pays the first cycle. */
  completeCheckout(
    subscriptionId: string,
    paidAt = new Date(),
  ): { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string } {
    const subscription = this.mustFind(subscriptionId);
    const start = Math.floor(paidAt.getTime() / 1000);
    Object.assign(subscription, {
      status: 'active',
      current_start: start,
      current_end: start + MONTH_S,
      charge_at: start + MONTH_S,
      paid_count: 1,
      remaining_count: subscription.total_count - 1,
    });
    const paymentId = `pay_${randomId()}`;
    return {
      razorpay_payment_id: paymentId,
      razorpay_subscription_id: subscriptionId,
      razorpay_signature: createHmac('sha256', this.options.keySecret)
        .update(`${paymentId}|${subscriptionId}`)
        .digest('hex'),
    };
  }

  /**
   * The next cycle is charged: the subscription moves on a month and the payment is returned, as
   * the `subscription.charged` webhook carries it (pass it as `payment` to `webhook`).
   */
  chargeRenewal(subscriptionId: string, amount: number, chargedAt = new Date()): FakeRazorpayPayment {
    const subscription = this.mustFind(subscriptionId);
    const start = Math.floor(chargedAt.getTime() / 1000);
    Object.assign(subscription, {
      status: 'active',
      current_start: start,
      current_end: start + MONTH_S,
      charge_at: start + MONTH_S,
      paid_count: subscription.paid_count + 1,
      remaining_count: subscription.remaining_count - 1,
    });
    return {
      id: `pay_${randomId()}`,
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      method: 'card',
      captured: true,
      invoice_id: `inv_${randomId()}`,
      created_at: start,
    };
  }

  /** Razorpay no longer has the subscription (removed on its side, or an id from another account). */
  forget(subscriptionId: string): void {
    this.subscriptions.delete(subscriptionId);
  }

  update(subscriptionId: string, changes: Partial<FakeRazorpaySubscription>): FakeRazorpaySubscription {
    return Object.assign(this.mustFind(subscriptionId), changes);
  }

  /**
   * A webhook delivery for a subscription event, shaped like Razorpay's, with the subscription as it
   * is now (plus `changes`) and the signature over the exact body.
   */
  webhook(
    event: string,
    subscriptionId: string,
    options: {
      createdAt?: Date;
      eventId?: string;
      changes?: Partial<FakeRazorpaySubscription>;
      payment?: FakeRazorpayPayment;
    } = {},
  ): { body: string; headers: Record<string, string> } {
    const entity = { ...this.mustFind(subscriptionId), ...options.changes };
    const payload = {
      entity: 'event',
      account_id: 'acc_FakeAccount01',
      event,
      contains: options.payment ? ['subscription', 'payment'] : ['subscription'],
      payload: {
        subscription: { entity },
        ...(options.payment ? { payment: { entity: options.payment } } : {}),
      },
      created_at: Math.floor((options.createdAt ?? new Date()).getTime() / 1000),
    };
    const body = JSON.stringify(payload);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': options.eventId ?? `evt_${randomId()}`,
        'x-razorpay-signature': createHmac('sha256', this.options.webhookSecret).update(body).digest('hex'),
      },
    };
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', this.url);
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      body,
    });

    const expected = `Basic ${Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return error(401, 'Authentication failed');

    if (request.method === 'POST' && url.pathname === '/v1/subscriptions') return this.create(body ?? {});
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]!));
      return subscription ? { status: 200, body: subscription } : this.unknownSubscription();
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const subscription = this.subscriptions.get(decodeURIComponent(cancel[1]!));
      if (!subscription) return this.unknownSubscription();
      if (['cancelled', 'completed', 'expired'].includes(subscription.status))
        return error(400, 'Subscription is not cancellable in cancelled status.');
      // At the cycle's end it stays active (and is cancelled then, with a webhook); otherwise at once.
      if (body?.cancel_at_cycle_end === 1 || body?.cancel_at_cycle_end === true) {
        subscription.has_scheduled_changes = true;
        subscription.change_scheduled_at = subscription.current_end;
      } else {
        subscription.status = 'cancelled';
        subscription.ended_at = Math.floor(Date.now() / 1000);
      }
      return { status: 200, body: subscription };
    }
    return error(404, 'The requested URL was not found on the server.');
  }

  private create(body: Record<string, unknown>): { status: number; body: unknown } {
    const planId = body.plan_id;
    if (typeof planId !== 'string' || !this.options.planIds.includes(planId))
      return error(400, 'The id provided does not exist');
    if (typeof body.total_count !== 'number' || body.total_count < 1)
      return error(400, 'The total count field is required.');
    const id = `sub_${randomId()}`;
    const subscription: FakeRazorpaySubscription = {
      id,
      entity: 'subscription',
      plan_id: planId,
      customer_id: null,
      status: 'created',
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity: typeof body.quantity === 'number' ? body.quantity : 1,
      notes: (body.notes as Record<string, string> | undefined) ?? {},
      charge_at: null,
      start_at: null,
      end_at: null,
      auth_attempts: 0,
      total_count: body.total_count,
      paid_count: 0,
      customer_notify: body.customer_notify !== 0 && body.customer_notify !== false,
      created_at: Math.floor(Date.now() / 1000),
      expire_by: null,
      short_url: `https://rzp.io/i/${randomId().slice(0, 8)}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: 'api',
      remaining_count: body.total_count,
    };
    this.subscriptions.set(id, subscription);
    return { status: 200, body: subscription };
  }

  private unknownSubscription(): { status: number; body: unknown } {
    return this.unknownSubscriptionStatus === 404
      ? error(404, 'The id provided does not exist', 'NOT_FOUND')
      : error(400, 'The id provided does not exist');
  }

  private mustFind(id: string): FakeRazorpaySubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`fake Razorpay has no subscription ${id}`);
    return subscription;
  }
}

function error(status: number, description: string, code = 'BAD_REQUEST_ERROR') {
  return {
    status,
    body: { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
  };
}

function randomId(): string {
  return randomBytes(10).toString('base64url').replace(/[-_]/g, 'X').slice(0, 14);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
