import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTokens } from '../../src/providers/llm/token-counter.js';

/** A chat-completions request body as the fake received it (the fields the adapters send). */
export interface FakeChatBody {
  model: string;
  messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> | null; name?: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  tools?: Array<{ type: 'function'; function: { name: string; parameters?: unknown } }>;
  tool_choice?: string | { type: 'function'; function: { name: string } };
  [key: string]: unknown;
}

export interface FakeChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: FakeChatBody;
  /** Milliseconds since the server started. */
  receivedAt: number;
}

/**
 * What the fake answers. `json` is sent as a tool call when the request forces a function
 * (tool_choice), otherwise as JSON text in `message.content` (response_format json_schema).
 */
export type FakeReply =
  | { content: string; delayMs?: number }
  | { json: unknown; delayMs?: number }
  | { status: number; message?: string; retryAfterSeconds?: number; delayMs?: number }
  | { hang: true };

export type FakeResponder = (request: FakeChatRequest, callIndex: number) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAiServerOptions {
  /** Answer for requests with no queued reply; by default a short text. */
  respond?: FakeResponder;
  /** Vector of one text for POST /embeddings; by default hashed words (texts sharing words are close). */
  embed?: (text: string) => number[];
  /** Added before every answer (simulated model latency). */
  latencyMs?: number;
}

/** Text of a message's content, string or parts. */
export function messageText(message: FakeChatBody['messages'][number]): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => part.text ?? '').join('');
}

/** Text of the last user message, where the adapters put the task and the delimited book text. */
export function lastUserText(body: FakeChatBody): string {
  const users = body.messages.filter((message) => message.role === 'user');
  return users.length ? messageText(users[users.length - 1]!) : '';
}

/** The name of the structured answer a request asks for (json_schema or forced function), if any. */
export function structuredOutputName(body: FakeChatBody): string | undefined {
  return body.response_format?.json_schema?.name ?? forcedToolName(body);
}

/** Sentences of the delimited book text with the page each stands on ("[p. N]" markers or "(p. N)" citations). */
export function citedSentences(body: FakeChatBody): Array<{ text: string; page: string }> {
  const data = /<book_text>\n([\s\S]*)\n<\/book_text>/.exec(lastUserText(body))?.[1] ?? '';
  // Headings the adapter adds and the Markdown of chapter notes are not sentences of the book.
  const prose = data
    .split('\n')
    .filter((line) => !/^(?:Book|Chapter|Topic):|^Part \d+:\s*$|^Chapter \d+: |^#+\s/.test(line))
    .map((line) => line.replace(/^[-*]\s+(?:\*\*[^*]+\*\*:\s*)?/, '').replace(/\\(.)/g, '$1'))
    .join(' ');
  const sentences: Array<{ text: string; page: string }> = [];
  const seen = new Set<string>();
  for (const block of prose.split(/(?=\[p\. [^\]]+\])/)) {
    const page = /^\[p\. ([^\]]+)\]/.exec(block)?.[1];
    const body = block.replace(/^\[p\. [^\]]+\]\s*/, '');
    // A citation after the full stop ("… town. (p. 3)") belongs to the sentence before it.
    for (const raw of body.split(/(?<=[.!?](?:\s*\(pp?\. [^)]*\))?)\s+(?=[A-Z])/)) {
      const cited = /\(pp?\. ([^)–]+)[^)]*\)/.exec(raw)?.[1];
      const text = raw.replace(/\s*\(pp?\. [^)]*\)/g, '').trim();
      const label = cited ?? page;
      if (!label || !/^[A-Z].{12,}[.!?]$/.test(text) || seen.has(text)) continue;
      seen.add(text);
      sentences.push({ text, page: label });
    }
  }
  return sentences;
}

/**
 * Well-formed study notes built from the request's own sentences and pages, as a model following the
 * notes prompt would answer; tests change a copy to script bad answers.
 */
export function scriptedNotes(body: FakeChatBody, kind: 'fiction' | 'non-fiction' = 'non-fiction') {
  const sentences = citedSentences(body);
  // "A toll is a fee …", "Chlorophyll is the pigment …", "… a process called photosynthesis."
  const defines = /^(?:(?:An?|The) )?([A-Za-z]+(?: [a-z]+)?) (?:is|are) (?:an?|the) |\bcalled ([a-z]+)[.,]/;
  const defined = sentences.find((sentence) => defines.test(sentence.text));
  const match = defined && defines.exec(defined.text)!;
  const term = match && (match[1] ?? match[2])!.replace(/^./, (letter) => letter.toUpperCase());
  const rest = sentences.filter((sentence) => sentence !== defined);
  return {
    kind,
    overview: rest.slice(0, 2),
    key_points: rest.slice(2, 6),
    key_terms: kind === 'non-fiction' && defined ? [{ term: term!, definition: defined.text, page: defined.page }] : [],
    characters: [],
  };
}

/**
 * A local OpenAI-compatible chat-completions server (node:http on 127.0.0.1, random port) for tests and
 * benchmarks: plain and streaming (SSE, usage in the last chunk) answers, response_format json_schema,
 * tools/tool_choice, token usage counted with the o200k_base tokenizer, scripted replies, latency, errors
 * and hangs. Records every request and the highest number of requests in flight at once.
 */
export class FakeOpenAiServer {
  readonly requests: FakeChatRequest[] = [];
  /** The `input` texts of every POST /embeddings, one array per request. */
  readonly embeddingRequests: string[][] = [];
  private readonly embed: (text: string) => number[];
  inFlight = 0;
  maxInFlight = 0;
  promptTokens = 0;
  completionTokens = 0;
  private readonly queue: FakeReply[] = [];
  private readonly startedAt = Date.now();
  private respond: FakeResponder;
  private latencyMs: number;
  private server: Server | undefined;
  private port = 0;

  constructor(options: FakeOpenAiServerOptions = {}) {
    this.respond = options.respond ?? defaultReply;
    this.latencyMs = options.latencyMs ?? 0;
    this.embed = options.embed ?? hashedWordVector;
  }

  /** Base URL to give an OpenAI client, ending in /v1. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on(
        'end',
        () =>
          void this.handle(
            request.url ?? '/',
            request.method ?? 'GET',
            request.headers,
            Buffer.concat(chunks),
            response,
          ),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Replies used in order before the responder is asked. */
  enqueue(...replies: FakeReply[]): void {
    this.queue.push(...replies);
  }

  setResponder(respond: FakeResponder): void {
    this.respond = respond;
  }

  setLatency(latencyMs: number): void {
    this.latencyMs = latencyMs;
  }

  /** Forgets recorded requests, counters and queued replies. */
  reset(): void {
    this.requests.length = 0;
    this.embeddingRequests.length = 0;
    this.queue.length = 0;
    this.maxInFlight = this.inFlight;
    this.promptTokens = 0;
    this.completionTokens = 0;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const server = this.server;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(
    url: string,
    method: string,
    headers: IncomingHttpHeaders,
    raw: Buffer,
    response: ServerResponse,
  ): Promise<void> {
    const path = url.split('?')[0] ?? '/';
    if (method === 'POST' && /\/embeddings$/.test(path)) return this.handleEmbeddings(raw, response);
    if (method !== 'POST' || !/\/chat\/completions$/.test(path)) {
      return sendJson(response, 404, {
        error: { message: `Unknown route ${method} ${path}`, type: 'invalid_request_error', param: null, code: null },
      });
    }
    let body: FakeChatBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as FakeChatBody;
    } catch {
      return sendJson(response, 400, {
        error: { message: 'Body is not JSON', type: 'invalid_request_error', param: null, code: null },
      });
    }
    if (!body.model || !Array.isArray(body.messages)) {
      return sendJson(response, 400, {
        error: { message: 'model and messages are required', type: 'invalid_request_error', param: null, code: null },
      });
    }
    const chatRequest: FakeChatRequest = { path, headers, body, receivedAt: Date.now() - this.startedAt };
    const callIndex = this.requests.length;
    this.requests.push(chatRequest);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    let finished = false;
    const finish = () => {
      if (!finished) this.inFlight -= 1;
      finished = true;
    };
    response.on('close', finish);

    const reply = this.queue.shift() ?? (await this.respond(chatRequest, callIndex));
    if ('hang' in reply) return; // never answers; the client's timeout must act
    const delay = this.latencyMs + (reply.delayMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (response.destroyed) return;

    if ('status' in reply) {
      const type =
        reply.status === 429 ? 'rate_limit_error' : reply.status >= 500 ? 'server_error' : 'invalid_request_error';
      const extraHeaders: Record<string, string> =
        reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) };
      return sendJson(
        response,
        reply.status,
        { error: { message: reply.message ?? `Fake error ${reply.status}`, type, param: null, code: null } },
        extraHeaders,
      );
    }

    const forcedTool = forcedToolName(body);
    const toolCall =
      'json' in reply && forcedTool
        ? {
            id: `call_${callIndex}`,
            type: 'function' as const,
            function: { name: forcedTool, arguments: JSON.stringify(reply.json) },
          }
        : undefined;
    const content = toolCall ? null : 'json' in reply ? JSON.stringify(reply.json) : reply.content;
    const usage = this.countUsage(body, content ?? toolCall?.function.arguments ?? '');
    const id = `chatcmpl-fake-${callIndex}`;
    const created = Math.floor(Date.now() / 1000);

    if (body.stream) {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`;
      response.write(chunk({ role: 'assistant', content: '' }, null));
      if (toolCall) {
        response.write(chunk({ tool_calls: [{ index: 0, ...toolCall }] }, null));
      } else {
        for (const piece of (content ?? '').match(/[\s\S]{1,24}/g) ?? [])
          response.write(chunk({ content: piece }, null));
      }
      response.write(chunk({}, toolCall ? 'tool_calls' : 'stop'));
      if (body.stream_options?.include_usage) {
        response.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`,
        );
      }
      response.end('data: [DONE]\n\n');
      return;
    }
    sendJson(response, 200, {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, ...(toolCall ? { tool_calls: [toolCall] } : {}) },
          logprobs: null,
          finish_reason: toolCall ? 'tool_calls' : 'stop',
        },
      ],
      usage,
    });
  }

  // The OpenAI SDK asks for base64 (float32 little-endian) unless told otherwise; both are answered.
  private handleEmbeddings(raw: Buffer, response: ServerResponse): void {
    const body = JSON.parse(raw.toString('utf8')) as {
      model: string;
      input: string | string[];
      encoding_format?: string;
    };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    this.embeddingRequests.push(inputs);
    const data = inputs.map((text, index) => {
      const vector = this.embed(text);
      const embedding =
        body.encoding_format === 'float' ? vector : Buffer.from(new Float32Array(vector).buffer).toString('base64');
      return { object: 'embedding', index, embedding };
    });
    const tokens = inputs.reduce((sum, text) => sum + countTokens(text), 0);
    sendJson(response, 200, {
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  // Counted like OpenAI: every message's text plus a few tokens of framing, and the schema or tools sent.
  private countUsage(body: FakeChatBody, output: string) {
    let prompt = 3;
    for (const message of body.messages) prompt += 3 + countTokens(messageText(message)) + countTokens(message.role);
    if (body.response_format?.json_schema)
      prompt += countTokens(JSON.stringify(body.response_format.json_schema.schema));
    if (body.tools) prompt += countTokens(JSON.stringify(body.tools));
    const completion = countTokens(output);
    this.promptTokens += prompt;
    this.completionTokens += completion;
    return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  }
}

/** Topics a model would find: the request's most frequent long words, each with the pages it is on. */
export function scriptedTopics(body: FakeChatBody) {
  const pages = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const { text, page } of citedSentences(body)) {
    for (const word of text.toLowerCase().match(/\p{L}{6,}/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      pages.set(word, (pages.get(word) ?? new Set()).add(page));
    }
  }
  const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 4);
  return {
    topics: top.map(([word]) => ({ title: word[0]!.toUpperCase() + word.slice(1), pages: [...pages.get(word)!] })),
  };
}

/**
 * A responder that answers study-notes and topics requests with `scriptedNotes` and `scriptedTopics`,
 * and every other request with `respond`.
 */
export function withScriptedNotes(respond: FakeResponder): FakeResponder {
  return (request, callIndex) => {
    const name = structuredOutputName(request.body);
    if (name?.endsWith('_notes')) return { json: scriptedNotes(request.body) };
    if (name === 'chapter_topics') return { json: scriptedTopics(request.body) };
    return respond(request, callIndex);
  };
}

const defaultReply = withScriptedNotes(() => ({ content: 'A short answer from the fake model (p. 1).' }));

/** A 64-dimension bag of words: each lower-cased word adds 1 to the dimension its hash picks. */
export function hashedWordVector(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % 64]! += 1;
  }
  return vector;
}

function forcedToolName(body: FakeChatBody): string | undefined {
  if (!body.tools?.length) return undefined;
  if (typeof body.tool_choice === 'object') return body.tool_choice.function.name;
  if (body.tool_choice === 'required' || body.tool_choice === 'auto' || body.tool_choice === undefined)
    return body.tools[0]?.function.name;
  return undefined;
}

function sendJson(
  response: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Starts a fake on a random loopback port. */
export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  return new FakeOpenAiServer(options).start();
}
