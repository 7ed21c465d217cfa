// A new reader's first session, end to end: register, upload a generated PDF, watch it being
// processed, then study it chapter by chapter and as a whole (the summary PDF at 390 and 1280 px).
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  e2eEnabled,
  expectNoSidewaysScroll,
  expectWithinWidth,
  pathOf,
  PHONE_AND_LAPTOP,
  toast,
  useApp,
  waitForPath,
  waitUntilOpened,
} from './support/app.js';
import { expectAxeCleanInBothThemes } from './support/axe.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { SESSION_TOKEN_KEY, SESSION_USER_KEY } from '@chapterwise/shared';
import { newAccount, type Session } from './support/harness.js';

/** The session the journey's page signed in with, for another window of the same reader. */
async function sessionOf(page: Page): Promise<Session> {
  const [token, user] = await page.evaluate(
    ([tokenKey, userKey]) => [localStorage.getItem(tokenKey!), localStorage.getItem(userKey!)],
    [SESSION_TOKEN_KEY, SESSION_USER_KEY],
  );
  return { token: token!, user: JSON.parse(user!) as Session['user'] };
}

/** None of the controls lies under the toast (a phone shows toasts over the top of the screen). */
async function expectUncovered(toastLocator: Locator, controls: Locator[]): Promise<void> {
  const cover = (await toastLocator.boundingBox())!;
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    const overlaps =
      box.x < cover.x + cover.width &&
      cover.x < box.x + box.width &&
      box.y < cover.y + cover.height &&
      cover.y < box.y + box.height;
    expect(overlaps, `${await control.innerText()} is under the toast`).toBe(false);
  }
}

describe.skipIf(!e2eEnabled)('a new reader studies a book', () => {
  const app = useApp();
  const account = newAccount('reader');
  let context: BrowserContext;
  let page: Page;
  let pdf: Buffer;
  let bookPath = '';
  let chapterPath = '';

  beforeAll(async () => {
    pdf = await makeBookPdf(LIVING_EARTH);
    ({ context, page } = await app.open('/auth', { keepOpen: true }));
  });

  it('registers and lands on an empty library with the FREE badge and an Upgrade button', async () => {
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForPath(page, '/dashboard');
    await toast(page, 'Account created successfully!').waitFor();
    await page.getByRole('heading', { name: 'Your Library' }).waitFor();
    await page.getByText(`Hi, ${account.name}`).waitFor();
    const header = page.getByRole('navigation', { name: 'Account' });
    expect(await header.getByText('FREE', { exact: false }).innerText()).toContain('FREE');
    expect(await header.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
    await page.getByText('No books yet').waitFor();
    await page.getByText('Upload your first PDF to get started').waitFor();
  });

  it('uploads a PDF, sees it being processed, then its chapters', async () => {
    await page.getByRole('link', { name: 'Upload New Book' }).click();
    await waitForPath(page, '/upload');
    await page.getByRole('heading', { name: 'What happens next?' }).waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: LIVING_EARTH.fileName, mimeType: 'application/pdf', buffer: pdf });

    await waitForPath(page, /^\/books\/[0-9a-f-]{36}$/);
    bookPath = pathOf(page);
    // Ingestion takes a few seconds: the live progress shows first (never "0 pages • 0 chapters"), the
    // chapters replace it, and only then does the upload say it was processed.
    await page.getByRole('progressbar', { name: 'Processing progress' }).waitFor();
    expect(await page.getByText('0 pages • 0 chapters').count()).toBe(0);
    expect(await toast(page, 'Book uploaded and processed successfully!').count()).toBe(0);
    await page.getByRole('button', { name: /^Chapter 1: The Water Cycle/ }).waitFor({ timeout: 120_000 });
    await toast(page, 'Book uploaded and processed successfully!').waitFor();
    await page.getByRole('progressbar', { name: 'Processing progress' }).waitFor({ state: 'detached' });

    await page.getByRole('heading', { name: LIVING_EARTH.title, level: 1 }).waitFor();
    await page.getByText('9 pages • 3 chapters').waitFor();
    for (const [index, chapter] of LIVING_EARTH.chapters.entries()) {
      await page.getByRole('button', { name: new RegExp(`^Chapter ${index + 1}: ${chapter.title}`) }).waitFor();
    }
    const viewPdf = page.getByRole('link', { name: 'View PDF' });
    expect(await viewPdf.getAttribute('target')).toBe('_blank');
    const pdfResponse = await context.request.get((await viewPdf.getAttribute('href')) ?? '');
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    await page.getByRole('button', { name: 'Generate Book Summary' }).waitFor();
  }, 150_000); // a real upload and ingestion through the UI, on a machine that may be busy

  it('opens a chapter whose notes and topics were prepared on ingestion, and explains one like I am 12', async () => {
    // The notes arrive a moment after processing; opening the chapter before would race their arrival,
    // which moves the link under the pointer.
    await page.getByRole('button', { name: /^Chapter 1: The Water Cycle.*✓ Summary available/ }).waitFor({
      timeout: 30_000,
    });
    const chapterOne = page.getByRole('button', { name: /^Chapter 1: The Water Cycle/ });
    await chapterOne.click();
    await waitUntilOpened(chapterOne);
    await page.getByRole('link', { name: 'View Chapter Details' }).click();
    await waitForPath(page, /^\/chapters\/[0-9a-f-]{36}$/);
    chapterPath = pathOf(page);
    await page.getByRole('heading', { name: 'Chapter 1: The Water Cycle', level: 1 }).waitFor();
    // The offline engine wrote the notes and topics right after processing: no button to press.
    const summary = page.locator('.summary-prose').first();
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toMatch(/water|vapour|rain|river/i);
    expect(await page.getByRole('button', { name: 'Generate Summary' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Listen' }).isEnabled()).toBe(true);
    const topics = page.getByRole('region', { name: 'Key Topics' }).getByRole('listitem');
    await topics.first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Extract Topics' }).count()).toBe(0);

    const firstTopic = topics.first();
    await firstTopic.getByRole('button', { name: /^ELI12/ }).click();
    await toast(page, 'ELI12 summary generated!').waitFor();
    await firstTopic.getByText("Explain Like I'm 12").waitFor();
    expect((await firstTopic.innerText()).length).toBeGreaterThan(60);

    // Next and previous chapter, without going back to the book.
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    await chapters.getByRole('link', { name: /Next chapter/ }).click();
    await page.getByRole('heading', { name: `Chapter 2: ${LIVING_EARTH.chapters[1]!.title}`, level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Chapters' })
      .getByRole('link', { name: /Previous chapter/ })
      .click();
    await page.getByRole('heading', { name: 'Chapter 1: The Water Cycle', level: 1 }).waitFor();
  });

  it('goes back to the book, generates the book summary and listens to it', async () => {
    await page.getByRole('link', { name: 'Back to Book' }).click();
    await waitForPath(page, bookPath);
    await page.getByRole('button', { name: /^Chapter 1: The Water Cycle.*✓ Summary available/ }).waitFor();

    await page.getByRole('button', { name: 'Generate Book Summary' }).click();
    await toast(page, 'Book summary generated!').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Generate Book Summary' }).waitFor({ state: 'detached' });
    expect(await page.locator('.summary-prose').first().innerText()).toMatch(/water|plant|volcano|earthquake/i);

    await page.getByRole('button', { name: 'Listen to Summary' }).click();
    await toast(page, 'Audio generated! Playing...').waitFor({ timeout: 30_000 });
    const audio = page.locator('audio');
    await audio.waitFor();
    const src = (await audio.getAttribute('src')) ?? '';
    // A path on the host the dashboard is on, whatever the server's public URL (issue 42).
    expect(src).toMatch(/^\/api\/files\//);
    const mp3 = await context.request.get(src);
    expect(mp3.headers()['content-type']).toBe('audio/mpeg');
    // It really plays: the player started on its own and time moves.
    await page.waitForFunction(
      () => {
        const player = document.querySelector('audio');
        return player !== null && !player.paused && player.currentTime > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
  });

  it.each(PHONE_AND_LAPTOP)(
    'downloads the summary PDF; "Open" beside the button shows it in a tab (%s)',
    async (label, viewport) => {
      const { context, page: bookPage } = await app.open(bookPath, {
        session: await sessionOf(page),
        viewport,
        bypassCSP: true,
      });
      const downloadButton = bookPage.getByRole('button', { name: 'Download PDF Summary' });
      await downloadButton.waitFor();
      await expectWithinWidth(bookPage, downloadButton);
      const download = bookPage.waitForEvent('download', { timeout: 60_000 });
      await downloadButton.click();
      const summaryToast = toast(bookPage, /^Summary PDF ready! \(\d+ pages from 9 pages\)$/);
      await summaryToast.waitFor({ timeout: 60_000 });
      const open = bookPage.getByRole('link', { name: 'Open', exact: true });
      await open.waitFor();
      // The toast never covers the button just pressed, nor the link it offers next.
      await expectUncovered(summaryToast, [downloadButton, open]);
      const [, target, original] = /\((\d+) pages from (\d+) pages\)/.exec(await summaryToast.innerText()) ?? [];
      expect(Number(target)).toBeGreaterThan(0);
      expect(Number(target)).toBeLessThan(Number(original));
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

      await expectWithinWidth(bookPage, open);
      await expectNoSidewaysScroll(bookPage);
      await expectAxeCleanInBothThemes(bookPage, `summary-pdf-${label}`);
      const newTab = context.waitForEvent('page');
      await open.click();
      const tab = await newTab;
      await tab.waitForURL(/\/api\/files\/.+\.pdf/, { timeout: 15_000 });
      await tab.close();
    },
    120_000,
  );

  it('on a 390 px phone, the chapter page moves to the next and previous chapter without sideways scrolling', async () => {
    expect(chapterPath).toMatch(/^\/chapters\//);
    const phone = await app.open(chapterPath, {
      session: await sessionOf(page),
      viewport: { width: 390, height: 844 },
    });
    await phone.page.getByRole('heading', { name: 'Chapter 1: The Water Cycle', level: 1 }).waitFor();
    const chapters = phone.page.getByRole('navigation', { name: 'Chapters' });
    await chapters.getByRole('link', { name: /Next chapter/ }).click();
    await phone.page
      .getByRole('heading', { name: `Chapter 2: ${LIVING_EARTH.chapters[1]!.title}`, level: 1 })
      .waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page
      .getByRole('navigation', { name: 'Chapters' })
      .getByRole('link', { name: /Previous chapter/ })
      .click();
    await phone.page.getByRole('heading', { name: 'Chapter 1: The Water Cycle', level: 1 }).waitFor();
  });
});
