import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received (what the signature covers). */
  body: string;
  receivedAt: number;
}

/** How to answer one request: a status, `reset` (drop the connection), or a function that answers itself. */
export type ReceiverAnswer = number | 'reset' | ((response: ServerResponse) => void | Promise<void>);

/**
 * A webhook endpoint on loopback: records every request and answers 200, or what the test queued
 * with `answerNext` (500s, dropped connections, redirects, a slow answer).
 */
export class WebhookReceiver {
  readonly requests: ReceivedWebhook[] = [];
  private readonly answers: ReceiverAnswer[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        for (const wake of receiver.waiters) wake();
        void receiver.answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The endpoint's URL on 127.0.0.1. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/chapterwise`;
  }

  /** The next requests get these answers, in order; then 200 again. */
  answerNext(...answers: ReceiverAnswer[]): void {
    this.answers.push(...answers);
  }

  /** Resolves once `count` requests have arrived. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`The receiver got ${this.requests.length} of ${count} requests within ${timeoutMs} ms`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 100);
      });
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(response: ServerResponse): Promise<void> {
    const next = this.answers.shift() ?? 200;
    if (next === 'reset') {
      response.socket?.destroy();
      return;
    }
    if (typeof next === 'function') {
      await next(response);
      return;
    }
    response.writeHead(next, { 'Content-Type': 'application/json' }).end(JSON.stringify({ received: true }));
  }
}
