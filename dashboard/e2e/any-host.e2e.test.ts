// The dashboard under any host name (issue 42, item 1). A student opens it at the machine's address, or
// from a phone under the name their network gives it, while the server's public URL (APP_URL, unset
// here, so http://localhost:PORT) names neither. The reader draws the book, the book and its summary PDF
// download, the narration plays and the slides export, at 127.0.0.1 and at studyhost.test (Chromium maps
// that name to 127.0.0.1, see CHROMIUM_ARGS), each file fetched from the host the page is on: the CSP
// lets a page fetch from its own origin only, and refuses anything else with a console error.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnabled, toast, useApp, waitForPath } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import {
  getAsUser,
  newAccount,
  postAsUser,
  registerUser,
  SECOND_HOST_NAME,
  startBackend,
  uploadBook,
  waitForBook,
  type RunningBackend,
  type Session,
} from './support/harness.js';

/** Every request the pages of `context` make, as URLs, to check that none leaves the page's origin. */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

function elsewhere(urls: string[], origin: string): string[] {
  return urls.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ url: string; name: string; head: string }> {
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await click();
  const file = await download;
  // The browser runs as a server of its own: the file is copied here rather than read where it landed.
  const copy = join(mkdtempSync(join(tmpdir(), 'chapterwise-any-host-')), file.suggestedFilename());
  await file.saveAs(copy);
  return {
    url: file.url(),
    name: file.suggestedFilename(),
    head: readFileSync(copy).subarray(0, 5).toString('latin1'),
  };
}

describe.skipIf(!e2eEnabled)('the dashboard opened under another host name than the public URL', () => {
  const app = useApp();
  let backend: RunningBackend;
  let session: Session;
  let bookId = '';
  let chapterId = '';

  beforeAll(async () => {
    // APP_URL unset: links for mail and payment returns say http://localhost:PORT, as on a fresh install.
    backend = await startBackend({ APP_URL: '' });
    session = await registerUser(backend.url, newAccount('any-host'));
    const book = await uploadBook(backend.url, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(backend.url, session.token, book.id, 300_000);
    bookId = book.id;
    // The offline engine writes the chapter notes and the cover right after processing.
    for (let tries = 0; tries < 120 && !chapterId; tries += 1) {
      const [chapters, books] = await Promise.all([
        getAsUser<{ id: string; summary: string | null }[]>(backend.url, session.token, `/books/${bookId}/chapters`),
        getAsUser<{ id: string; cover_url?: string | null }[]>(backend.url, session.token, '/books'),
      ]);
      const covered = books.some((item) => item.id === bookId && item.cover_url);
      if (covered && chapters.every((chapter) => chapter.summary)) chapterId = chapters[0]!.id;
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(chapterId).not.toBe('');
    await postAsUser(backend.url, session.token, `/books/${bookId}/summarize`);
  }, 400_000);

  afterAll(async () => {
    await backend?.stop();
  });

  const port = () => new URL(backend.url).port;

  describe.each(['127.0.0.1', SECOND_HOST_NAME])('at http://%s', (host) => {
    const origin = () => `http://${host}:${port()}`;

    it('the reader draws the book from this host', async () => {
      const { context, page } = await app.open(`/books/${bookId}/read?page=2`, { session, origin: origin() });
      const requests = recordRequests(context);
      await page.locator('[data-page="2"] canvas[data-drawn]').waitFor({ timeout: 60_000 });
      await page.locator('[data-page="2"] [data-text-ready]').waitFor();
      expect(await page.getByText('Failed to load the PDF').count()).toBe(0);
      // Reloaded, the page's first requests (the book's head and tail among them) start before the app's code.
      await page.reload();
      await page.locator('[data-page="2"] canvas[data-drawn]').waitFor({ timeout: 60_000 });
      expect(requests.filter((url) => new URL(url).pathname.startsWith('/api/files/')).length).toBeGreaterThan(0);
      expect(elsewhere(requests, origin())).toEqual([]);
    });

    it('the library shows the cover and "View PDF" opens the book, both from this host', async () => {
      const { context, page } = await app.open('/dashboard', { session, origin: origin() });
      const requests = recordRequests(context);
      const cover = page.locator(`img[src^="/api/files/books/${bookId}/cover.png"]`);
      await cover.waitFor();
      await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

      await page.goto(`/books/${bookId}`);
      const popup = context.waitForEvent('page');
      // The browser's answer itself: a request from the test would not know the browser's second host name.
      const pdf = context.waitForEvent('response', (response) => response.url().includes('/source.pdf?'));
      await page.getByRole('link', { name: 'View PDF' }).click();
      const tab = await popup;
      await tab.waitForURL((url) => url.pathname.startsWith('/api/files/'), { waitUntil: 'commit' });
      expect(new URL(tab.url()).origin).toBe(origin());
      const file = await pdf;
      expect(new URL(file.url()).origin).toBe(origin());
      expect(file.status()).toBe(200);
      expect(await file.headerValue('content-type')).toBe('application/pdf');
      expect(elsewhere(requests, origin())).toEqual([]);
    });

    it('the chapter narration plays from this host', async () => {
      const { context, page } = await app.open(`/chapters/${chapterId}`, { session, origin: origin() });
      const requests = recordRequests(context);
      await page.getByRole('button', { name: 'Listen' }).click();
      await page.locator('audio').waitFor();
      await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, undefined, {
        timeout: 30_000,
      });
      const source = await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentSrc);
      expect(new URL(source).origin).toBe(origin());
      expect(elsewhere(requests, origin())).toEqual([]);
    });

    it('the summary PDF and the slides download from this host', async () => {
      const { context, page } = await app.open(`/books/${bookId}`, { session, origin: origin() });
      const requests = recordRequests(context);
      const summary = await downloaded(page, () => page.getByRole('button', { name: 'Download PDF Summary' }).click());
      expect(summary.name).toMatch(/summary\.pdf$/);
      expect(summary.head).toBe('%PDF-');
      await toast(page, /^Summary PDF ready!/).waitFor();

      const slides = await downloaded(page, () => page.getByRole('button', { name: 'Export slides (PPTX)' }).click());
      expect(slides.name).toMatch(/\.pptx$/);
      expect(slides.head.slice(0, 2)).toBe('PK');
      for (const file of [summary, slides]) expect(new URL(file.url).origin).toBe(origin());
      expect(elsewhere(requests, origin())).toEqual([]);
      await waitForPath(page, `/books/${bookId}`);
    });
  });
});
