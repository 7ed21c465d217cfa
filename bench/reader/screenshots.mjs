#!/usr/bin/env node
// Screenshots of the reader at 1280 and 390 px wide (a chapter summary's citation opened, the cited
// sentence highlighted; find in book with "n of N" and the current match marked) and of a chapter's
// notes marked read, with the book's progress, into bench/reader/screenshots/, to look at.
// Usage: npm run build && node bench/reader/screenshots.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { LIVING_EARTH, makeBookPdf } from '../../dashboard/e2e/support/books.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  getAsUser,
  newAccount,
  postAsUser,
  registerUser,
  REPO_ROOT,
  signedInState,
  startBackend,
  uploadBook,
  waitForBook,
} from '../../dashboard/e2e/support/harness.ts';

const OUT = join(REPO_ROOT, 'bench/reader/screenshots');
mkdirSync(OUT, { recursive: true });
const backend = await startBackend();
try {
  const session = await registerUser(backend.url, newAccount('shots'));
  const book = await uploadBook(backend.url, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
  await waitForBook(backend.url, session.token, book.id, 400_000);
  const chapters = await getAsUser(backend.url, session.token, `/books/${book.id}/chapters`);
  const summary = await postAsUser(backend.url, session.token, `/chapters/${chapters[1].id}/summarize`);
  await postAsUser(backend.url, session.token, `/chapters/${chapters[1].id}/topics`);
  console.log(summary.summary.slice(0, 400));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL: backend.url,
        viewport: { width, height: width > 500 ? 800 : 844 },
        storageState: signedInState(backend.url, session),
      });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') console.log('console:', message.text());
      });
      await page.goto(`/chapters/${chapters[1].id}`);
      const citation = page.locator('.summary-prose a.page-ref').first();
      await citation.waitFor();
      console.log('citation', await citation.innerText(), await citation.getAttribute('href'));
      await citation.click();
      await page.locator('canvas[data-drawn]').first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      console.log('cite marks', await page.locator('.cw-cite').count(), page.url());
      await page.screenshot({ path: join(OUT, `reader-${width}.png`) });
      if (width < 500) {
        await page.getByRole('button', { name: /^Study/ }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(OUT, `reader-${width}-panel.png`) });
      }
      await page.goto(`/books/${book.id}/read?page=1`);
      await page.locator('[data-page="1"] [data-text-ready] span').first().waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: /^Pages of/ }).focus();
      await page.keyboard.press('Control+f');
      const input = page.getByRole('searchbox', { name: 'Find in book' });
      await input.waitFor();
      // A word of the generated book's later chapters.
      const word = 'the water';
      await input.fill(word);
      await page
        .getByRole('status')
        .filter({ hasText: / of \d+$/ })
        .waitFor({ timeout: 10_000 });
      await input.press('Enter');
      await page.locator('[data-find]').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(400);
      console.log(width, 'find', word, await page.getByRole('status').first().innerText(), page.url());
      await page.screenshot({ path: join(OUT, `reader-find-${width}.png`) });

      await page.goto(`/chapters/${chapters[1].id}`);
      await page.getByText(/You have read these notes/).waitFor({ timeout: 10_000 });
      const progress = await getAsUser(backend.url, session.token, `/books/${book.id}/study-progress`);
      console.log(width, 'summary read', progress.find((row) => row.chapter_id === chapters[1].id).summary_read);
      await page.screenshot({ path: join(OUT, `chapter-read-${width}.png`), fullPage: width > 500 });
      await page.goto(`/books/${book.id}`);
      await page
        .getByText(/summary read/)
        .first()
        .waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(OUT, `book-progress-${width}.png`), fullPage: width > 500 });
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await backend.stop();
}
