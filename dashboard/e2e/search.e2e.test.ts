// Searching inside the books, end to end: a phrase from a known page of an uploaded book is found
// with its marked snippet and printed page, the chapter opens from the result, and a question is
// answered with a citation that opens the reader at its page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, pathOf, useApp, waitForPath } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { getAsUser, newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

interface ChapterInfo {
  id: string;
  title: string;
  start_page: number;
  start_label: string | null;
}

// The opening of chapter 2's first paragraph: on the chapter's first page, and nowhere else.
const PHRASE = 'pigment that gives leaves their green colour';

describe.skipIf(!e2eEnabled)('a reader searches inside their books', () => {
  const app = useApp();
  let session: Session;
  let page: Page;
  let plants: ChapterInfo;
  let bookId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('searcher'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id);
    const chapters = await getAsUser<ChapterInfo[]>(baseUrl, session.token, `/books/${book.id}/chapters`);
    plants = chapters[1]!;
    bookId = book.id;
    expect(plants.title).toBe('How Plants Make Food');
    ({ page } = await app.open('/dashboard', { session, keepOpen: true }));
  });

  it('goes from the library to /search and finds the phrase on its page, marked, with the printed page', async () => {
    await page.getByRole('article').first().waitFor();
    await page.getByRole('link', { name: 'Search inside books' }).click();
    await waitForPath(page, '/search');
    await page.getByRole('heading', { name: 'Search inside your books', level: 1 }).waitFor();
    await page.getByText('Find any passage').waitFor();

    await page.getByRole('searchbox', { name: 'Words or a phrase to find' }).fill(PHRASE);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q')?.includes('green colour') ?? false);

    const group = page.getByRole('region', { name: LIVING_EARTH.title });
    const best = group.getByRole('article').first();
    await best.waitFor();
    expect(await best.getByRole('heading', { level: 4 }).innerText()).toBe(`Chapter 2: ${plants.title}`);
    const label = plants.start_label ?? String(plants.start_page);
    await best.getByText(`p. ${label}`, { exact: true }).waitFor();
    const marks = (await best.locator('mark').allInnerTexts()).join(' ').toLowerCase();
    expect(marks).toContain('green colour');
    expect(await best.locator('p').first().innerText()).toMatch(/Chlorophyll is the pigment/);
  });

  it('opens a result in the reader at its physical page with the phrase marked', async () => {
    const best = page.getByRole('region', { name: LIVING_EARTH.title }).getByRole('article').first();
    await best.getByRole('link', { name: /^Read at p\. / }).click();
    await waitForPath(page, `/books/${bookId}/read`);
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(plants.start_page));
    await page.locator(`[data-page="${plants.start_page}"] [data-cite]`).waitFor();
    await page.goBack();
    await waitForPath(page, '/search');
  });

  it('keeps the search in the URL: a reload shows the same results', async () => {
    await page.reload();
    await page.getByRole('region', { name: LIVING_EARTH.title }).getByRole('article').first().waitFor();
    expect(await page.getByRole('searchbox', { name: 'Words or a phrase to find' }).inputValue()).toBe(PHRASE);
  });

  it('opens the chapter from a result', async () => {
    const best = page.getByRole('region', { name: LIVING_EARTH.title }).getByRole('article').first();
    await best.getByRole('link', { name: /^Open chapter/ }).click();
    await waitForPath(page, `/chapters/${plants.id}`);
    await page.getByRole('heading', { name: `Chapter 2: ${plants.title}`, level: 1 }).waitFor();
    // Back returns to the same search.
    await page.goBack();
    await waitForPath(page, '/search');
    await page.getByRole('region', { name: LIVING_EARTH.title }).getByRole('article').first().waitFor();
    expect(pathOf(page)).toBe('/search');
  });

  it('asks a question and sees the answer with a citation that opens the reader at its page', async () => {
    await page.getByRole('textbox', { name: 'Your question' }).fill('What gives leaves their green colour?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();

    // An answer may cite the same page twice: every [1] is a chip.
    const chip = page.getByRole('button', { name: /^Source 1: A Short Guide to the Living Earth, p\. / }).first();
    await chip.waitFor({ timeout: 30_000 });
    // Embedded mode has no model configured: the answer says it quotes the book.
    await page.getByText('Quoted from your books — no AI model is configured').waitFor();
    const sources = page.getByRole('list', { name: 'Sources' });
    expect(await sources.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await sources.getByRole('listitem').first().innerText()).toContain(LIVING_EARTH.title);

    // A citation opens the reader at its page, the quoted words highlighted.
    await chip.click();
    await waitForPath(page, /^\/books\/[0-9a-f-]{36}\/read$/);
    const cited = new URL(page.url()).searchParams.get('page');
    await page.locator(`[data-page="${cited}"] [data-cite]`).waitFor();
  });
});
