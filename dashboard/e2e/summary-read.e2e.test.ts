// A chapter's notes read to their end count as "summary read" in the book's progress, with nothing to
// click, at phone and desktop widths, axe-clean.
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

interface Progress {
  chapter_id: string;
  summary_read: boolean;
}

describe.skipIf(!e2eEnabled)('notes read to their end', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let chapterIds: string[] = [];
  const readChapters = () =>
    getAsUser<Progress[]>(baseUrl, session.token, `/books/${bookId}/study-progress`).then((rows) =>
      rows.filter((row) => row.summary_read).map((row) => row.chapter_id),
    );

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('notes-read'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    bookId = book.id;
    chapterIds = (await getAsUser<{ id: string }[]>(baseUrl, session.token, `/books/${bookId}/chapters`)).map(
      (chapter) => chapter.id,
    );
    for (const id of chapterIds.slice(1)) await postAsUser(baseUrl, session.token, `/chapters/${id}/summarize`);
  }, 360_000);

  it.each([
    { width: 390, height: 844, chapter: 1 },
    { width: 1280, height: 800, chapter: 2 },
  ])('marks the summary read when its end is scrolled to, at $width px', async ({ width, height, chapter }) => {
    const chapterId = chapterIds[chapter]!;
    const before = await readChapters();
    const { page } = await app.open(`/chapters/${chapterId}`, {
      session,
      viewport: { width, height },
      bypassCSP: true,
    });
    await page.locator('.summary-prose').first().waitFor();
    const end = page.getByTestId('summary-read');
    const notice = page.getByText(/^You have read these notes/);
    if (width < 500) {
      // On a phone the notes run past the screen: opening them is not reading them.
      expect(await end.evaluate((node) => node.getBoundingClientRect().top > window.innerHeight)).toBe(true);
      await page.waitForTimeout(1_000);
      expect(await notice.count()).toBe(0);
      expect(await readChapters()).toEqual(before);
    }
    await end.scrollIntoViewIfNeeded();
    await notice.waitFor();
    await expect
      .poll(readChapters)
      .toEqual([...before, chapterId].sort((a, b) => chapterIds.indexOf(a) - chapterIds.indexOf(b)));
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/books/${bookId}`);
    // The chapter list shows it per row (the Study section repeats it under "Mastery by chapter").
    const chapterList = page.getByRole('region', { name: 'Chapters' });
    const read = chapterList.getByText('summary read · no cards yet · no quiz yet');
    await expect.poll(() => read.count()).toBe(chapter);
    // The chapter never opened shows no progress at all.
    expect(await chapterList.getByText(/summary (not )?read ·/).count()).toBe(chapter);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
