import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import {
  ensureBackendBuilt,
  freePort,
  startServer,
  waitUntilUp,
  type ServerProcess,
} from '../support/server-process.js';

describe('The server process', () => {
  const servers: ServerProcess[] = [];
  beforeAll(() => ensureBackendBuilt(), 180_000);
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });

  it('stops cleanly with exit code 0 on SIGTERM (LIFE-1)', async () => {
    const server = await startServer();
    servers.push(server);
    await waitUntilUp(server);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 150_000);

  it('reports readiness per dependency and answers 503 naming Redis when it is down (JOB-3)', async () => {
    const deadRedis = await freePort();
    const server = await startServer({ REDIS_URL: `redis://127.0.0.1:${deadRedis}` });
    servers.push(server);
    await waitUntilUp(server);
    const response = await fetch(`${server.url}/api/health/ready`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe('unavailable');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.redis).toMatch(/^down/);
  }, 150_000);

  it('refuses to start with a message naming the bad variable', async () => {
    const server = await startServer({ PORT: 'eighty' });
    servers.push(server);
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('PORT');
  }, 90_000);

  it('serves the OpenAPI document built from the shared contract', async () => {
    const server = await startServer();
    servers.push(server);
    await waitUntilUp(server);
    const document = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/books/upload', '/books/{id}', '/payments/detect-location']),
    );
    const page = await fetch(`${server.url}/api/docs`);
    expect(await page.text()).toContain('swagger-ui');
  }, 150_000);

  it('finishes an ingestion whose process was killed with SIGKILL mid-book after a restart (JOB-2)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chapterwise-crash-'));
    try {
      const first = await startServer({}, 'main.js', dataDir);
      servers.push(first);
      await waitUntilUp(first);
      const api = (server: ServerProcess, path: string, init: RequestInit = {}) =>
        fetch(`${server.url}/api${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
      const registered = await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Crash Test', email: 'crash@example.com', password: 'secret12' }),
      });
      const { token } = (await registered.json()) as { token: string };
      const chapters = Array.from({ length: 12 }, (_, i) => ({ title: `Part ${i + 1}`, pages: 25 }));
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await textBookPdf({ title: 'A Long Book', chapters, outline: true }))], {
          type: 'application/pdf',
        }),
        'long.pdf',
      );
      const { id } = (await (await api(first, '/books/upload', { method: 'POST', body: form })).json()) as {
        id: string;
      };

      // Kill the process as soon as the book is being worked on.
      for (let status = 'queued'; status === 'queued';) {
        status = ((await (await api(first, `/books/${id}`)).json()) as { status: string }).status;
        if (status === 'completed') throw new Error('the book finished before the kill; make it longer');
      }
      first.child.kill('SIGKILL');
      await first.exit;

      const second = await startServer({}, 'main.js', dataDir);
      servers.push(second);
      await waitUntilUp(second);
      let book = { status: '', total_pages: 0, chapter_count: 0 };
      const deadline = Date.now() + 90_000;
      while (book.status !== 'completed' && book.status !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        book = (await (await api(second, `/books/${id}`)).json()) as typeof book;
      }
      expect(book).toMatchObject({ status: 'completed', chapter_count: 12 });
      expect(book.total_pages).toBeGreaterThanOrEqual(300);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
