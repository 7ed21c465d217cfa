// axe-core on the main screens as the real backend serves them: no serious or critical violations.
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

describe.skipIf(!e2eEnabled)('accessibility (axe-core)', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let chapterId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('axe'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id);
    bookId = book.id;
    // Pages with their study material, as a reader sees them after a session.
    const chapters = await getAsUser<{ id: string }[]>(baseUrl, session.token, `/books/${bookId}/chapters`);
    chapterId = chapters[0]?.id ?? '';
    await postAsUser(baseUrl, session.token, `/chapters/${chapterId}/summarize`);
    const topics = await postAsUser<{ id: string }[]>(baseUrl, session.token, `/chapters/${chapterId}/topics`);
    if (topics[0]) await postAsUser(baseUrl, session.token, `/topics/${topics[0].id}/eli12`);
    await postAsUser(baseUrl, session.token, `/books/${bookId}/summarize`);
  });

  it.each([
    ['/', 'the landing page', false, 'Turn Any Book Into Smart Summaries'],
    ['/auth', 'the sign-in page', false, 'Welcome Back'],
    ['/dashboard', 'the library', true, 'Your Library'],
    ['/search?q=water%20cycle', 'search results', true, 'Search inside your books'],
  ])('%s (%s) has no serious or critical violations', async (path, _name, signedIn, heading) => {
    const { page } = await app.open(path, { session: signedIn ? session : undefined, bypassCSP: true });
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    if (signedIn) await page.getByRole('article').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a book page with its summary and an open chapter has no serious or critical violations', async () => {
    const { page } = await app.open(`/books/${bookId}`, { session, bypassCSP: true });
    await page.getByRole('button', { name: 'Listen to Summary' }).waitFor();
    await page.getByRole('button', { name: /^Chapter 1: / }).click();
    await page.getByRole('link', { name: 'View Chapter Details' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a chapter page with its summary, topics and an ELI12 box has no serious or critical violations', async () => {
    const { page } = await app.open(`/chapters/${chapterId}`, { session, bypassCSP: true });
    await page.getByText("Explain Like I'm 12").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the search page with an answer and its sources, at phone width, has no serious or critical violations', async () => {
    const { page } = await app.open('/search?q=photosynthesis', {
      session,
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    await page.getByRole('article').first().waitFor();
    await page.getByRole('textbox', { name: 'Your question' }).fill('What gives leaves their colour?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByRole('list', { name: 'Sources' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the sign-in page at phone width has no serious or critical violations', async () => {
    const { page } = await app.open('/auth', { viewport: { width: 390, height: 844 }, bypassCSP: true });
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
