import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildExtension,
  CHROMIUM_PATH,
  failureReport,
  launchWithExtension,
  makeStudyGuidePdf,
  popupFor,
  registerUser,
  signInThroughOptions,
  startBackend,
  startPdfSite,
  uploadThroughApi,
  type LoadedExtension,
  type PdfSite,
  type RunningBackend,
} from './support/harness.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.log(`[extension e2e] skipped: no Chromium at ${CHROMIUM_PATH}`);

const READER = { name: 'Panel Reader', email: 'panel-reader@example.com', password: 'study-hard-123' };
const OTHER = { name: 'Other Reader', email: 'other-reader@example.com', password: 'study-hard-456' };
const BOOK_TITLE = 'A Short Guide to the Living Earth';
const WEB_PAGE_NOT_PDF = 'This link opens a web page, not a PDF (maybe a sign-in page).';
// Set CHAPTERWISE_SCREENSHOTS=<dir> to keep what the panel looked like at each width.
const SCREENSHOTS = process.env.CHAPTERWISE_SCREENSHOTS;

/**
 * The side panel's state across what a student does to it: signing out and in, switching accounts,
 * the server going away and coming back, a sign-in page behind a .pdf link, a quota refusal for
 * another tab, and narration that outlives a view. The panel is a 400 px page beside the tabs.
 */
describe.skipIf(!hasChromium)('the side panel keeps its state straight', () => {
  let backend: RunningBackend;
  let site: PdfSite;
  let build: { dir: string; remove: () => void };
  let extension: LoadedExtension;
  let otherToken: string;
  let pdfTab: Page;
  let blankTab: Page;
  let panel: Page;

  beforeAll(async () => {
    // The student generates the notes in the panel here, as with a model configured.
    backend = await startBackend({ STUDY_PREPARE_OFFLINE: 'false' });
    await registerUser(backend.url, READER);
    otherToken = await registerUser(backend.url, OTHER);
    site = await startPdfSite({
      'notes/earth.pdf': await makeStudyGuidePdf(),
      'notes/third.pdf': await makeStudyGuidePdf(),
    });
    build = await buildExtension(['http://127.0.0.1/*']);
    extension = await launchWithExtension(build.dir);
    await signInThroughOptions(extension, backend.url, READER.email, READER.password);
    panel = await extension.context.newPage();
    await panel.setViewportSize({ width: 400, height: 800 });
    await panel.goto(extension.page('sidepanel.html'));
    blankTab = await extension.context.newPage();
    await blankTab.goto(`${site.url}/login`);
    pdfTab = await extension.context.newPage();
    await pdfTab.goto(`${site.url}/notes/earth.pdf`);
  });

  afterAll(async () => {
    await extension?.context.close();
    build?.remove();
    await site?.stop();
    await backend?.stop();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.log(await failureReport(panel, extension, backend));
  });

  const showPdfTab = async () => {
    await blankTab.bringToFront();
    await pdfTab.bringToFront();
  };

  it('still knows the PDF tab is a book after signing out and in again', async () => {
    const popup = await popupFor(extension, pdfTab);
    await popup.getByRole('button', { name: 'Send this PDF to ChapterWise' }).click();
    await popup.getByText('Sent! The book opens in the side panel.').waitFor({ timeout: 60_000 });
    await panel.getByRole('heading', { name: BOOK_TITLE }).waitFor({ timeout: 60_000 });
    await panel.getByRole('button', { name: /^Chapter 1: / }).waitFor({ timeout: 90_000 });

    await popup.reload();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await panel.getByRole('button', { name: 'Sign In' }).waitFor();
    await popup.close();
    await signInThroughOptions(extension, backend.url, READER.email, READER.password);

    // The popup offers the book, not a second send; the panel follows the tab to it.
    const again = await popupFor(extension, pdfTab);
    await again.getByText('This PDF is already in your library.').waitFor();
    expect(await again.getByRole('button', { name: 'Send this PDF to ChapterWise' }).count()).toBe(0);
    await again.getByText('completed').waitFor();
    await again.close();
    await showPdfTab();
    await panel.getByRole('heading', { name: BOOK_TITLE }).waitFor({ timeout: 30_000 });
  });

  it('shows nothing of the previous account after another one signs in', async () => {
    await signInThroughOptions(extension, backend.url, OTHER.email, OTHER.password);
    await panel.getByText('No books yet').waitFor({ timeout: 30_000 });
    expect(await panel.getByRole('alert').count()).toBe(0);
    expect(await panel.getByText(BOOK_TITLE).count()).toBe(0);

    const popup = await popupFor(extension, pdfTab);
    await popup.getByRole('button', { name: 'Send this PDF to ChapterWise' }).waitFor();
    expect(await popup.getByText('already in your library').count()).toBe(0);
    await popup.close();
  });

  it('says so when a .pdf link opens a sign-in page, and offers to try again', async () => {
    const walled = await extension.context.newPage();
    await walled.goto(`${site.url}/walled/paper.pdf`);
    const popup = await popupFor(extension, walled);
    await popup.getByRole('button', { name: 'Send this PDF to ChapterWise' }).click();
    const alert = popup.getByRole('alert');
    await alert.getByText(WEB_PAGE_NOT_PDF).waitFor({ timeout: 30_000 });
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    await popup.close();
    await walled.close();
  });

  it("names the tab a quota refusal is about, beside another book's view", async () => {
    // The other account has used both free uploads of the month.
    await uploadThroughApi(backend.url, otherToken, await makeStudyGuidePdf(), 'one.pdf');
    await uploadThroughApi(backend.url, otherToken, await makeStudyGuidePdf(), 'two.pdf');
    await panel.reload();
    await panel.locator('.book-row').first().click();
    await panel.getByRole('button', { name: '← Library' }).waitFor();

    const third = await extension.context.newPage();
    await third.goto(`${site.url}/notes/third.pdf`);
    await blankTab.bringToFront();
    await third.bringToFront();
    const card = panel.getByRole('region', { name: 'This tab' });
    await card.getByText('third.pdf').waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Send this PDF to ChapterWise' }).click();
    await card
      .getByRole('alert')
      .getByText(/uploads on the Free plan/)
      .waitFor({ timeout: 30_000 });
    await card.getByRole('link', { name: 'See plans and upgrade' }).waitFor();
    await third.close();
  });

  it('keeps narration playing across views until it is stopped', async () => {
    await signInThroughOptions(extension, backend.url, READER.email, READER.password);
    await showPdfTab();
    // Only once the panel has followed the PDF tab: the background answers a tab that is still active when it
    // looks, and the panel here is itself a tab that would take the PDF's place.
    await panel.getByRole('heading', { name: BOOK_TITLE }).waitFor({ timeout: 30_000 });
    await panel.bringToFront();
    await panel.getByRole('button', { name: /^Chapter 1: / }).click();
    await panel.getByRole('button', { name: 'Generate Summary' }).click();
    await panel.getByText('Chapter summary generated!').waitFor({ timeout: 120_000 });
    await panel.getByRole('button', { name: 'Extract Topics' }).click();
    await panel.getByText('Topics extracted!').waitFor({ timeout: 120_000 });

    await panel.getByRole('button', { name: 'Listen' }).click();
    const player = panel.getByRole('region', { name: 'Narration' });
    await player.waitFor({ timeout: 120_000 });
    await panel.getByRole('button', { name: '← Back to Book' }).click();
    await panel.getByRole('heading', { name: BOOK_TITLE }).waitFor();
    await player.waitFor();
    const audio = player.locator('audio');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState >= 1 && !element.paused), {
        timeout: 30_000,
      })
      .toBe(true);
    await player.getByRole('button', { name: 'Stop' }).click();
    expect(await player.count()).toBe(0);
  });

  it('keeps the header in view and toasts off the controls, at 320 and 400 px', async () => {
    await panel.getByRole('button', { name: /^Chapter 1: / }).click();
    await panel.getByRole('heading', { name: /^Chapter 1: / }).waitFor();
    for (const width of [320, 400]) {
      await panel.setViewportSize({ width, height: 640 });
      await panel.mouse.wheel(0, 5000);
      const header = (await panel.locator('header').boundingBox())!;
      expect(header.y).toBeGreaterThanOrEqual(0);
      expect(header.y).toBeLessThan(20);

      await panel.mouse.wheel(0, -5000);
      await panel.getByRole('button', { name: 'Listen' }).click();
      await panel.locator('.toast').last().waitFor({ timeout: 60_000 });
      // With toasts and the player showing, every control can still be reached and clicked.
      for (const button of await panel.getByRole('button').all()) {
        await button.click({ trial: true, timeout: 5000 });
      }
      await panel.getByRole('region', { name: 'Narration' }).getByRole('button', { name: 'Stop' }).click();
      await panel.mouse.wheel(0, 5000);
      await panel.waitForTimeout(300);
      if (SCREENSHOTS) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await panel.screenshot({ path: join(SCREENSHOTS, `panel-chapter-${width}.png`) });
      }
    }
    await panel.setViewportSize({ width: 400, height: 800 });
  });

  it('shows saved chapter notes while the server is down, then recovers by itself', async () => {
    await backend.stop({ keepData: true });
    await panel.reload();
    const alert = panel.getByRole('alert');
    await alert.getByText(/Cannot reach the ChapterWise server/).waitFor({ timeout: 60_000 });
    await alert.getByRole('button', { name: 'Retry' }).waitFor();

    await panel.getByRole('heading', { name: 'Saved chapter notes' }).waitFor();
    await panel.getByRole('button', { name: STUDY_GUIDE_FIRST_TITLE }).click();
    await panel.getByText(/Saved copy from .*: the notes as you last read them\./).waitFor({ timeout: 30_000 });
    expect(await panel.locator('.saved-copy .markdown').first().innerText()).toMatch(/water|vapour|rain/i);
    if (SCREENSHOTS) await panel.screenshot({ path: join(SCREENSHOTS, 'panel-saved-copy-400.png') });

    backend = await startBackend({ STUDY_PREPARE_OFFLINE: 'false' }, backend);
    // No click: the panel notices the server is back and loads the chapter live.
    await panel.getByRole('heading', { name: /^Chapter 1: / }).waitFor({ timeout: 60_000 });
    expect(await panel.getByText(/Saved copy from/).count()).toBe(0);
    await panel.getByRole('button', { name: '← Back to Book' }).click();
    await panel.getByRole('button', { name: '← Library' }).click();
    await panel.getByRole('button', { name: new RegExp(BOOK_TITLE) }).waitFor({ timeout: 30_000 });
  });
});

// Detection names the first chapter after its page-top heading.
const STUDY_GUIDE_FIRST_TITLE = /Water Cycle/;
