// The study tools where a student looks for them (issue 44, items 5-9 and 11-14), in a real Chromium at a phone
// (390x844, touch) and a laptop (1280x800), each screen axe-clean in the light and the dark theme.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, PHONE_AND_LAPTOP, settledBox, useApp } from './support/app.js';
import { expectAxeCleanInBothThemes } from './support/axe.js';
import { LIVING_EARTH, makeBookPdf, type TestBook } from './support/books.js';
import { getAsUser, newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

// A long book whose every page names the river: more matching pages than one page of search results (20).
const RIVER_BOOK: TestBook = {
  title: 'Rivers of the World',
  fileName: 'rivers.pdf',
  chapters: ['Sources', 'Valleys', 'Deltas'].map((title, chapter) => ({
    title,
    paragraphs: Array.from(
      { length: 24 },
      (_, index) =>
        `Part ${chapter * 24 + index + 1} of the survey follows the river through country that changes with every bend. The river carries silt from the hills, slows in the plains and spreads across its floodplain in spring. People along the river farm the wet soil, fish its pools and build their towns on the higher banks. Each stretch of the river has its own plants, birds and stories, and the survey records them in order.`,
    ),
  })),
};

async function bottomOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the screen`);
  return box.y + box.height;
}

describe.skipIf(!e2eEnabled)('the study tools where a student looks for them', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let chapterId = '';
  let riverBookId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('study-tools'));
    const [earth, rivers] = await Promise.all([
      makeBookPdf(LIVING_EARTH).then((pdf) => uploadBook(baseUrl, session.token, pdf, LIVING_EARTH.fileName)),
      makeBookPdf(RIVER_BOOK).then((pdf) => uploadBook(baseUrl, session.token, pdf, RIVER_BOOK.fileName)),
    ]);
    await Promise.all([waitForBook(baseUrl, session.token, earth.id), waitForBook(baseUrl, session.token, rivers.id)]);
    bookId = earth.id;
    riverBookId = rivers.id;
    const chapters = await getAsUser<{ id: string }[]>(baseUrl, session.token, `/books/${bookId}/chapters`);
    chapterId = chapters[1]!.id;
  }, 120_000);

  it('makes flashcards for every chapter from the Study section above the chapter list, then offers Review', async () => {
    const { page } = await app.open(`/books/${bookId}`, { session, bypassCSP: true });
    const study = page.getByRole('region', { name: 'Study' });
    await study.waitFor();
    // Near the top: right after the book summary (which opens with the chapter outline), above the chapter list.
    const summaryTop = (await page.getByRole('heading', { name: 'Book Summary' }).boundingBox())!.y;
    const chaptersTop = (await page.getByRole('heading', { name: 'Chapters', exact: true }).boundingBox())!.y;
    const studyTop = (await study.boundingBox())!.y;
    expect(studyTop).toBeGreaterThan(summaryTop);
    expect(studyTop).toBeLessThan(chaptersTop);
    await study.getByRole('button', { name: 'Make flashcards for every chapter' }).click();
    await study.getByText(/^\d+ flashcards · \d+ due today$/).waitFor({ timeout: 60_000 });
    const review = study.getByRole('link', { name: /^Review/ });
    expect(await review.getAttribute('href')).toBe(`/review?book=${bookId}`);
    await study.getByText('Mastery by chapter').click();
    expect(await study.getByRole('link', { name: /The Water Cycle/ }).getAttribute('href')).toMatch(/#cards$/);
    await expectAxeCleanInBothThemes(page, 'book-study');
  });

  for (const [device, viewport] of PHONE_AND_LAPTOP) {
    const touch = device === 'phone';
    it(`separates notes, cards and quiz on the chapter page, names the engine once, and links pages to the reader (${device})`, async () => {
      const { page } = await app.open(`/chapters/${chapterId}`, {
        session,
        bypassCSP: true,
        viewport,
        touch,
      });
      const tabs = page.getByRole('tablist', { name: 'Study this chapter' });
      await tabs.waitFor();
      expect(await tabs.getByRole('tab').allTextContents()).toEqual([
        'Notes',
        expect.stringMatching(/^Cards( \(\d+\))?$/),
        'Quiz',
      ]);
      await page.getByRole('region', { name: 'Key Topics' }).getByRole('listitem').first().waitFor();
      expect(await page.getByText('Extractive summary (offline engine)').count()).toBe(1);
      await expectAxeCleanInBothThemes(page, `chapter-notes-${device}`);

      await tabs.getByRole('tab', { name: /^Cards/ }).click();
      expect(new URL(page.url()).hash).toBe('#cards');
      const cardPage = page.getByRole('region', { name: 'Flashcards' }).getByRole('link', { name: /^p\. / }).first();
      await cardPage.waitFor();
      expect(await cardPage.getAttribute('href')).toMatch(new RegExp(`^/books/${bookId}/read\\?page=\\d+&cite=`));
      await expectAxeCleanInBothThemes(page, `chapter-cards-${device}`);

      await tabs.getByRole('tab', { name: 'Quiz' }).click();
      await page.getByRole('button', { name: 'Start a quiz' }).click();
      const quiz = page.getByRole('form', { name: 'Practice quiz' });
      const groups = quiz.getByRole('group');
      await groups.first().waitFor();
      const count = await groups.count();
      const submit = page.getByRole('button', { name: 'Submit answers' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByText(`Answer all ${count} questions to submit: ${count} left`).waitFor();
      for (let i = 0; i < count - 1; i += 1) await groups.nth(i).getByRole('radio').first().check();
      await page.getByText(`Answer all ${count} questions to submit: 1 left`).waitFor();
      await groups
        .nth(count - 1)
        .getByRole('radio')
        .first()
        .check();
      await submit.click();
      await page.getByText(/^Score: \d+ of \d+$/).waitFor();
      await expectAxeCleanInBothThemes(page, `chapter-quiz-${device}`);
      const reread = quiz.getByRole('link', { name: /^Re-read page \d+$/ }).first();
      const label = /(\d+)$/.exec((await reread.textContent()) ?? '')![1]!;
      await reread.click();
      await page.waitForURL(/\/read\?page=\d+&cite=/);
      // The reader opens at the page the quiz cites, with its source sentence to mark.
      expect(new URL(page.url()).searchParams.get('cite')).toBeTruthy();
      expect(label).toMatch(/^\d+$/);
    });

    it(`shows toasts where they cover neither the header nor the page's buttons (${device})`, async () => {
      const { page } = await app.open(`/chapters/${chapterId}#cards`, {
        session,
        viewport,
        touch,
      });
      await page.getByRole('button', { name: /^(Regenerate cards|Generate flashcards)$/ }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      // The toast slides in from the screen's edge: it is measured where it comes to rest, not mid-slide.
      const box = await settledBox(toast);
      const header = await bottomOf(page, 'header');
      expect(box.y).toBeGreaterThan(header);
      // On a phone the toast sits at the bottom of the screen; on a laptop in its corner, away from the page.
      expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    });
  }

  it('says how many pages match in all and shows the rest on More', async () => {
    const { page } = await app.open(`/search?q=river&book=${riverBookId}`, { session, bypassCSP: true });
    const status = page.getByText(/^Showing 20 of \d+ pages that match “river”$/);
    await status.waitFor();
    const total = Number(/of (\d+) pages/.exec((await status.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThan(20);
    expect(await page.getByRole('article').count()).toBe(20);
    await expectAxeCleanInBothThemes(page, 'search-paged');
    await page.getByRole('button', { name: 'More' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(Math.min(total, 40));
  });

  it('lists what the data export holds', async () => {
    const { page } = await app.open('/settings', { session, bypassCSP: true });
    const panel = page.getByRole('region', { name: 'Your data' });
    await panel.waitFor();
    for (const item of [
      'Flashcards with their review schedule and history',
      'Highlights and your notes in the reader',
    ]) {
      await panel.getByText(item).waitFor();
    }
    await expectAxeCleanInBothThemes(page, 'settings-export');
  });

  for (const [path, name] of [
    ['/', 'landing'],
    ['/pricing', 'pricing'],
  ] as const) {
    it(`shows the study tools in a section of their own on the ${name} page`, async () => {
      const { page } = await app.open(path, { bypassCSP: true, viewport: { width: 390, height: 844 } });
      const section = page.getByRole('region', { name: 'From reading to remembering' });
      await section.waitFor();
      expect(await section.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
        'Flashcards that schedule themselves',
        'Practice quizzes',
        'A reader beside your notes',
        'Search with cited answers',
      ]);
      await section.scrollIntoViewIfNeeded();
      await expectAxeCleanInBothThemes(page, `${name}-study-tools`);
    });
  }
});
