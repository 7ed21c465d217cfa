// The reader end to end: a citation in a chapter summary opens the page with the cited sentence
// highlighted; selected text is explained and annotated; the notes export as Markdown.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, toast, useApp, waitForPath } from './support/app.js';
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

/** Selects the text of the page's first marked passage (the cited sentence), as a mouse would. */
async function selectCitedText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const first = document.querySelector('[data-cite]');
    const marks = [...document.querySelectorAll('.cw-cite')];
    if (!first || marks.length === 0) throw new Error('no cited sentence on the page');
    const range = document.createRange();
    range.setStartBefore(first);
    range.setEndAfter(marks.at(-1)!);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  await page.locator('[data-cite]').dispatchEvent('pointerup');
  return text;
}

describe.skipIf(!e2eEnabled)('reading a book with the study panel', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let chapterId = '';
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('reader'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    // A second or two here; a machine busy with other work can take minutes.
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    bookId = book.id;
    const chapters = await getAsUser<{ id: string }[]>(baseUrl, session.token, `/books/${book.id}/chapters`);
    chapterId = chapters[1]!.id;
    await postAsUser(baseUrl, session.token, `/chapters/${chapterId}/summarize`);
    ({ context, page } = await app.open(`/chapters/${chapterId}`, { session, keepOpen: true }));
  }, 360_000);

  it('opens a citation of the chapter summary at its page with the cited sentence highlighted', async () => {
    const citation = page.locator('.summary-prose a.page-ref').first();
    await citation.waitFor();
    const href = (await citation.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/books/${bookId}/read\\?page=\\d+&cite=`));
    await citation.click();
    await waitForPath(page, `/books/${bookId}/read`);
    const target = new URL(href, baseUrl).searchParams.get('page');
    expect(new URL(page.url()).searchParams.get('page')).toBe(target);
    await page.locator(`[data-page="${target}"] [data-cite]`).waitFor();
    // Reading on (the URL follows the page read and drops the citation) keeps the sentence marked.
    const pages = page.getByRole('region', { name: `Pages of ${LIVING_EARTH.title}` });
    await pages.evaluate((element) => element.scrollBy(0, -element.clientHeight));
    await page.waitForURL((url) => url.searchParams.get('page') !== target && !url.searchParams.has('cite'));
    await expect.poll(() => page.locator(`[data-page="${target}"] .cw-cite`).count()).toBeGreaterThan(0);
    await pages.evaluate((element) => element.scrollBy(0, element.clientHeight));
    await page.getByRole('navigation', { name: 'Chapters' }).locator('[aria-current="location"]').waitFor();
    await page.getByRole('complementary').getByRole('heading', { name: 'Chapter 2: How Plants Make Food' }).waitFor();
  });

  it('explains a selected passage simply', async () => {
    await selectCitedText(page);
    await page.getByRole('toolbar', { name: 'Selected text' }).getByRole('button', { name: 'Explain simply' }).click();
    const explanation = page.getByTestId('selection-eli12');
    await explanation.waitFor({ timeout: 30_000 });
    expect((await explanation.innerText()).length).toBeGreaterThan(20);
  });

  it('adds a note to a selected passage and lists it in the panel', async () => {
    const selected = await selectCitedText(page);
    await page.getByRole('toolbar', { name: 'Selected text' }).getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('form', { name: 'New note' }).getByLabel('Your note').fill('Starch is stored sunlight.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await toast(page, 'Note added').waitFor();
    const notes = page.getByRole('complementary');
    await notes.getByText('Starch is stored sunlight.').waitFor();
    // The note belongs to the passage that was selected on the page.
    expect(selected.replace(/\s+/g, ' ').trim().length).toBeGreaterThan(10);
  });

  it('exports the notes as Markdown grouped by chapter with page labels', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export notes' }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'chapterwise-notes-')), 'notes.md');
    await (await download).saveAs(file);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toContain(`# Notes on ${LIVING_EARTH.title}`);
    expect(markdown).toContain('## Chapter 2: How Plants Make Food');
    expect(markdown).toMatch(/> — p\. \d+\n\nStarch is stored sunlight\./);
  });

  it('follows the page read in the URL, and back returns to the chapter', async () => {
    const pages = page.getByRole('region', { name: `Pages of ${LIVING_EARTH.title}` });
    await pages.focus();
    const before = Number(new URL(page.url()).searchParams.get('page'));
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('page') === String(before + 1));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === String(before));
    await page.goBack();
    await waitForPath(page, `/chapters/${chapterId}`);
    await context.close();
  });
});
