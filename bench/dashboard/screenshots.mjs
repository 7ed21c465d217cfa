#!/usr/bin/env node
// Screenshots of the main screens of the built dashboard against the real backend in embedded mode,
// at 1280 px and 390 px, for reviewing the look; and the README's picture of a library with two
// processed books (dashboard/screenshots/library.png, 1280x800, compressed).
// Usage: npm run build && node bench/dashboard/screenshots.mjs [review folder, default /tmp/chapterwise-screens]
//   SKIP_README_IMAGE=1 leaves dashboard/screenshots/library.png alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { LIVING_EARTH, makeBookPdf, NIGHT_SKY } from '../../dashboard/e2e/support/books.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  getAsUser,
  postAsUser,
  registerUser,
  REPO_ROOT,
  signedInState,
  startBackend,
  uploadBook,
  waitForBook,
} from '../../dashboard/e2e/support/harness.ts';

const REVIEW_DIR = process.argv[2] ?? '/tmp/chapterwise-screens';
const README_IMAGE = join(REPO_ROOT, 'dashboard/screenshots/library.png');
const README_IMAGE_MAX_BYTES = 300 * 1024;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

if (!existsSync(CHROMIUM_PATH)) {
  console.log(`screenshots skipped: no Chromium at ${CHROMIUM_PATH}`);
  process.exit(0);
}
mkdirSync(REVIEW_DIR, { recursive: true });

/** Lossless recompression with ImageMagick when it is installed; the PNG is kept as is otherwise. */
function compressPng(file) {
  try {
    const smaller = `${file}.min.png`;
    execFileSync('convert', [
      file,
      '-strip',
      '-define',
      'png:compression-level=9',
      '-define',
      'png:compression-filter=5',
      smaller,
    ]);
    if (statSync(smaller).size < statSync(file).size) renameSync(smaller, file);
    else execFileSync('rm', ['-f', smaller]);
  } catch {
    // No ImageMagick: Chromium's PNG is still valid.
  }
}

const backend = await startBackend();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  // A reader with two processed books, studied a little: summaries, topics and one ELI12.
  const session = await registerUser(backend.url, {
    name: 'Maya',
    email: 'maya@example.com',
    password: 'correct-horse-42',
  });
  const books = [];
  for (const book of [LIVING_EARTH, NIGHT_SKY]) {
    const uploaded = await uploadBook(backend.url, session.token, await makeBookPdf(book), book.fileName);
    books.push(await waitForBook(backend.url, session.token, uploaded.id));
  }
  const [earth] = books;
  const chapters = await getAsUser(backend.url, session.token, `/books/${earth.id}/chapters`);
  for (const chapter of chapters) await postAsUser(backend.url, session.token, `/chapters/${chapter.id}/summarize`);
  const topics = await postAsUser(backend.url, session.token, `/chapters/${chapters[0].id}/topics`);
  await postAsUser(backend.url, session.token, `/topics/${topics[0].id}/eli12`);
  await postAsUser(backend.url, session.token, `/books/${earth.id}/summarize`);

  const shots = [
    { name: 'landing', path: '/', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'auth', path: '/auth', ready: (page) => page.getByRole('heading', { name: 'Welcome Back' }).waitFor() },
    { name: 'pricing', path: '/pricing', ready: (page) => page.getByText('All Plans Include').waitFor() },
    { name: 'contact', path: '/contact', ready: (page) => page.getByRole('heading', { name: 'Contact Us' }).waitFor() },
    { name: 'not-found', path: '/nowhere', ready: (page) => page.getByText('Page not found').waitFor() },
    {
      name: 'library',
      path: '/dashboard',
      signedIn: true,
      ready: (page) => page.getByRole('article').nth(1).waitFor(),
    },
    {
      name: 'upload',
      path: '/upload',
      signedIn: true,
      ready: (page) => page.getByText('What happens next?').waitFor(),
    },
    {
      name: 'book',
      path: `/books/${earth.id}`,
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Listen to Summary' }).waitFor();
        await page.getByRole('button', { name: /^Chapter 1: / }).click();
        await page.getByRole('link', { name: 'View Chapter Details' }).waitFor();
      },
    },
    {
      name: 'chapter',
      path: `/chapters/${chapters[0].id}`,
      signedIn: true,
      ready: (page) => page.getByText("Explain Like I'm 12").first().waitFor(),
    },
    {
      name: 'search',
      path: '/search?q=water',
      signedIn: true,
      ready: (page) => page.getByRole('article').first().waitFor(),
    },
    {
      name: 'search-answer',
      path: '/search?q=photosynthesis',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('article').first().waitFor();
        await page.getByRole('textbox', { name: 'Your question' }).fill('What do plants make from sunlight?');
        await page.getByRole('button', { name: 'Ask', exact: true }).click();
        await page.getByRole('list', { name: 'Sources' }).waitFor();
      },
    },
    {
      name: 'payment-modal',
      path: '/pricing',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
        await page
          .getByRole('dialog')
          .getByText(/^Country: /)
          .waitFor();
      },
    },
    {
      name: 'upload-limit',
      path: '/upload',
      signedIn: true,
      ready: async (page) => {
        const third = await makeBookPdf({ ...NIGHT_SKY, title: 'A Third Book' });
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: 'third.pdf', mimeType: 'application/pdf', buffer: third });
        await page.getByRole('dialog', { name: 'Upload Limit Reached' }).waitFor();
      },
    },
    {
      name: 'reset-code',
      path: '/forgot-password',
      ready: async (page) => {
        await page.getByLabel('Email').fill('maya@example.com');
        await page.getByRole('button', { name: 'Send Reset Code' }).click();
        await page.getByText('Email Service Unavailable', { exact: true }).waitFor();
      },
    },
  ];

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    for (const shot of shots) {
      const context = await browser.newContext({
        baseURL: backend.url,
        viewport,
        deviceScaleFactor: 1,
        storageState: shot.signedIn ? signedInState(backend.url, session) : undefined,
      });
      const page = await context.newPage();
      await page.goto(shot.path);
      await shot.ready(page);
      // Let toasts and entry animations settle.
      await page.waitForTimeout(700);
      await page.screenshot({ path: join(REVIEW_DIR, `${shot.name}-${label}.png`), fullPage: true });
      if (shot.name === 'library' && label === 'desktop' && !process.env.SKIP_README_IMAGE) {
        mkdirSync(join(REPO_ROOT, 'dashboard/screenshots'), { recursive: true });
        await page.mouse.move(0, 0);
        await page.screenshot({ path: README_IMAGE });
        compressPng(README_IMAGE);
        const size = statSync(README_IMAGE).size;
        console.log(`dashboard/screenshots/library.png: ${Math.round(size / 1024)} KB`);
        if (size > README_IMAGE_MAX_BYTES) throw new Error('library.png is over 300 KB');
      }
      await context.close();
    }
  }
  console.log(`screens for review in ${REVIEW_DIR}`);
} finally {
  await browser.close();
  await backend.stop();
}
