#!/usr/bin/env node
// Screenshots of find in book (Ctrl+F in the reader: "n of N", the current match marked) and of a chapter's notes
// marked read, at 1280 and 390 px wide, into bench/reader/screenshots/, to look at.
// Usage: npm run build && node bench/reader/find-screenshots.mjs
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
  const session = await registerUser(backend.url, newAccount('find-shots'));
  const book = await uploadBook(backend.url, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
  await waitForBook(backend.url, session.token, book.id, 400_000);
  const chapters = await getAsUser(backend.url, session.token, `/books/${book.id}/chapters`);
  await postAsUser(backend.url, session.token, `/chapters/${chapters[1].id}/summarize`);
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
