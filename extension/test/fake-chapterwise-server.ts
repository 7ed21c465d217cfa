import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Book, BookListItem } from '@chapterwise/shared';

export interface ReceivedUpload {
  fileName: string;
  sourceUrl: string | null;
  size: number;
}

/** Speaks the slice of the API the background uses, on loopback, plus a site serving PDFs. */
export class FakeChapterWiseServer {
  readonly uploads: ReceivedUpload[] = [];
  readonly pdfRequests: string[] = [];
  /** Requests the API received, as "METHOD /path". */
  readonly apiRequests: string[] = [];
  readonly files = new Map<string, { body: Buffer; type: string }>();
  uploadLimit = Infinity;
  /** Sessions revoked through POST /api/auth/logout. */
  logouts = 0;
  private validToken: string | null = null;
  private readonly books = new Map<string, Book & { sha: string }>();
  private server = createServer((request, response) => void this.handle(request, response));
  url = '';

  static readonly EMAIL = 'reader@example.com';
  static readonly PASSWORD = 'correct horse';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  expireToken(): void {
    this.validToken = null;
  }

  deleteBook(id: string): void {
    this.books.delete(id);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };

    if (url.pathname.startsWith('/files/')) {
      this.pdfRequests.push(`${request.method} ${url.pathname}`);
      const file = this.files.get(url.pathname.slice('/files/'.length));
      if (!file) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
      return void response.end(request.method === 'HEAD' ? undefined : file.body);
    }
    this.apiRequests.push(`${request.method} ${url.pathname}`);
    if (url.pathname === '/api/health') return json(200, { status: 'ok' });
    if (url.pathname === '/api/auth/login' && request.method === 'POST') {
      const { email, password } = JSON.parse(body.toString()) as { email: string; password: string };
      if (email !== FakeChapterWiseServer.EMAIL || password !== FakeChapterWiseServer.PASSWORD) {
        return json(401, { detail: 'Incorrect email or password', code: 'UNAUTHENTICATED' });
      }
      this.validToken = randomUUID();
      return json(200, { token: this.validToken, user: { id: 'u1', name: 'Reader', email, plan: 'free' } });
    }
    if (!this.validToken || request.headers.authorization !== `Bearer ${this.validToken}`) {
      return json(401, { detail: 'Your session has expired. Please sign in again.', code: 'UNAUTHENTICATED' });
    }
    if (url.pathname === '/api/auth/logout' && request.method === 'POST') {
      this.logouts += 1;
      this.validToken = null;
      return json(200, { message: 'Signed out' });
    }
    if (url.pathname === '/api/books' && request.method === 'GET')
      return json(200, [...this.books.values()].map(listItem));
    if (url.pathname === '/api/books/upload' && request.method === 'POST') return this.upload(request, body, json);
    if (url.pathname === '/api/books/by-source' && request.method === 'GET') {
      const source = (url.searchParams.get('url') ?? '').replace(/#.*$/, '');
      const book = [...this.books.values()].find((candidate) => candidate.source_url === source);
      return json(200, { book: book ? listItem(book) : null });
    }
    const bookId = url.pathname.match(/^\/api\/books\/([^/]+)$/)?.[1];
    if (bookId && request.method === 'GET') {
      const book = this.books.get(bookId);
      if (!book) return json(404, { detail: 'Not found', code: 'NOT_FOUND' });
      const { sha: _sha, ...dto } = book;
      return json(200, dto);
    }
    json(404, { detail: 'Not found', code: 'NOT_FOUND' });
  }

  private async upload(request: IncomingMessage, body: Buffer, json: (status: number, payload: unknown) => void) {
    const form = await new Request('http://upload.local', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    }).formData();
    const file = form.get('file') as File;
    const bytes = Buffer.from(await file.arrayBuffer());
    const sourceUrl = (form.get('source_url') as string | null) ?? null;
    this.uploads.push({ fileName: file.name, sourceUrl, size: bytes.length });
    const sha = createHash('sha256').update(bytes).digest('hex');
    const existing = [...this.books.values()].find((book) => book.sha === sha);
    if (existing) {
      if (sourceUrl) existing.source_url = sourceUrl;
      return json(200, listItem(existing));
    }
    if (this.books.size >= this.uploadLimit) {
      return json(403, {
        detail: 'Monthly upload limit reached',
        code: 'UPGRADE_REQUIRED',
        upgrade_required: true,
        current_plan: 'free',
        limit: this.uploadLimit,
        used: this.books.size,
        message: `You have used ${this.books.size} of ${this.uploadLimit} uploads on the free plan this month.`,
      });
    }
    const id = randomUUID();
    const book: Book & { sha: string } = {
      id,
      title: file.name.replace(/\.pdf$/i, ''),
      status: 'queued',
      total_pages: 0,
      progress: 0,
      status_detail: null,
      created_at: new Date().toISOString(),
      pdf_url: `/api/files/${id}?sig=x`,
      full_summary: null,
      full_summary_engine: null,
      chapter_count: 0,
      error: null,
      source_url: sourceUrl,
      engine: 'offline',
      summary_job: null,
      sha,
    };
    this.books.set(id, book);
    json(201, listItem(book));
  }
}

function listItem(book: Book): BookListItem {
  const { id, title, status, total_pages, progress, status_detail, created_at } = book;
  return { id, title, status, total_pages, progress, status_detail, created_at };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A small valid-looking PDF body (the background only checks the signature). */
export function pdfBytes(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(4096)}\n%%EOF\n`);
}
