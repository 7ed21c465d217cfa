import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface FakePaypalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Billing plan ids that exist on this account. */
  planIds: string[];
}

export interface FakePaypalSubscription {
  id: string;
  plan_id: string;
  custom_id: string | undefined;
  status: string;
  status_update_time: string;
  create_time: string;
  start_time: string;
  return_url: string;
  cancel_url: string;
  next_billing_time: string | undefined;
}

export interface ReceivedPaypalRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

/**
 * PayPal's REST API on loopback, as far as subscriptions need it: OAuth2 client credentials,
 * `POST/GET /v1/billing/subscriptions`, and `POST /v1/notifications/verify-webhook-signature`. Webhook
 * deliveries are signed over `transmission_id|time|webhook_id|crc32(body)` as PayPal does (an HMAC
 * stands in for PayPal's certificate), so verification fails unless the event is passed on byte for byte.
 */
export class FakePaypalServer {
  readonly requests: ReceivedPaypalRequest[] = [];
  readonly subscriptions = new Map<string, FakePaypalSubscription>();
  private readonly tokens = new Set<string>();
  private readonly byRequestId = new Map<string, string>();
  private readonly signingKey = randomBytes(32);

  private constructor(
    private readonly server: Server,
    private readonly options: FakePaypalOptions,
  ) {}

  static async start(options: FakePaypalOptions): Promise<FakePaypalServer> {
    const server = createServer();
    const fake = new FakePaypalServer(server, options);
    server.on('request', (request, response) => {
      fake.handle(request).then(
        ({ status, body }) => {
          if (status === 204) return void response.writeHead(204).end();
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

  /** How many access tokens were issued (a client should reuse its token). */
  get tokensIssued(): number {
    return this.tokens.size;
  }

  /** PayPal no longer has the subscription: its GET and cancel answer 404 RESOURCE_NOT_FOUND. */
  forget(subscriptionId: string): void {
    this.subscriptions.delete(subscriptionId);
  }

  /** The buyer approved and the first cycle was paid. */
  approve(subscriptionId: string, now = new Date()): void {
    this.setStatus(subscriptionId, 'ACTIVE', {
      next_billing_time: new Date(now.getTime() + 30 * 24 * 3600_000).toISOString(),
    });
  }

  setStatus(subscriptionId: string, status: string, changes: Partial<FakePaypalSubscription> = {}): void {
    Object.assign(this.mustFind(subscriptionId), { status, status_update_time: new Date().toISOString(), ...changes });
  }

  /** A webhook event for a subscription, shaped like PayPal's (the subscription as the resource). */
  subscriptionEvent(
    eventType: string,
    subscriptionId: string,
    options: { id?: string; createTime?: Date } = {},
  ): Record<string, unknown> {
    return {
      id: options.id ?? `WH-${randomUUID().toUpperCase()}`,
      event_version: '1.0',
      create_time: (options.createTime ?? new Date()).toISOString(),
      resource_type: 'subscription',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Subscription ${eventType.split('.').pop()?.toLowerCase()}`,
      resource: this.representation(this.mustFind(subscriptionId)),
      links: [],
    };
  }

  /** PAYMENT.SALE.COMPLETED for a charge of the subscription (the first or a renewal): the sale is the resource. */
  saleCompletedEvent(
    subscriptionId: string,
    options: { total: string; id?: string; saleId?: string; createTime?: Date },
  ): Record<string, unknown> {
    this.mustFind(subscriptionId);
    const createTime = (options.createTime ?? new Date()).toISOString();
    return {
      id: options.id ?? `WH-${randomUUID().toUpperCase()}`,
      event_version: '1.0',
      create_time: createTime,
      resource_type: 'sale',
      event_type: 'PAYMENT.SALE.COMPLETED',
      summary: `Payment completed for $ ${options.total} USD`,
      resource: {
        id: options.saleId ?? randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        state: 'completed',
        amount: { total: options.total, currency: 'USD', details: { subtotal: options.total } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        billing_agreement_id: subscriptionId,
        create_time: createTime,
        update_time: createTime,
        links: [],
      },
      links: [],
    };
  }

  /** The headers PayPal sends with a delivery of exactly these bytes. */
  signWebhook(rawBody: string): Record<string, string> {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    return {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-fake`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': this.signature(
        transmissionId,
        transmissionTime,
        this.options.webhookId,
        Buffer.from(rawBody),
      ),
    };
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', this.url);
    const raw = await readBody(request);
    this.requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, raw });

    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') return this.issueToken(request, raw);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing/subscriptions') return this.create(request, raw);
    const match = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]!));
      return subscription ? { status: 200, body: this.representation(subscription) } : notFound();
    }
    const cancel = /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const subscription = this.subscriptions.get(decodeURIComponent(cancel[1]!));
      if (!subscription) return notFound();
      if (!['ACTIVE', 'SUSPENDED', 'APPROVED'].includes(subscription.status)) {
        return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', message: 'SUBSCRIPTION_STATUS_INVALID' } };
      }
      subscription.status = 'CANCELLED';
      return { status: 204, body: undefined };
    }
    if (request.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature')
      return this.verify(raw);
    return notFound();
  }

  private issueToken(request: IncomingMessage, raw: string): { status: number; body: unknown } {
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (
      request.headers.authorization !== expected ||
      new URLSearchParams(raw).get('grant_type') !== 'client_credentials'
    ) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.add(token);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: 32400,
        nonce: randomUUID(),
      },
    };
  }

  private create(request: IncomingMessage, raw: string): { status: number; body: unknown } {
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId === 'string' && this.byRequestId.has(requestId)) {
      return { status: 201, body: this.representation(this.mustFind(this.byRequestId.get(requestId)!)) };
    }
    const body = JSON.parse(raw) as {
      plan_id?: string;
      custom_id?: string;
      application_context?: { return_url?: string; cancel_url?: string };
    };
    if (!body.plan_id || !this.options.planIds.includes(body.plan_id)) {
      return {
        status: 422,
        body: {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed.',
          details: [{ issue: 'INVALID_PLAN_ID' }],
        },
      };
    }
    const context = body.application_context;
    if (!context?.return_url || !context.cancel_url) {
      return {
        status: 400,
        body: {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed.',
          details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }],
        },
      };
    }
    const now = new Date().toISOString();
    const subscription: FakePaypalSubscription = {
      id: `I-${randomBytes(6).toString('hex').toUpperCase()}`,
      plan_id: body.plan_id,
      custom_id: body.custom_id,
      status: 'APPROVAL_PENDING',
      status_update_time: now,
      create_time: now,
      start_time: now,
      return_url: context.return_url,
      cancel_url: context.cancel_url,
      next_billing_time: undefined,
    };
    this.subscriptions.set(subscription.id, subscription);
    if (typeof requestId === 'string') this.byRequestId.set(requestId, subscription.id);
    return { status: 201, body: this.representation(subscription) };
  }

  private verify(raw: string): { status: number; body: unknown } {
    const fields = JSON.parse(raw) as Record<string, string>;
    const event = topLevelValueSpan(raw, 'webhook_event');
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (!event || required.some((name) => typeof fields[name] !== 'string')) {
      return { status: 400, body: { name: 'VALIDATION_ERROR', message: 'Invalid request - see details.' } };
    }
    const expected = this.signature(
      fields.transmission_id!,
      fields.transmission_time!,
      this.options.webhookId,
      Buffer.from(event),
    );
    const genuine = fields.webhook_id === this.options.webhookId && fields.transmission_sig === expected;
    return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
  }

  private signature(transmissionId: string, time: string, webhookId: string, body: Buffer): string {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest('base64');
  }

  private representation(subscription: FakePaypalSubscription) {
    const active = subscription.status === 'ACTIVE';
    return {
      id: subscription.id,
      plan_id: subscription.plan_id,
      custom_id: subscription.custom_id,
      status: subscription.status,
      status_update_time: subscription.status_update_time,
      start_time: subscription.start_time,
      create_time: subscription.create_time,
      quantity: '1',
      ...(subscription.next_billing_time
        ? {
            billing_info: {
              outstanding_balance: { currency_code: 'USD', value: '0.0' },
              next_billing_time: subscription.next_billing_time,
              failed_payments_count: 0,
            },
          }
        : {}),
      links: [
        ...(subscription.status === 'APPROVAL_PENDING'
          ? [
              {
                href: `${this.url}/webapps/billing/subscriptions?ba_token=BA-${subscription.id.slice(2)}`,
                rel: 'approve',
                method: 'GET',
              },
            ]
          : []),
        {
          href: `${this.url}/v1/billing/subscriptions/${subscription.id}`,
          rel: active ? 'edit' : 'self',
          method: active ? 'PATCH' : 'GET',
        },
      ],
    };
  }

  private mustFind(id: string): FakePaypalSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`fake PayPal has no subscription ${id}`);
    return subscription;
  }
}

function notFound() {
  return {
    status: 404,
    body: {
      name: 'RESOURCE_NOT_FOUND',
      message: 'The specified resource does not exist.',
      details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' }],
    },
  };
}

/** The exact text of one top-level member's value in a JSON object (what PayPal signs is the body as sent). */
function topLevelValueSpan(json: string, key: string): string | undefined {
  let index = json.indexOf('{') + 1;
  const skipSpace = () => {
    while (/\s/.test(json[index] ?? '')) index += 1;
  };
  const readString = (): string => {
    const start = index;
    index += 1;
    while (json[index] !== '"') index += json[index] === '\\' ? 2 : 1;
    index += 1;
    return JSON.parse(json.slice(start, index)) as string;
  };
  // Leaves `index` just past the value: a string, an object or array (bracket depth), or a bare literal.
  const skipValue = () => {
    let depth = 0;
    while (index < json.length) {
      const char = json[index];
      if (char === '"') {
        readString();
        if (depth === 0) return;
        continue;
      }
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        if (depth === 0) return;
        depth -= 1;
        index += 1;
        if (depth === 0) return;
        continue;
      } else if (depth === 0 && char === ',') return;
      index += 1;
    }
  };
  while (index > 0 && index < json.length) {
    skipSpace();
    if (json[index] !== '"') return undefined;
    const name = readString();
    skipSpace();
    index += 1; // the colon
    skipSpace();
    const start = index;
    skipValue();
    if (name === key) return json.slice(start, index).trimEnd();
    skipSpace();
    if (json[index] !== ',') return undefined;
    index += 1;
  }
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
