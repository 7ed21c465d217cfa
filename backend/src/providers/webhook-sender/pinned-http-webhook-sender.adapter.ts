import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { classifyAddress, isAllowedTarget, type AddressKind } from './public-address.js';
import {
  WebhookSender,
  WebhookTargetError,
  type WebhookRequest,
  type WebhookSendResult,
} from './webhook-sender.port.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface PinnedHttpWebhookSenderOptions {
  timeoutMs: number;
  requireHttps: boolean;
  allowLoopback: boolean;
  resolve?: HostResolver;
  userAgent?: string;
}

// The answer is read only to finish the exchange; receivers have no reason to send much.
const MAX_RESPONSE_BYTES = 64 * 1024;

const KIND_NAMES: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  unspecified: 'an unspecified address',
  shared: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  documentation: 'a documentation address',
  invalid: 'an invalid address',
};

const defaultResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

// Connects to the address it checked (Host and TLS name stay the URL's), so DNS rebinding cannot redirect it.
export class PinnedHttpWebhookSender extends WebhookSender {
  private readonly resolve: HostResolver;

  constructor(private readonly options: PinnedHttpWebhookSenderOptions) {
    super();
    this.resolve = options.resolve ?? defaultResolver;
  }

  async checkTarget(url: string): Promise<void> {
    await this.resolveTarget(url, AbortSignal.timeout(this.options.timeoutMs));
  }

  async send(request: WebhookRequest): Promise<WebhookSendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const target = await this.resolveTarget(request.url, controller.signal);
      const statusCode = await this.post(target, request, controller.signal);
      const ok = statusCode >= 200 && statusCode < 300;
      return { statusCode, error: ok ? null : answerError(statusCode), durationMs: elapsed(), permanent: false };
    } catch (error) {
      if (error instanceof WebhookTargetError) {
        return { statusCode: null, error: error.message, durationMs: elapsed(), permanent: true };
      }
      const message = controller.signal.aborted
        ? `No answer within ${formatSeconds(this.options.timeoutMs)}`
        : networkError(error);
      return { statusCode: null, error: message, durationMs: elapsed(), permanent: false };
    } finally {
      clearTimeout(timer);
    }
  }

  private async resolveTarget(rawUrl: string, signal: AbortSignal): Promise<PinnedTarget> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new WebhookTargetError('The URL is not valid');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookTargetError('The URL must be http(s)');
    if (url.protocol === 'http:' && this.options.requireHttps) {
      throw new WebhookTargetError('Webhook URLs must use https');
    }
    if (url.username || url.password) throw new WebhookTargetError('The URL must not contain a user name or password');
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(hostname)
      ? [{ address: hostname, family: isIP(hostname) }]
      : await raceAbort(this.resolve(hostname), signal).catch((error: unknown) => {
          if (signal.aborted) throw error;
          throw new WebhookTargetError(`The host ${hostname} could not be resolved`);
        });
    if (addresses.length === 0) throw new WebhookTargetError(`The host ${hostname} could not be resolved`);
    // Every address must pass: a name that also resolves to an internal address is refused outright.
    for (const { address } of addresses) {
      if (!isAllowedTarget(address, this.options)) {
        const kind = classifyAddress(address) as Exclude<AddressKind, 'public'>;
        const subject = isIP(hostname) ? `${hostname} is` : `The host ${hostname} resolves to`;
        throw new WebhookTargetError(
          `${subject} ${KIND_NAMES[kind]}; webhooks can only be sent to public internet addresses`,
        );
      }
    }
    const chosen = addresses[0]!;
    return { url, hostname, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
  }

  private post(target: PinnedTarget, request: WebhookRequest, signal: AbortSignal): Promise<number> {
    const { url } = target;
    const secure = url.protocol === 'https:';
    const body = Buffer.from(request.body, 'utf8');
    const options: RequestOptions & { servername?: string } = {
      host: target.address,
      family: target.family,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      signal,
      headers: {
        ...request.headers,
        Host: url.host,
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
        'User-Agent': this.options.userAgent ?? 'ChapterWise-Webhooks/1.0',
      },
    };
    // Certificates are checked against the URL's name, not the address connected to.
    if (secure && !isIP(target.hostname)) options.servername = target.hostname;
    return new Promise<number>((resolve, reject) => {
      const outgoing = (secure ? httpsRequest : httpRequest)(options, (response) => {
        drain(response).then(() => resolve(response.statusCode ?? 0), reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

interface PinnedTarget {
  url: URL;
  hostname: string;
  address: string;
  family: 4 | 6;
}

function drain(response: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_RESPONSE_BYTES) {
        response.destroy();
        resolve();
      }
    });
    response.on('end', () => resolve());
    response.on('error', reject);
    response.on('close', () => resolve());
  });
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

function answerError(statusCode: number): string {
  if (statusCode >= 300 && statusCode < 400) return `Answered ${statusCode}: redirects are not followed`;
  return `Answered ${statusCode}; a 2xx status is expected`;
}

function networkError(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'The connection was closed before an answer';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host is unreachable';
    case 'ETIMEDOUT':
      return 'The connection timed out';
    default:
      if (typeof code === 'string' && /CERT|TLS|SSL/i.test(code)) return `TLS error (${code})`;
      return typeof code === 'string' ? `Connection failed (${code})` : 'Connection failed';
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
