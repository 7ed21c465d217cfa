import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Mp3Encoder } from '@breezystack/lamejs';

export interface FakeTtsOptions {
  apiKey: string;
  model: string;
  voice: string;
  /** Length of the returned audio per input character. */
  msPerChar?: number;
  sampleRate?: number;
}

export interface ReceivedSpeechRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The MP3 sent back, when the request succeeded. */
  audio?: Buffer;
}

/**
 * An OpenAI-compatible `POST /v1/audio/speech` on loopback. It checks the bearer key and the body the
 * way the real API does, and answers with a real MP3 (a tone at 8 kHz, 48 kbps by default, so a client
 * must resample and re-encode to get its own format) whose length is proportional to the input.
 */
export class FakeTtsServer {
  readonly requests: ReceivedSpeechRequest[] = [];
  private failures: number[] = [];

  private constructor(
    private readonly server: Server,
    private readonly options: Required<FakeTtsOptions>,
  ) {}

  static async start(options: FakeTtsOptions): Promise<FakeTtsServer> {
    const server = createServer();
    const fake = new FakeTtsServer(server, { msPerChar: 4, sampleRate: 8000, ...options });
    server.on('request', (request, response) => {
      fake.handle(request).then(
        ({ status, type, body }) =>
          response.writeHead(status, { 'content-type': type, 'content-length': body.length }).end(body),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next requests answer with these statuses (e.g. 503) before normal service resumes. */
  failNext(...statuses: number[]): void {
    this.failures.push(...statuses);
  }

  // Audio length grows with the input, like real speech.
  private durationMsFor(input: string): number {
    return input.length * this.options.msPerChar;
  }

  close(): Promise<void> {
    const closed = new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
    this.server.closeAllConnections();
    return closed;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; type: string; body: Buffer }> {
    const json = (status: number, message: string) => ({
      status,
      type: 'application/json',
      body: Buffer.from(JSON.stringify({ error: { message, type: 'invalid_request_error' } })),
    });
    if (request.method !== 'POST' || request.url !== '/v1/audio/speech') return json(404, 'Unknown route');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
    } catch {
      return json(400, 'Body is not JSON');
    }
    const received: ReceivedSpeechRequest = { authorization: request.headers.authorization, body };
    this.requests.push(received);
    const failure = this.failures.shift();
    if (failure) return json(failure, 'Temporarily unavailable');
    if (request.headers.authorization !== `Bearer ${this.options.apiKey}`)
      return json(401, 'Incorrect API key provided');
    const { model, input, voice, response_format: format } = body;
    if (model !== this.options.model) return json(404, `The model ${String(model)} does not exist`);
    if (voice !== this.options.voice) return json(400, `Unknown voice ${String(voice)}`);
    if (typeof input !== 'string' || input.length === 0 || input.length > 4096)
      return json(400, 'input must be 1-4096 characters');
    if (format !== 'mp3') return json(400, `Unsupported response_format ${String(format)}`);
    received.audio = this.toneMp3(this.durationMsFor(input));
    return { status: 200, type: 'audio/mpeg', body: received.audio };
  }

  private toneMp3(durationMs: number): Buffer {
    const { sampleRate } = this.options;
    const samples = new Int16Array(Math.round((durationMs / 1000) * sampleRate));
    for (let index = 0; index < samples.length; index++)
      samples[index] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * index) / sampleRate));
    const encoder = new Mp3Encoder(1, sampleRate, 48);
    return Buffer.concat([Buffer.from(encoder.encodeBuffer(samples)), Buffer.from(encoder.flush())]);
  }
}
