// The library of a free account with its two monthly uploads used: search, the upload-limit modal on
// the third upload, and deleting a book.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, toast, useApp, waitForPath } from './support/app.js';
import { LIVING_EARTH, makeBookPdf, NIGHT_SKY } from './support/books.js';
import { newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

describe.skipIf(!e2eEnabled)('the library of a free account', () => {
  const app = useApp();
  let session: Session;
  let context: BrowserContext;
  let page: Page;
  let thirdBook: Buffer;

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('librarian'));
    for (const book of [LIVING_EARTH, NIGHT_SKY]) {
      const uploaded = await uploadBook(baseUrl, session.token, await makeBookPdf(book), book.fileName);
      await waitForBook(baseUrl, session.token, uploaded.id);
    }
    thirdBook = await makeBookPdf({ ...LIVING_EARTH, title: 'The Living Earth, Second Edition' });
    ({ context, page } = await app.open('/dashboard', { session, keepOpen: true }));
  });

  /** The library's cards (cover, status, pages and chapters, Delete in a menu) and its title filter. */
  async function checkLibrary(view: Page) {
    await view.getByRole('heading', { name: 'Your Library' }).waitFor();
    const cards = view.getByRole('article');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    const earth = cards.filter({ hasText: LIVING_EARTH.title });
    expect(await earth.getByText('completed').count()).toBe(1);
    expect(await earth.getByText('9 pages • 3 chapters').count()).toBe(1);
    expect(await earth.getByRole('link', { name: LIVING_EARTH.title }).getAttribute('href')).toMatch(/^\/books\//);
    // The cover is the first page, drawn at ingestion (when a page renderer is installed).
    const cover = earth.locator('img');
    if ((await cover.count()) > 0) {
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await earth.getByRole('button', { name: `Actions for ${LIVING_EARTH.title}` }).click();
    await earth.getByRole('menuitem', { name: 'Delete' }).waitFor();
    await view.keyboard.press('Escape');
    await view.getByText('2 of 2').waitFor();

    await view.getByPlaceholder('Search your books...').fill('NIGHT sky');
    await cards.filter({ hasText: LIVING_EARTH.title }).waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain(NIGHT_SKY.title);
    await view.getByPlaceholder('Search your books...').fill('');
    await cards.nth(1).waitFor();
  }

  it('lists both books with cover, status, pages and chapters, and Delete in a menu; filters them by title', async () => {
    await checkLibrary(page);
  });

  it('does the same on a 390 px phone, without sideways scrolling', async () => {
    const phone = await app.open('/dashboard', { session, viewport: { width: 390, height: 844 } });
    await checkLibrary(phone.page);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('opens the Upload Limit Reached modal on a third upload; a plan card leads to /pricing', async () => {
    app.expectFailure(context, { status: 403, path: /^\/api\/books\/upload$/ });
    await page.getByRole('link', { name: 'Upload New Book' }).click();
    await waitForPath(page, '/upload');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'living-earth-2nd.pdf', mimeType: 'application/pdf', buffer: thirdBook });

    const modal = page.getByRole('dialog', { name: 'Upload Limit Reached' });
    await modal.waitFor();
    expect(await modal.innerText()).toMatch(/used 2 of 2 uploads on the (FREE|Free) plan/);
    expect(await modal.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const pro = modal.getByRole('button', { name: /Pro\s*\$3\.99\/month/ });
    const premium = modal.getByRole('button', { name: /Premium\s*\$9\.99\/month/ });
    expect(await pro.innerText()).toMatch(/20 uploads per month[\s\S]*Priority processing[\s\S]*Email support/);
    expect(await premium.innerText()).toMatch(/Best Value[\s\S]*Unlimited uploads[\s\S]*Everything in Pro/);

    await pro.click();
    await waitForPath(page, '/pricing');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('heading', { name: 'All Plans Include' }).waitFor();
  });

  it("closes the modal with 'Maybe later' and stays on the upload page", async () => {
    await page.goto('/upload');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'living-earth-2nd.pdf', mimeType: 'application/pdf', buffer: thirdBook });
    const modal = page.getByRole('dialog', { name: 'Upload Limit Reached' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Maybe later' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/upload');
    // Back to idle: the drop zone takes a file again.
    await page.getByText('Drag & drop your PDF here').waitFor();
  });

  it('deletes a book after the confirmation and shows the rest', async () => {
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    const cards = page.getByRole('article');
    await cards.nth(1).waitFor();

    await page.getByRole('button', { name: `Actions for ${NIGHT_SKY.title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete book' });
    await confirm.getByText('Are you sure you want to delete this book?').waitFor();
    // Cancel keeps the book.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(2);

    await page.getByRole('button', { name: `Actions for ${NIGHT_SKY.title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Book deleted successfully').waitFor();
    await cards.filter({ hasText: NIGHT_SKY.title }).waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(1);

    // The server agrees, and the page survives a reload.
    await page.reload();
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain(LIVING_EARTH.title);
  });
});
