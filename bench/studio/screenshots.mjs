#!/usr/bin/env node
// Screenshots of the study studio's screens (library due banner, book study card with mastery, chapter
// studio with cards and a graded quiz, review screen) at 1280 px and 390 px, for reviewing the look.
// Usage: npm run build && node bench/studio/screenshots.mjs [folder, default /tmp/chapterwise-studio-screens]
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { LIVING_EARTH, makeBookPdf } from '../../dashboard/e2e/support/books.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  getAsUser,
  postAsUser,
  registerUser,
  signedInState,
  startBackend,
  uploadBook,
  waitForBook,
} from '../../dashboard/e2e/support/harness.ts';

const DIR = process.argv[2] ?? '/tmp/chapterwise-studio-screens';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
if (!existsSync(CHROMIUM_PATH)) {
  console.log(`screenshots skipped: no Chromium at ${CHROMIUM_PATH}`);
  process.exit(0);
}
mkdirSync(DIR, { recursive: true });

const backend = await startBackend();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const session = await registerUser(backend.url, {
    name: 'Maya',
    email: 'maya@example.com',
    password: 'correct-horse-42',
  });
  const uploaded = await uploadBook(backend.url, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
  const book = await waitForBook(backend.url, session.token, uploaded.id);
  const chapters = await getAsUser(backend.url, session.token, `/books/${book.id}/chapters`);
  await postAsUser(backend.url, session.token, `/chapters/${chapters[0].id}/summarize`);
  for (const chapter of chapters) await postAsUser(backend.url, session.token, `/chapters/${chapter.id}/flashcards`);
  const chapterId = chapters[1].id;

  const shots = [
    {
      name: 'library-due',
      path: '/dashboard',
      ready: (page) => page.getByText(/flashcards are due for review/).waitFor(),
    },
    {
      name: 'book-study',
      path: `/books/${book.id}`,
      ready: (page) => page.getByText('Export to Anki (.apkg)').waitFor(),
    },
    {
      name: 'chapter-studio',
      path: `/chapters/${chapterId}`,
      ready: (page) => page.getByRole('heading', { name: 'Flashcards' }).waitFor(),
    },
    {
      name: 'chapter-quiz-graded',
      path: `/chapters/${chapterId}`,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Start a quiz' }).click();
        const groups = page.getByRole('form', { name: 'Practice quiz' }).getByRole('group');
        await groups.first().waitFor();
        for (let i = 0; i < (await groups.count()); i += 1)
          await groups
            .nth(i)
            .getByRole('radio')
            .nth(i % 4)
            .check();
        await page.getByRole('button', { name: 'Submit answers' }).click();
        await page.getByText(/^Score: /).scrollIntoViewIfNeeded();
      },
    },
    {
      name: 'review-flipped',
      path: `/review?book=${book.id}`,
      fullPage: false,
      ready: async (page) => {
        await page.getByText(/^Card 1 of/).waitFor();
        await page.keyboard.press('Space');
        await page.getByRole('button', { name: /^Good/ }).waitFor();
      },
    },
  ];
  for (const shot of shots) {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport, storageState: signedInState(backend.url, session) });
      const page = await context.newPage();
      await page.goto(`${backend.url}${shot.path}`);
      await shot.ready(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(DIR, `${shot.name}-${label}.png`), fullPage: shot.fullPage !== false });
      await context.close();
    }
  }
  console.log(`screenshots in ${DIR}`);
} finally {
  await browser.close();
  await backend.stop();
}
