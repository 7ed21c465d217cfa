// Dark mode follows the system setting: every screen, at phone and desktop width, in the dark theme
// is dark (page and cards), keeps its solid buttons and passes axe (contrast included). With
// UX_SCREENSHOTS=<folder> each screen is also saved in both themes, to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, useApp } from './support/app.js';
import { seriousViolations } from './support/axe.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import {
  getAsUser,
  newAccount,
  postAsUser,
  registerUser,
  uploadBook,
  waitForBook,
  type Session,
} from './support/harness.js';

const SHOTS = process.env.UX_SCREENSHOTS;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Relative luminance (WCAG) of a computed `rgb(...)` / `oklch(...)` colour, read through a canvas. */
async function luminanceOf(page: Page, selector: string, property: 'background-color' | 'color'): Promise<number> {
  return page.evaluate(
    ([selector, property]) => {
      const element = document.querySelector(selector!);
      if (!element) throw new Error(`No ${selector}`);
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = getComputedStyle(element).getPropertyValue(property!);
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    },
    [selector, property] as const,
  );
}

describe.skipIf(!e2eEnabled)('light and dark themes', () => {
  const app = useApp();
  let session: Session;
  let bookPath = '';
  const screens: { name: string; path: string; signedIn: boolean; ready: (page: Page) => Promise<unknown> }[] = [];

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('themes'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    const chapters = await getAsUser<{ id: string }[]>(baseUrl, session.token, `/books/${book.id}/chapters`);
    const chapterId = chapters[0]!.id;
    bookPath = `/books/${book.id}`;
    await postAsUser(baseUrl, session.token, `/chapters/${chapterId}/summarize`);
    await postAsUser(baseUrl, session.token, `/books/${book.id}/summarize`);
    const heading = (name: string | RegExp) => (page: Page) =>
      page.getByRole('heading', { name, level: 1 }).first().waitFor();
    screens.push(
      { name: 'landing', path: '/', signedIn: false, ready: heading('Turn Any Book Into Smart Summaries') },
      { name: 'auth', path: '/auth', signedIn: false, ready: heading('Welcome Back') },
      { name: 'pricing', path: '/pricing', signedIn: false, ready: heading('Simple plans for every reader') },
      {
        name: 'library',
        path: '/dashboard',
        signedIn: true,
        ready: (page) => page.getByRole('article').first().waitFor(),
      },
      { name: 'upload', path: '/upload', signedIn: true, ready: heading('Upload a Book') },
      {
        name: 'book',
        path: `/books/${book.id}`,
        signedIn: true,
        ready: (page) => page.getByRole('button', { name: 'Listen to Summary' }).waitFor(),
      },
      {
        name: 'chapter',
        path: `/chapters/${chapterId}`,
        signedIn: true,
        ready: (page) => page.getByRole('heading', { name: 'Summary', level: 2 }).first().waitFor(),
      },
      {
        name: 'search',
        path: '/search?q=water%20cycle',
        signedIn: true,
        ready: (page) => page.getByRole('article').first().waitFor(),
      },
      { name: 'settings', path: '/settings', signedIn: true, ready: heading('Settings') },
    );
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 400_000);

  it('every screen in the dark theme is dark, keeps white text on its primary buttons and passes axe', async () => {
    const problems: string[] = [];
    for (const screen of screens) {
      for (const viewport of WIDTHS) {
        const { context, page } = await app.open(screen.path, {
          session: screen.signedIn ? session : undefined,
          viewport,
          colorScheme: 'dark',
          bypassCSP: true,
        });
        await screen.ready(page);
        const where = `${screen.name} at ${viewport.width} px`;
        const body = await luminanceOf(page, 'body', 'background-color');
        const text = await luminanceOf(page, 'body', 'color');
        if (body > 0.05) problems.push(`${where}: the page background is light (luminance ${body.toFixed(3)})`);
        if (text < 0.6) problems.push(`${where}: the body text is dark (luminance ${text.toFixed(3)})`);
        if (SHOTS)
          await page.screenshot({ path: join(SHOTS, `${screen.name}-${viewport.width}-dark.png`), fullPage: true });
        for (const violation of await seriousViolations(page)) problems.push(`${where}: ${violation}`);
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('a primary button keeps white text on its brand colour in the dark theme', async () => {
    const { page } = await app.open('/auth', { colorScheme: 'dark' });
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await submit.waitFor();
    expect(await submit.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
  });

  it.each(['light', 'dark'] as const)(
    'on a 390 px phone (%s) the book summary starts with its chapter outline, in the first screen, one tap from each chapter',
    async (colorScheme) => {
      const { page } = await app.open(bookPath, {
        session,
        viewport: { width: 390, height: 844 },
        colorScheme,
        bypassCSP: true,
      });
      const outline = page.getByRole('navigation', { name: 'The book in 3 chapters' });
      await outline.waitFor();
      const links = outline.getByRole('link');
      expect(await links.allInnerTexts()).toEqual([
        expect.stringMatching(/^Chapter 1: The Water Cycle\s+pp\. 1–3$/),
        expect.stringMatching(/^Chapter 2: How Plants Make Food\s+pp\. 4–6$/),
        expect.stringMatching(/^Chapter 3: Volcanoes and Earthquakes\s+pp\. 7–9$/),
      ]);
      // Every chapter link is on the first screen: no scrolling past the summary to reach them.
      for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox())))
        expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `book-outline-390-${colorScheme}.png`) });
      await links.nth(1).click();
      await page.waitForURL((url) => url.pathname.startsWith('/chapters/'));
      await page.getByRole('heading', { level: 1, name: /How Plants Make Food/ }).waitFor();
    },
  );

  it.skipIf(!SHOTS)(
    'saves every screen in the light theme too',
    async () => {
      for (const screen of screens) {
        for (const viewport of WIDTHS) {
          const { context, page } = await app.open(screen.path, {
            session: screen.signedIn ? session : undefined,
            viewport,
            colorScheme: 'light',
          });
          await screen.ready(page);
          await page.screenshot({ path: join(SHOTS!, `${screen.name}-${viewport.width}-light.png`), fullPage: true });
          await context.close();
        }
      }
    },
    600_000,
  );
});
