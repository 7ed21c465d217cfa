// What every e2e file shares: the browser of the global setup, pages on the running app, and a check
// that no page logged an error the test did not provoke on purpose.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
  type ViewportSize,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { signedInState, type Session } from './harness.js';

export const baseUrl = inject('baseUrl');
/** False when the global setup found no Chromium: suites use describe.skipIf(!e2eEnabled). */
export const e2eEnabled = baseUrl !== '';

/** The two widths the student's path is checked at (issue 19): a phone and a laptop. */
export const PHONE_AND_LAPTOP = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;

/** A failed request the test causes on purpose; Chromium logs each one as a console error. */
export interface ExpectedFailure {
  status: number;
  path: RegExp;
}

export interface AppOptions {
  session?: Session;
  viewport?: ViewportSize;
  expectedFailures?: ExpectedFailure[];
  /** For injecting test tooling (axe-core) as a script tag: the app's CSP forbids inline scripts. */
  bypassCSP?: boolean;
  /** A page the tests of a file share (opened in beforeAll): kept open until the file ends. */
  keepOpen?: boolean;
  /** The system theme the page sees (prefers-color-scheme); light unless told. */
  colorScheme?: 'light' | 'dark';
  /** A phone's touch screen: touch events, no hover, the mobile viewport (Chromium's hasTouch and isMobile). */
  touch?: boolean;
  /** Another backend than the shared one (a test that starts its own, e.g. with a model endpoint). */
  origin?: string;
}

interface Watched {
  context: BrowserContext;
  keepOpen: boolean;
  errors: string[];
  expectedFailures: ExpectedFailure[];
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})/;

function isExpected(message: ConsoleMessage, expected: ExpectedFailure[]): boolean {
  const status = FAILED_RESOURCE.exec(message.text())?.[1];
  if (!status) return false;
  const path = new URL(message.location().url || 'about:blank', baseUrl || 'http://localhost').pathname;
  return expected.some((failure) => failure.status === Number(status) && failure.path.test(path));
}

/**
 * Registers the hooks of an e2e file: connect to the shared browser, and after each test fail on any
 * console error or uncaught exception of its pages (popups included) that was not expected.
 */
export function useApp() {
  let browser: Browser | undefined;
  const watched: Watched[] = [];

  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    // On a connected browser this closes our contexts and disconnects; the server keeps running.
    await browser?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await describePages(watched.map((entry) => entry.context));
    const unexpected = watched.flatMap((entry) => entry.errors.splice(0));
    // A test's own pages close with it: two cores are shared by the browser, the backend and vitest.
    for (const entry of watched.filter((item) => !item.keepOpen)) await entry.context.close();
    watched.splice(0, watched.length, ...watched.filter((item) => item.keepOpen));
    expect(unexpected, 'console errors and uncaught exceptions in the pages').toEqual([]);
  });

  /** A fresh browser context (own localStorage) on the app, optionally signed in. */
  async function open(path: string, options: AppOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    if (!browser) throw new Error('The browser is not connected');
    const origin = options.origin ?? baseUrl;
    const context = await browser.newContext({
      baseURL: origin,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      storageState: options.session ? signedInState(origin, options.session) : undefined,
      bypassCSP: options.bypassCSP ?? false,
      colorScheme: options.colorScheme ?? 'light',
      hasTouch: options.touch ?? false,
      isMobile: options.touch ?? false,
    });
    context.setDefaultTimeout(15_000);
    const entry: Watched = {
      context,
      keepOpen: options.keepOpen ?? false,
      errors: [],
      expectedFailures: options.expectedFailures ?? [],
    };
    watched.push(entry);
    context.on('console', (message) => {
      if (message.type() !== 'error' || isExpected(message, entry.expectedFailures)) return;
      entry.errors.push(`${message.page()?.url() ?? '?'}: ${message.text()} (${message.location().url})`);
    });
    context.on('weberror', (error) => entry.errors.push(`uncaught: ${error.error().message}`));
    await context.addInitScript(recordClickTrail);
    const page = await context.newPage();
    await page.goto(path);
    return { context, page };
  }

  /** Lets a test provoke a failing request after the page is open. */
  function expectFailure(context: BrowserContext, failure: ExpectedFailure): void {
    const entry = watched.find((item) => item.context === context);
    if (!entry) throw new Error('Unknown context');
    entry.expectedFailures.push(failure);
  }

  return { open, expectFailure };
}

/**
 * Runs in every page: notes each pointer press, click and history push, so a click that changed nothing can be read
 * after a failure (which element got it, whether it was still in the page, whether the router pushed a location).
 */
function recordClickTrail(): void {
  const trail: string[] = [];
  (window as { __clickTrail?: string[] }).__clickTrail = trail;
  const now = () => `${Math.round(performance.now())} ms`;
  const describe = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const control = target.closest('a[href], button');
    const text = (control ?? target).textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
    const where = control ? ` in ${control.tagName.toLowerCase()} "${text}"` : ` "${text}"`;
    return `${target.tagName.toLowerCase()}${where}${target.isConnected ? '' : ' (no longer in the page)'}`;
  };
  for (const type of ['pointerdown', 'click']) {
    window.addEventListener(
      type,
      (event) => {
        const { clientX, clientY } = event as MouseEvent;
        const under = document.elementFromPoint(clientX, clientY);
        trail.push(
          `${now()} ${type} on ${describe(event.target)} at ${Math.round(clientX)},${Math.round(clientY)}; under it: ${describe(under)}`,
        );
      },
      true,
    );
  }
  const pushState = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    trail.push(`${now()} history push ${String(args[2])}`);
    pushState(...args);
  };
}

/** After a failure: where each page was and what it said, plus a screenshot, to read the failure by. */
async function describePages(contexts: BrowserContext[]): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'chapterwise-e2e-failure-'));
  for (const [index, page] of contexts.flatMap((context) => context.pages()).entries()) {
    const toasts = await page
      .locator('[data-sonner-toast]')
      .allInnerTexts()
      .catch(() => []);
    const file = join(folder, `page-${index}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    const trail = await page
      .evaluate(() => (window as { __clickTrail?: string[] }).__clickTrail?.slice(-12) ?? [])
      .catch(() => []);
    console.log(
      `[e2e] page ${index}: ${page.url()}\n  toasts: ${JSON.stringify(toasts)}\n  screenshot: ${file}\n` +
        `  last clicks:\n${trail.map((line) => `    ${line}`).join('\n')}`,
    );
  }
}

/** A box measured once it stops moving (two reads 100 ms apart agree), for elements that animate into place. */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await locator.boundingBox();
  for (let tries = 0; tries < 30; tries += 1) {
    await locator.page().waitForTimeout(100);
    const next = await locator.boundingBox();
    if (next && last && next.y === last.y && next.height === last.height) return next;
    last = next;
  }
  return last!;
}

/** The toast (sonner) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Resolves once the accordion item `trigger` opens has finished its opening animation: a press inside it before then
 * can be released on text the animation has moved under the pointer (P7-D1: pressed "View Chapter Details", released
 * on the chapter's summary 192 px above it).
 */
export async function waitUntilOpened(trigger: Locator): Promise<void> {
  const contentId = await trigger.getAttribute('aria-controls');
  if (!contentId) throw new Error('This control opens no region (no aria-controls).');
  const content = trigger.page().locator(`[id="${contentId}"][data-state="open"]`);
  await content.waitFor();
  await content.evaluate((element) =>
    Promise.allSettled(element.getAnimations().map((animation) => animation.finished)),
  );
}

/** Resolves once the page is on `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), {
    timeout,
  });
}

/** Nothing sticks out sideways: the page never scrolls horizontally (a phone's usual defect). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'pixels the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** Resolves once every finite animation and transition on the page has run (dialogs opening, theme fades). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The control is fully inside the screen's width (not cut off at a phone's edge) once it has stopped moving. */
export async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  await locator.waitFor();
  await animationsSettled(page);
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the control is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}
