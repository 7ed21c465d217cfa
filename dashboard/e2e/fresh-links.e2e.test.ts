// Links that do not die (issue 19, item 6). Signed file links work for 15 minutes; a book page left
// open for an hour holds an expired one. Here the page is loaded with its link already expired (the
// book's answer is rewritten on its way to the page), then "View PDF" and a citation are clicked:
// each must fetch a fresh link and open the book. The expired link itself, opened directly, shows a
// page with a way back, never JSON.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, useApp, waitForPath } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { newAccount, postAsUser, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

/** The link as it was an hour ago: its expiry long past (the signature no longer matches either). */
function expire(url: string): string {
  return url.replace(/([?&]exp=)\d+/, '$11000');
}

describe.skipIf(!e2eEnabled)('links that do not die', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('links'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    bookId = book.id;
    await postAsUser(baseUrl, session.token, `/books/${bookId}/summarize`);
  }, 400_000);

  /**
   * Opens the book page as it was loaded an hour ago: the first answer for the book (the page's load)
   * carries an expired pdf_url; every later request gets the server's own answer, as it would then.
   */
  async function openStaleBookPage(context: BrowserContext, page: Page): Promise<void> {
    let stale = true;
    await context.route(
      (url) => url.pathname === `/api/books/${bookId}`,
      async (route: Route) => {
        if (!stale || route.request().method() !== 'GET') return route.continue();
        stale = false;
        const response = await route.fetch();
        const book = (await response.json()) as { pdf_url: string };
        return route.fulfill({ response, json: { ...book, pdf_url: expire(book.pdf_url) } });
      },
    );
    await page.goto(`/books/${bookId}`);
    await page.getByRole('button', { name: 'Listen to Summary' }).waitFor();
  }

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1280, height: 800 }],
  ] as const)(
    '"View PDF" on a page left open for an hour opens the book with a fresh link (%s)',
    async (_label, viewport) => {
      const { context, page } = await app.open('/dashboard', { session, viewport });
      await openStaleBookPage(context, page);
      const viewPdf = page.getByRole('link', { name: 'View PDF' });
      const staleHref = (await viewPdf.getAttribute('href')) ?? '';
      expect(staleHref).toMatch(/[?&]exp=1000(&|$)/);
      // The link the page holds is dead: the server refuses it.
      expect((await fetch(new URL(staleHref, baseUrl))).status).toBe(403);

      const popup = context.waitForEvent('page');
      await viewPdf.click();
      const tab = await popup;
      await tab.waitForURL((url) => url.pathname.startsWith('/api/files/'), { waitUntil: 'commit' });
      const opened = tab.url();
      expect(opened).not.toMatch(/[?&]exp=1000(&|$)/);
      const file = await fetch(opened);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
    },
  );

  it('a citation clicked on a page left open for an hour opens the reader at its page', async () => {
    const { context, page } = await app.open('/dashboard', { session });
    await openStaleBookPage(context, page);
    const citation = page.locator('.summary-prose a.page-ref').first();
    const href = (await citation.getAttribute('href')) ?? '';
    const target = new URL(href, baseUrl).searchParams.get('page');
    expect(target).toMatch(/^\d+$/);

    await citation.click();
    await waitForPath(page, `/books/${bookId}/read`);
    // pdf.js drew the cited page from the fresh link (an expired one shows "Failed to load the PDF").
    await page.locator(`[data-page="${target}"] canvas`).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Failed to load the PDF').count()).toBe(0);
  });

  it('a reader left open past the life of its link reads further pages with a fresh link', async () => {
    // A book long enough that its last pages are not among the bytes read to show the first.
    const longBook = {
      ...LIVING_EARTH,
      fileName: 'living-earth-long.pdf',
      chapters: Array.from({ length: 12 }, (_, index) => ({
        title: `${LIVING_EARTH.chapters[index % LIVING_EARTH.chapters.length]!.title} ${index + 1}`,
        paragraphs: Array.from({ length: 6 }, () =>
          LIVING_EARTH.chapters.flatMap((chapter) => chapter.paragraphs),
        ).flat(),
      })),
    };
    const uploaded = await uploadBook(baseUrl, session.token, await makeBookPdf(longBook), longBook.fileName);
    const { total_pages: pageCount } = await waitForBook(baseUrl, session.token, uploaded.id, 300_000);

    const { context, page } = await app.open('/dashboard', { session });
    await page.clock.install();
    // The reader's opening reads (the file's head and tail, asked together) get through; by the next
    // one twenty minutes have passed (a second later in real time, so a fresh link is signed with a
    // later expiry), and the server refuses the link the reader opened with, as it would by then.
    const signatureOf = (url: string) => new URL(url).searchParams.get('sig');
    let firstSignature: string | null = null;
    let expired = false;
    const refused: string[] = [];
    const fresh: string[] = [];
    await context.route('**/api/files/**', async (route) => {
      const signature = signatureOf(route.request().url());
      if (firstSignature === null) {
        firstSignature = signature;
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await page.clock.fastForward('20:00');
        expired = true;
        return route.continue();
      }
      if (signature === firstSignature && !expired) return route.continue();
      if (signature !== firstSignature) {
        fresh.push(route.request().url());
        return route.continue();
      }
      refused.push(route.request().url());
      return route.fulfill({ status: 403, json: { detail: 'This link has expired', code: 'FORBIDDEN' } });
    });
    await page.goto(`/books/${uploaded.id}/read?page=${pageCount}`);
    await page.locator(`[data-page="${pageCount}"] canvas`).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Failed to load the PDF').count()).toBe(0);
    expect(refused).toEqual([]);
    expect(fresh.length).toBeGreaterThan(0);
  });

  it('the expired link opened directly shows a page with a way back to the library, not JSON', async () => {
    const { context, page } = await app.open('/dashboard', {
      session,
      expectedFailures: [{ status: 403, path: /^\/api\/files\// }],
    });
    await openStaleBookPage(context, page);
    const staleHref = (await page.getByRole('link', { name: 'View PDF' }).getAttribute('href')) ?? '';
    const response = await page.goto(staleHref);
    expect(response?.status()).toBe(403);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await page.getByRole('link', { name: 'Back to your library' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Your Library', level: 1 }).waitFor();
  });
});
