// The reader as a student uses it on a phone (390x844, touch) and a laptop (1280x800), issue 44: the page
// box names the page that fills the screen, a phone gets one slim bar that slides away while reading,
// pinch and double tap zoom (kept per book), long press selects with the toolbar inside the screen, a
// highlight paints exactly what was selected, and a search result opens here with its phrase marked.
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, baseUrl, e2eEnabled, PHONE_AND_LAPTOP, toast, useApp, waitForPath } from './support/app.js';
import { expectAxeCleanInBothThemes } from './support/axe.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

// Near the top of page 2, under the foot of page 1: centring it alone would put page 1 in the top third.
const NEAR_TOP_OF_PAGE_2 = 'Plants pull water from the soil through their roots and release it from their leaves.';
// The first sentence of chapter 1, right under the heading "The Water Cycle" whose word it repeats.
const UNDER_HEADING = 'Water moves between the oceans, the air and the land in a cycle that never stops.';
const SEARCHED = 'pigment that gives leaves their green colour';

/** Selects `text` in the text layer of a page (any spacing between pdf.js's items); its box on screen. */
async function selectOnPage(page: Page, pageNumber: number, text: string) {
  return page.evaluate(
    ({ pageNumber, text }) => {
      const layer = document.querySelector(`[data-page="${pageNumber}"] .textLayer`);
      if (!layer) throw new Error(`page ${pageNumber} has no text layer`);
      const places: { node: Text; offset: number }[] = [];
      let squeezed = '';
      const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        [...node.data].forEach((char, offset) => {
          if (/\s/.test(char)) return;
          places.push({ node: node!, offset });
          squeezed += char;
        });
      }
      const wanted = text.replace(/\s+/g, '');
      const at = squeezed.indexOf(wanted);
      if (at === -1) throw new Error(`"${text}" is not on page ${pageNumber}`);
      const start = places[at]!;
      const end = places[at + wanted.length - 1]!;
      const range = document.createRange();
      range.setStart(start.node, start.offset);
      range.setEnd(end.node, end.offset + 1);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      const box = range.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, text: selection.toString() };
    },
    { pageNumber, text },
  );
}

/** Where a passage is on screen, without selecting it. */
async function centreOf(page: Page, pageNumber: number, text: string) {
  const point = await selectOnPage(page, pageNumber, text);
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  return point;
}

/** The page with the most of itself on screen, measured from the page boxes. */
function pageFillingMostOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const view = document.querySelector('.reader-scroll')!.getBoundingClientRect();
    let best = 0;
    let shown = -1;
    for (const slot of document.querySelectorAll<HTMLElement>('.reader-page[data-page]')) {
      const box = slot.getBoundingClientRect();
      const visible = Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top);
      if (visible > shown) {
        shown = visible;
        best = Number(slot.dataset.page);
      }
    }
    return best;
  });
}

/** The cited page is the page read: the box names it, it fills most of the screen, the URL keeps it. */
async function expectReadingCitedPage(page: Page, cited: number): Promise<void> {
  await page.locator(`[data-page="${cited}"] [data-cite]`).waitFor();
  await animationsSettled(page);
  const box = page.getByRole('textbox', { name: 'Page number' });
  await expect.poll(() => box.inputValue()).toBe(String(cited));
  expect(await pageFillingMostOnScreen(page)).toBe(cited);
  // The URL follows the page read a moment after scrolling stops: it stays on the cited page.
  await page.waitForTimeout(700);
  expect(new URL(page.url()).searchParams.get('page')).toBe(String(cited));
  expect(await box.inputValue()).toBe(String(cited));
}

async function pageWidth(page: Page, pageNumber: number): Promise<number> {
  return (await page.locator(`.reader-page[data-page="${pageNumber}"]`).boundingBox())!.width;
}

/** Two fingers on the pages, moved apart from `from` to `to` pixels. */
async function pinch(cdp: CDPSession, centre: { x: number; y: number }, from: number, to: number): Promise<void> {
  const fingers = (spread: number) => [
    { x: centre.x - spread / 2, y: centre.y, id: 1 },
    { x: centre.x + spread / 2, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(from + ((to - from) * step) / 6),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function doubleTap(page: Page, point: { x: number; y: number }): Promise<void> {
  await page.touchscreen.tap(point.x, point.y);
  await page.waitForTimeout(80);
  await page.touchscreen.tap(point.x, point.y);
}

/** Every control of the toolbar lies wholly on the screen. */
async function expectInsideScreen(page: Page, toolbar: Locator): Promise<void> {
  await toolbar.waitFor();
  await animationsSettled(page);
  const screen = page.viewportSize()!;
  for (const control of [toolbar, ...(await toolbar.getByRole('button').all())]) {
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${name}: top edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(screen.width);
    expect(box.y + box.height, `${name}: bottom edge`).toBeLessThanOrEqual(screen.height);
  }
  expect(await toolbar.getByRole('button').allInnerTexts()).toEqual(['Explain simply', 'Highlight', 'Add note', '']);
}

describe.skipIf(!e2eEnabled)('the reader on a phone and on a laptop (issue 44)', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('reader-touch'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    bookId = book.id;
  }, 360_000);

  describe.each(PHONE_AND_LAPTOP)('on a %s', (device, viewport) => {
    const touch = device === 'phone';
    const open = (path: string): Promise<{ context: BrowserContext; page: Page }> =>
      app.open(path, { session, viewport, touch, bypassCSP: true });
    const reader = (page: number, cite?: string) =>
      `/books/${bookId}/read?${new URLSearchParams({ page: String(page), ...(cite ? { cite } : {}) }).toString()}`;
    const pagesOf = (page: Page) => page.getByRole('region', { name: `Pages of ${LIVING_EARTH.title}` });

    it('opens a citation at its page: the box says that page, not the one whose foot shows above it', async () => {
      const { page } = await open(reader(2, NEAR_TOP_OF_PAGE_2));
      await expectReadingCitedPage(page, 2);
      // The foot of page 1 may show; page 2 fills most of the screen and the sentence is in view.
      const cite = (await page.locator('[data-page="2"] [data-cite]').boundingBox())!;
      expect(cite.y).toBeGreaterThanOrEqual(0);
      expect(cite.y + cite.height).toBeLessThanOrEqual(viewport.height);
    });

    it('opens Ask\'s "Read at p. N" at that page with the quote marked', async () => {
      const { page } = await open('/search');
      await page.getByRole('textbox', { name: 'Your question' }).fill('What gives leaves their green colour?');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const read = page.getByRole('button', { name: /^Read at p\. \S+ of A Short Guide to the Living Earth$/ }).first();
      await read.waitFor({ timeout: 30_000 });
      await read.click();
      await waitForPath(page, `/books/${bookId}/read`);
      await expectReadingCitedPage(page, Number(new URL(page.url()).searchParams.get('page')));
    });

    it(
      touch
        ? 'collapses its chrome to one slim bar that slides away reading down and returns on the way up'
        : 'keeps the site header and one toolbar row above the pages',
      async () => {
        const { context, page } = await open(reader(2));
        const bar = page.getByRole('toolbar', { name: 'Reader' });
        await page.locator('[data-page="2"] canvas[data-drawn]').waitFor();
        const pages = pagesOf(page);
        const barBox = (await bar.boundingBox())!;
        if (!touch) {
          await page.getByRole('banner').waitFor();
          expect(barBox.height).toBeLessThanOrEqual(56);
          return;
        }
        // No site header: the bar is the only chrome at the top, and the pages run from the top to the bottom.
        expect(await page.getByRole('banner').isVisible()).toBe(false);
        expect(barBox.y).toBe(0);
        expect(barBox.height).toBeLessThanOrEqual(48);
        expect(await pages.boundingBox()).toMatchObject({ y: 0, height: viewport.height });
        const handle = page.getByRole('button', { name: /^Study · / });

        // A finger's swipe up reads down: the chrome slides away; a short swipe down brings it back.
        const cdp = await context.newCDPSession(page);
        // A finger drawn over the pages (`distance` up when negative), as a phone's browser scrolls them.
        const swipe = async (distance: number) => {
          const x = viewport.width / 2;
          const from = viewport.height / 2 - distance / 2;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
          for (let step = 1; step <= 10; step++)
            await cdp.send('Input.dispatchTouchEvent', {
              type: 'touchMove',
              touchPoints: [{ x, y: from + (distance * step) / 10 }],
            });
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        };
        await swipe(-400);
        await expect.poll(async () => (await bar.boundingBox())!.y + barBox.height).toBeLessThanOrEqual(0);
        await expect.poll(async () => (await handle.boundingBox())!.y).toBeGreaterThanOrEqual(viewport.height);

        await swipe(150);
        await expect.poll(async () => (await bar.boundingBox())!.y).toBe(0);
        await expect.poll(async () => (await handle.boundingBox())!.y).toBeLessThan(viewport.height);

        // The pages moved by the reader itself (a jump to the next page) leave the chrome where it is, once
        // the swipe's moment has passed (a fling's momentum still counts as the finger's).
        await page.waitForTimeout(1600);
        await page.getByRole('button', { name: 'Next page' }).click();
        await expect.poll(() => page.getByRole('textbox', { name: 'Page number' }).inputValue()).not.toBe('2');
        await page.waitForTimeout(300);
        expect((await bar.boundingBox())!.y).toBe(0);
        await cdp.detach();
      },
    );

    it(
      touch
        ? 'zooms with a pinch and a double tap, and keeps the zoom for the book'
        : 'zooms with its buttons and keeps the zoom for the book',
      async () => {
        const { context, page } = await open(reader(2));
        await page.locator('[data-page="2"] canvas[data-drawn]').waitFor();
        const fit = await pageWidth(page, 2);
        if (!touch) {
          await page.getByRole('button', { name: 'Zoom in' }).click();
          await expect.poll(() => pageWidth(page, 2)).toBeCloseTo(fit * 1.2, -1);
          await page.reload();
          await page.locator('[data-page="2"] canvas[data-drawn]').waitFor();
          expect(await pageWidth(page, 2)).toBeCloseTo(fit * 1.2, -1);
          await page.getByRole('button', { name: 'Fit width' }).click();
          await expect.poll(() => pageWidth(page, 2)).toBeCloseTo(fit, -1);
          return;
        }
        const cdp = await context.newCDPSession(page);
        const centre = { x: viewport.width / 2, y: viewport.height / 2 };
        // Fingers 80 px apart move to 160 px: twice the size.
        await pinch(cdp, centre, 80, 160);
        await expect.poll(() => pageWidth(page, 2)).toBeCloseTo(fit * 2, -1);
        // The page text is still where the fingers were: page 2 is still the page read.
        expect(await page.getByRole('textbox', { name: 'Page number' }).inputValue()).toBe('2');

        await page.reload();
        await page.locator('[data-page="2"] canvas[data-drawn]').waitFor();
        expect(await pageWidth(page, 2)).toBeCloseTo(fit * 2, -1);

        // A double tap goes back to the width of the screen, another zooms in again.
        await doubleTap(page, centre);
        await expect.poll(() => pageWidth(page, 2)).toBeCloseTo(fit, -1);
        await doubleTap(page, centre);
        await expect.poll(() => pageWidth(page, 2)).toBeCloseTo(fit * 2, -1);
        await doubleTap(page, centre);
        await expect.poll(() => pageWidth(page, 2)).toBeCloseTo(fit, -1);
        await cdp.detach();
      },
    );

    it(
      touch
        ? 'selects a word by long press and keeps the toolbar inside the screen'
        : 'selects a word by double click and keeps the toolbar inside the screen',
      async () => {
        const { context, page } = await open(reader(2));
        await page.locator('[data-page="2"] [data-text-ready]').waitFor();
        const toolbar = page.getByRole('toolbar', { name: 'Selected text' });
        // A word at the right end of a line: the toolbar would run off the right edge from there.
        const word = await centreOf(page, 2, 'moisture');
        if (touch) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: word.x, y: word.y }] });
          // A phone selects the word under a resting finger and sends no pointerup (headless Chromium leaves
          // the selecting to the platform): the toolbar must come from the selection alone, finger still down.
          await selectOnPage(page, 2, 'moisture');
          await expectInsideScreen(page, toolbar);
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
          await cdp.detach();
        } else {
          await page.mouse.dblclick(word.x, word.y);
          await expectInsideScreen(page, toolbar);
        }
        expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe('moisture');
        await expectAxeCleanInBothThemes(page, `reader-${device}-selection`);
        await toolbar.getByRole('button', { name: 'Close' }).click();
        await toolbar.waitFor({ state: 'detached' });
      },
    );

    it('paints a highlight on exactly the selected text, not the heading above it', async () => {
      const { page } = await open(reader(1));
      await page.locator('[data-page="1"] [data-text-ready]').waitFor();
      const selected = await selectOnPage(page, 1, UNDER_HEADING);
      await page.locator('[data-page="1"] .textLayer').dispatchEvent('pointerup');
      await page.getByRole('toolbar', { name: 'Selected text' }).getByRole('button', { name: 'Highlight' }).click();
      await toast(page, 'Highlighted').waitFor();
      const painted = page.locator('[data-page="1"] [class*="cw-highlight-"]');
      await painted.first().waitFor();
      const paintedText = (await painted.allTextContents()).join(' ').replace(/\s+/g, ' ').trim();
      expect(paintedText).toBe(selected.text.replace(/\s+/g, ' ').trim());
      expect(paintedText).toBe(UNDER_HEADING);
      await expectAxeCleanInBothThemes(page, `reader-${device}-highlight`);
    });

    it('opens a search result in the reader at its page with the phrase marked and the study panel at hand', async () => {
      const { page } = await open(`/search?${new URLSearchParams({ q: SEARCHED }).toString()}`);
      const best = page.getByRole('region', { name: LIVING_EARTH.title }).getByRole('article').first();
      const read = best.getByRole('link', { name: /^Read at p\. \S+ of A Short Guide to the Living Earth$/ });
      await read.waitFor();
      expect(await best.getByRole('button', { name: /Open PDF/ }).count()).toBe(0);
      await read.click();
      await waitForPath(page, `/books/${bookId}/read`);
      const cited = Number(new URL(page.url()).searchParams.get('page'));
      await expectReadingCitedPage(page, cited);
      const marked = (await page.locator(`[data-page="${cited}"] .cw-cite`).allTextContents()).join(' ');
      expect(marked.toLowerCase()).toContain('green colour');
      // Not a bare PDF: the study panel and the selection tools are here.
      if (touch) await page.getByRole('button', { name: /^Study · Chapter 2: How Plants Make Food/ }).waitFor();
      else
        await page
          .getByRole('complementary')
          .getByRole('heading', { name: 'Chapter 2: How Plants Make Food' })
          .waitFor();
      await expectAxeCleanInBothThemes(page, `reader-${device}-search-result`);
    });
  });
});
