// Find in book in a real browser at phone and desktop widths: "n of N" over the whole book, next and
// previous, the current match marked on its page (a word hyphenated at a line end included), axe-clean.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, useApp } from './support/app.js';
import { seriousViolations } from './support/axe.js';
import { LIVING_EARTH, makeBookPdf, type TestBook } from './support/books.js';
import { getAsUser, newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

// Chapter 2 opens with "photo-" ending a line: that page's first occurrence is the hyphenated one.
const HYPHENATED: TestBook = {
  ...LIVING_EARTH,
  title: 'The Living Earth, Hyphenated',
  fileName: 'living-earth-hyphenated.pdf',
  chapters: LIVING_EARTH.chapters.map((chapter, index) =>
    index === 1
      ? {
          ...chapter,
          paragraphs: [
            'Every green leaf lives by photo-\nsynthesis, which turns light into sugar.',
            ...chapter.paragraphs,
          ],
        }
      : chapter,
  ),
};

interface Found {
  total: number;
  matches: { page: number; index_on_page: number }[];
}

/** The text of the current match as marked on the page, line pieces joined. */
async function markedMatch(page: Page): Promise<string> {
  await page.locator('[data-find]').waitFor();
  const slot = page.locator('[data-page]').filter({ has: page.locator('[data-find]') });
  return (await slot.locator('.cw-find').allTextContents()).join('');
}

async function statusIs(page: Page, text: string): Promise<void> {
  await page
    .getByTestId('find-status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();
}

describe.skipIf(!e2eEnabled)('find in book', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let found: Found;

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('find'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(HYPHENATED), HYPHENATED.fileName);
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    bookId = book.id;
    found = await getAsUser<Found>(baseUrl, session.token, `/books/${bookId}/find?q=photosynthesis`);
  }, 360_000);

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('shows "n of N", steps through the matches and marks the current one at $width px', async (viewport) => {
    // Three on the chapter's first page (the hyphenated one first), one later.
    expect(found.total).toBeGreaterThanOrEqual(3);
    const [first, second] = found.matches;
    expect(second).toMatchObject({ page: first!.page, index_on_page: 1 });

    const { page } = await app.open(`/books/${bookId}/read?page=1`, { session, viewport, bypassCSP: true });
    await page.locator('[data-page="1"] [data-text-ready] span').first().waitFor({ timeout: 30_000 });
    if (viewport.width > 500) {
      await page.getByRole('region', { name: `Pages of ${HYPHENATED.title}` }).focus();
      await page.keyboard.press('Control+f');
    } else {
      await page.getByRole('button', { name: 'Find in book' }).click();
    }
    const input = page.getByRole('searchbox', { name: 'Find in book' });
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    await input.fill('photosynthesis');

    await statusIs(page, `1 of ${found.total}`);
    await page.waitForURL((url) => url.searchParams.get('page') === String(first!.page));
    expect(await markedMatch(page)).toBe('photo-synthesis');
    expect(await page.locator('[data-find]').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await input.press('Enter');
    await statusIs(page, `2 of ${found.total}`);
    await expect.poll(() => markedMatch(page)).toBe('photosynthesis');

    await page.getByRole('button', { name: 'Previous match' }).click();
    await statusIs(page, `1 of ${found.total}`);
    await expect.poll(() => markedMatch(page)).toBe('photo-synthesis');

    // Previous from the first wraps to the last match, on its own page.
    await page.getByRole('button', { name: 'Previous match' }).click();
    await statusIs(page, `${found.total} of ${found.total}`);
    const last = found.matches.at(-1)!;
    await page.waitForURL((url) => url.searchParams.get('page') === String(last.page));
    await expect.poll(() => markedMatch(page)).toMatch(/^photosynthesis$/i);
    await page.getByRole('button', { name: 'Next match' }).click();
    await statusIs(page, `1 of ${found.total}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
