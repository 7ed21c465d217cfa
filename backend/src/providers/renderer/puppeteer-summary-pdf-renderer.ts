import { existsSync } from 'node:fs';
import escapeHtml from 'escape-html';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { SummaryDocument } from './summary-document.js';
import { DETAIL_LEVELS, layoutVariables, pageRule, summaryHtml } from './summary-html.js';
import {
  densityForLoad,
  estimatePages,
  layoutAt,
  relativePageLoad,
  type MeasuredBox,
  type PageLayout,
} from './summary-layout.js';
import { SummaryPdfRenderer } from './summary-pdf.port.js';

interface Rendered {
  pdf: Buffer;
  pages: number;
}

const REAL_RENDERS_PER_LEVEL = 3;
const SEARCH_STEPS = 10;

/** Estimated page counts by density for one version of the HTML, measured on demand and remembered. */
class PageEstimates {
  private readonly known = new Map<number, number>();

  constructor(private readonly measure: (density: number) => Promise<number>) {}

  async at(density: number): Promise<number> {
    if (!this.known.has(density)) this.known.set(density, await this.measure(density));
    return this.known.get(density)!;
  }

  within(low: number, high: number): Array<{ density: number; pages: number }> {
    return [...this.known]
      .filter(([density]) => density >= low && density <= high)
      .map(([density, pages]) => ({ density, pages }))
      .sort((a, b) => a.density - b.density);
  }
}

// The page runs no scripts and every network request is refused, so summary text can never fetch or execute anything.
// Text is trimmed (least important first) only when the densest layout still overflows.
export class PuppeteerSummaryPdfRenderer extends SummaryPdfRenderer {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly executablePath: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async render(doc: SummaryDocument, targetPages: number): Promise<Rendered> {
    const target = Math.max(1, Math.round(targetPages));
    const state: { page?: Page; finished: boolean } = { finished: false };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Rendering the summary PDF took longer than ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    const work = (async () => {
      const page = await (await this.sharedBrowser()).newPage();
      if (state.finished) {
        await page.close();
        throw new Error('The render was abandoned');
      }
      state.page = page;
      return this.fit(page, doc, target);
    })();
    try {
      return await Promise.race([work, timedOut]);
    } finally {
      state.finished = true;
      clearTimeout(timer);
      work.catch(() => undefined);
      // Closing the page also stops whatever a timed-out render was still doing.
      await state.page?.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const launching = this.browser;
    this.browser = null;
    const browser = await launching?.catch(() => null);
    await browser?.close();
  }

  private sharedBrowser(): Promise<Browser> {
    if (this.browser) return this.browser;
    if (!existsSync(this.executablePath)) {
      return Promise.reject(new Error(`The summary PDF needs Chromium, which was not found at ${this.executablePath}`));
    }
    const launching = puppeteer.launch({
      executablePath: this.executablePath,
      headless: true,
      // A pipe instead of a debugging port: nothing else on the machine can reach the browser.
      pipe: true,
      timeout: this.timeoutMs,
      args: [
        // Chromium's sandbox cannot start as root (containers); elsewhere it stays on.
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-extensions',
        '--disable-sync',
        '--no-first-run',
        '--font-render-hinting=none',
      ],
    });
    this.browser = launching;
    launching.then(
      (browser) => browser.once('disconnected', () => this.forget(launching)),
      () => this.forget(launching),
    );
    return launching;
  }

  private forget(launching: Promise<Browser>): void {
    if (this.browser === launching) this.browser = null;
  }

  private async fit(page: Page, doc: SummaryDocument, target: number): Promise<Rendered> {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on(
      'request',
      (request) => void (request.url().startsWith('data:') ? request.continue() : request.abort('blockedbyclient')),
    );
    await page.emulateMediaType('print');
    let best: Rendered | null = null;
    for (let detail = 0; detail < DETAIL_LEVELS.length; detail++) {
      await page.setContent(summaryHtml(doc, { detail, coverPage: target >= 3, targetPages: target }), {
        waitUntil: 'load',
      });
      const estimatesFor = (chapterBreaks: boolean) =>
        new PageEstimates(async (density) => {
          const layout = layoutAt(density, chapterBreaks);
          return estimatePages(await applyAndMeasure(page, layout), layout);
        });
      const flowing = estimatesFor(false);
      const lastLevel = detail === DETAIL_LEVELS.length - 1;
      // Clearly too much text even at the densest layout: trim before printing anything.
      if (!lastLevel && (await flowing.at(0)) > target + 1) continue;
      // Too little text even at the loosest layout: start each chapter on a new page, if that does not overshoot.
      const breaking = (await flowing.at(1)) < target ? estimatesFor(true) : null;
      const chapterBreaks = breaking !== null && (await breaking.at(0)) <= target;
      const result = await this.converge(page, doc.title, chapterBreaks ? breaking! : flowing, chapterBreaks, target);
      best = closest(best, result, target);
      if (best.pages <= target + 1) return best;
    }
    return best!;
  }

  private async converge(
    page: Page,
    title: string,
    estimates: PageEstimates,
    chapterBreaks: boolean,
    target: number,
  ): Promise<Rendered> {
    let low = 0;
    let high = 1;
    let density = await densityFor(estimates, target, low, high);
    let best: Rendered | null = null;
    for (let attempt = 0; attempt < REAL_RENDERS_PER_LEVEL; attempt++) {
      const layout = layoutAt(density, chapterBreaks);
      await applyAndMeasure(page, layout);
      const rendered = await printPdf(page, layout, title);
      best = closest(best, rendered, target);
      if (rendered.pages === target) break;
      if (rendered.pages > target) high = density;
      else low = density;
      if (
        high - low < 0.002 ||
        (rendered.pages > target && density === 0) ||
        (rendered.pages < target && density === 1)
      )
        break;
      const inside = (candidate: number) => candidate > low && candidate < high;
      // The estimate is off by a page here: look again inside the narrowed range, else correct by the miss.
      let next = await densityFor(estimates, target, low, high);
      if (!inside(next))
        next = await densityFor(estimates, target - (rendered.pages - (await estimates.at(density))), low, high);
      density = inside(next) ? next : (low + high) / 2;
    }
    return best!;
  }
}

// Page count is close to linear in `relativePageLoad`, so interpolation converges; the nearer end if out of reach.
async function densityFor(estimates: PageEstimates, goal: number, low: number, high: number): Promise<number> {
  if ((await estimates.at(low)) >= goal) return low;
  if ((await estimates.at(high)) < goal) return high;
  const below = () => estimates.within(low, high).findLast((point) => point.pages < goal)!;
  const above = () => estimates.within(low, high).find((point) => point.pages > goal);
  const hits = () => estimates.within(low, high).filter((point) => point.pages === goal);
  // Regula falsi on the page-load scale, with the Illinois tweak: an end that survives twice in a row
  // counts half, so the search does not creep towards the goal from one side.
  let [from, to] = [below(), above()!];
  const weight = { from: 1, to: 1 };
  let lastMoved: 'from' | 'to' | null = null;
  for (let step = 0; step < SEARCH_STEPS && hits().length === 0; step++) {
    const offFrom = (from.pages - goal - 0.5) * weight.from;
    const offTo = (to.pages - goal - 0.5) * weight.to;
    const [loadFrom, loadTo] = [relativePageLoad(from.density), relativePageLoad(to.density)];
    const guess = densityForLoad(
      loadFrom - (offFrom * (loadTo - loadFrom)) / (offTo - offFrom),
      from.density,
      to.density,
    );
    const margin = (to.density - from.density) / 50;
    const density = Math.min(to.density - margin, Math.max(from.density + margin, guess));
    const pages = await estimates.at(density);
    const moved = pages < goal ? 'from' : 'to';
    if (moved === 'from') from = { density, pages };
    else to = { density, pages };
    weight[moved] = 1;
    if (lastMoved === moved) weight[moved === 'from' ? 'to' : 'from'] /= 2;
    lastMoved = moved;
  }
  if (hits().length === 0) return (below().density + (above() ?? below()).density) / 2;
  // Prefer the middle of the goal's range over a point near its edge, where the estimate is least sure.
  const [lower, upper] = [below(), above()];
  if (upper) {
    const [loadLower, loadUpper] = [relativePageLoad(lower.density), relativePageLoad(upper.density)];
    const middleLoad = loadLower + ((goal + 0.5 - lower.pages) * (loadUpper - loadLower)) / (upper.pages - lower.pages);
    const middle = densityForLoad(middleLoad, lower.density, upper.density);
    if ((await estimates.at(middle)) === goal) return middle;
  }
  return (hits()[0]!.density + hits().at(-1)!.density) / 2;
}

function closest(current: Rendered | null, candidate: Rendered, target: number): Rendered {
  if (!current) return candidate;
  const distance = (rendered: Rendered) => Math.abs(rendered.pages - target);
  return distance(candidate) < distance(current) ? candidate : current;
}

// The few DOM members the in-page measurement touches (this Node project compiles without DOM types).
interface PageElement {
  getBoundingClientRect(): { top: number; bottom: number; height: number };
  dataset: Record<string, string | undefined>;
  hasAttribute(name: string): boolean;
  textContent: string | null;
}
interface PageWindow {
  document: {
    documentElement: { scrollTop: number; style: { setProperty(name: string, value: string): void } };
    body: { classList: { toggle(name: string, force: boolean): void } };
    getElementById(id: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  getComputedStyle(element: PageElement): { lineHeight: string };
}

function applyAndMeasure(page: Page, layout: PageLayout): Promise<MeasuredBox[]> {
  return page.evaluate(
    (variables: Record<string, string>, rule: string, chapterBreaks: boolean) => {
      const view = globalThis as unknown as PageWindow;
      const root = view.document.documentElement;
      for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
      view.document.getElementById('page-rule')!.textContent = rule;
      view.document.body.classList.toggle('chapter-breaks', chapterBreaks);
      return Array.from(view.document.querySelectorAll('[data-box]')).map((element) => {
        const box = element.getBoundingClientRect();
        const lineHeight = Number.parseFloat(view.getComputedStyle(element).lineHeight);
        return {
          top: box.top + root.scrollTop,
          bottom: box.bottom + root.scrollTop,
          lineHeight: Number.isFinite(lineHeight) && lineHeight > 0 ? lineHeight : box.height,
          kind: element.dataset.box as MeasuredBox['kind'],
          chapterStart: element.hasAttribute('data-chapter-start'),
        };
      });
    },
    layoutVariables(layout),
    pageRule(layout),
    layout.chapterBreaks,
  );
}

async function printPdf(page: Page, layout: PageLayout, title: string): Promise<Rendered> {
  const shortTitle = title.length > 90 ? `${title.slice(0, 89)}…` : title;
  const pdf = Buffer.from(
    await page.pdf({
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: `<div style="width:100%; font: 7.5pt sans-serif; color:#57606a; display:flex; justify-content:space-between; padding:0 ${layout.marginSideMm.toFixed(
        1,
      )}mm"><span>${escapeHtml(shortTitle)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`,
    }),
  );
  return { pdf, pages: await countPages(pdf) };
}

async function countPages(pdf: Buffer): Promise<number> {
  // Our own output, only opened to count pages (nothing is drawn). pdf.js takes ownership of the bytes: a copy.
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}
