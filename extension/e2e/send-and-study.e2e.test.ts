import { existsSync } from 'node:fs';
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
  STUDY_GUIDE_CHAPTERS,
  type LoadedExtension,
  type PdfSite,
  type RunningBackend,
} from './support/harness.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.log(`[extension e2e] skipped: no Chromium at ${CHROMIUM_PATH}`);

const USER = { name: 'Extension Reader', email: 'extension-reader@example.com', password: 'study-hard-123' };
const BOOK_TITLE = 'A Short Guide to the Living Earth';

describe.skipIf(!hasChromium)('ChapterWise extension in Chromium', () => {
  let backend: RunningBackend;
  let site: PdfSite;
  let build: { dir: string; remove: () => void };
  let extension: LoadedExtension;
  let token: string;
  let pdfTab: Page;
  let sidePanel: Page;
  let pdfUrl: string;

  beforeAll(async () => {
    // The side panel's own Generate Summary / Extract Topics buttons are under test: no notes prepared on ingestion.
    backend = await startBackend({ STUDY_PREPARE_OFFLINE: 'false' });
    token = await registerUser(backend.url, USER);
    site = await startPdfSite({ 'courses/living-earth.pdf': await makeStudyGuidePdf() });
    pdfUrl = `${site.url}/courses/living-earth.pdf`;
    build = await buildExtension(['http://127.0.0.1/*']);
    extension = await launchWithExtension(build.dir);
  });

  afterAll(async () => {
    await extension?.context.close();
    build?.remove();
    await site?.stop();
    await backend?.stop();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.log(await failureReport(sidePanel, extension, backend));
  });

  const books = async () =>
    (await (await fetch(`${backend.url}/api/books`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: string;
    }[];

  it('signs in from the options page', async () => {
    await signInThroughOptions(extension, backend.url, USER.email, USER.password);
    sidePanel = await extension.context.newPage();
    await sidePanel.goto(extension.page('sidepanel.html'));
    await sidePanel.getByRole('heading', { name: 'Your Library' }).waitFor();
    await sidePanel.getByText('No books yet').waitFor();
  });

  it('sends the PDF of a tab (behind a login cookie) and shows its chapters in the side panel', async () => {
    pdfTab = await extension.context.newPage();
    await pdfTab.goto(`${site.url}/login`);
    await pdfTab.goto(pdfUrl);
    const popup = await popupFor(extension, pdfTab);

    await popup.getByRole('button', { name: 'Send this PDF to ChapterWise' }).click();
    await popup.getByText('Sent! The book opens in the side panel.').waitFor({ timeout: 60_000 });

    // The background downloaded it with the site's cookie and sent the tab's address as the source.
    expect(
      site.pdfRequests.filter((request) => request.path === '/courses/living-earth.pdf' && request.withCookie).length,
    ).toBeGreaterThan(0);
    const [book] = await books();
    const detail = (await (
      await fetch(`${backend.url}/api/books/${book!.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      source_url: string;
    };
    expect(detail.source_url).toBe(pdfUrl);

    // The side panel switched to the book by itself and lists its chapters once processed.
    await sidePanel.getByRole('heading', { name: BOOK_TITLE }).waitFor({ timeout: 60_000 });
    // Titles are whatever chapter detection found on the page tops; the numbering is the spec's.
    for (const number of STUDY_GUIDE_CHAPTERS.keys()) {
      await sidePanel
        .getByRole('button', { name: new RegExp(`^Chapter ${number + 1}: `) })
        .waitFor({ timeout: 90_000 });
    }
    await sidePanel.getByText('6 pages • 3 chapters').waitFor();
    await popup.close();
  });

  it('opens the book of a PDF already in the library without a new upload', async () => {
    const popup = await popupFor(extension, pdfTab);
    await popup.getByText('This PDF is already in your library.').waitFor();
    expect(await popup.getByRole('button', { name: 'Send this PDF to ChapterWise' }).count()).toBe(0);
    await sidePanel.getByRole('button', { name: '← Library' }).click();
    await sidePanel.getByRole('heading', { name: 'Your Library' }).waitFor();
    await popup.getByRole('button', { name: 'Study it in the side panel' }).click();
    await sidePanel.getByRole('heading', { name: BOOK_TITLE }).waitFor();
    expect(await books()).toHaveLength(1);
    await popup.close();
  });

  it('generates a chapter summary, key topics and an ELI12 explanation from the side panel', async () => {
    await sidePanel.getByRole('button', { name: /^Chapter 1: / }).click();
    await sidePanel.getByRole('heading', { name: /^Chapter 1: / }).waitFor();
    await sidePanel.getByText('Click "Extract Topics" to identify key topics in this chapter').waitFor();

    await sidePanel.getByRole('button', { name: 'Generate Summary' }).click();
    await sidePanel.getByText('Chapter summary generated!').waitFor({ timeout: 120_000 });
    const summary = await sidePanel.locator('[aria-labelledby="chapter-summary-title"] .markdown').innerText();
    expect(summary).toMatch(/water|vapour|rain/i);

    await sidePanel.getByRole('button', { name: 'Extract Topics' }).click();
    await sidePanel.getByText('Topics extracted!').waitFor({ timeout: 120_000 });
    const firstTopic = sidePanel.locator('.topic-card').first();
    await firstTopic.getByRole('button', { name: 'ELI12' }).click();
    await firstTopic.getByText("Explain Like I'm 12").waitFor({ timeout: 120_000 });
    expect((await firstTopic.locator('.eli12-box .markdown').innerText()).length).toBeGreaterThan(20);
  });

  it('narrates the chapter summary into an audio player', async () => {
    // Chromium defers media loading in background tabs; the real side panel is always visible.
    await sidePanel.bringToFront();
    await sidePanel.getByRole('button', { name: 'Listen' }).click();
    await sidePanel.getByText('Audio generated! Playing...').waitFor({ timeout: 120_000 });
    const audio = sidePanel.locator('audio');
    // The narration is handed over from the background as a blob: the server's files are same-origin only.
    expect(await audio.getAttribute('src')).toMatch(/^blob:chrome-extension:\/\//);
    const loaded = await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise<string>((resolve) => {
          if (element.readyState >= 1) return resolve('metadata');
          element.addEventListener('loadedmetadata', () => resolve('metadata'));
          element.addEventListener('error', () => resolve(`error ${element.error?.code}: ${element.error?.message}`));
          setTimeout(() => resolve(`still loading (networkState ${element.networkState})`), 30_000);
        }),
    );
    expect(loaded).toBe('metadata');
  });

  it('switches the side panel to the book when its PDF tab becomes active again', async () => {
    await sidePanel.getByRole('button', { name: '← Back to Book' }).click();
    await sidePanel.getByRole('button', { name: '← Library' }).click();
    await sidePanel.getByRole('heading', { name: 'Your Library' }).waitFor();

    const otherTab = await extension.context.newPage();
    await otherTab.goto(`${site.url}/login`);
    await pdfTab.bringToFront();

    await sidePanel.getByRole('heading', { name: BOOK_TITLE }).waitFor({ timeout: 30_000 });
    await otherTab.close();
  });

  it('searches inside the library from the side panel and opens the chapter of a result', async () => {
    await sidePanel.getByRole('button', { name: '← Library' }).click();
    await sidePanel
      .getByRole('searchbox', { name: 'Search inside your books' })
      .fill('seismographs record these waves');
    await sidePanel.getByRole('button', { name: 'Search', exact: true }).click();

    const best = sidePanel.locator('.search-result').first();
    await best.waitFor({ timeout: 15_000 });
    expect(await best.innerText()).toContain(BOOK_TITLE);
    expect(await best.innerText()).toMatch(/Volcanoes and Earthquakes · p\. \S+/);
    expect((await best.locator('mark').allInnerTexts()).join(' ').toLowerCase()).toContain('seismographs');

    await best.click();
    await sidePanel.getByRole('heading', { name: 'Chapter 3: Volcanoes and Earthquakes' }).waitFor();
  });

  it('opens a side-panel citation at its page in the PDF tab, and the book in the reader', async () => {
    await sidePanel.getByRole('button', { name: '← Back to Book' }).click();
    await sidePanel.getByRole('button', { name: /^Chapter 1: / }).click();
    const citation = sidePanel.locator('[aria-labelledby="chapter-summary-title"] .citation-link').first();
    await citation.waitFor();
    await citation.click();
    // The tab showing the book's PDF turns to the cited page.
    await pdfTab.waitForURL(/\/courses\/living-earth\.pdf#page=\d+$/, { timeout: 15_000 });

    const readerTab = extension.context.waitForEvent('page');
    await sidePanel.getByRole('link', { name: 'Open in ChapterWise reader' }).click();
    const reader = await readerTab;
    await reader.waitForURL(/\/books\/[0-9a-f-]{36}\/read\?page=\d+$/, { timeout: 15_000 });
    await reader.close();
  });
});
