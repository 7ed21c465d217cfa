#!/usr/bin/env node
// Dashboard benchmark against the built app served by the real backend in embedded mode:
// 1. the JavaScript a first visit to / actually loads (every script response until the network is
//    idle), in KB gzip (target <= 150), plus the same for /auth and /dashboard;
// 2. Lighthouse performance and accessibility for /, /auth and /dashboard (targets >= 90 and >= 95),
//    median of BENCH_ROUNDS runs (default 3), each in a fresh Chromium profile with an empty cache;
//    a book page, a chapter page (with its prepared notes) and the reader at that chapter are measured too;
// 3. the clicks a new account needs after the upload to read the first chapter's notes (target <= 3).
// /dashboard needs a session: it is written to localStorage from /api/health (same origin, no app
// assets cached), and that run keeps storage (disableStorageReset).
// Usage: npm run build && node bench/dashboard/run.mjs   (or: npm run bench -- dashboard)
//   LIGHTHOUSE_PRESET=mobile|desktop|both (default mobile: Lighthouse's default slow-4G + 4x CPU
//   simulation), BENCH_ROUNDS=3, BENCH_ONLY=regex (Lighthouse only on the pages whose path matches, e.g. /read)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { readerPath } from '../../shared/dist/index.js';
import { LIVING_EARTH, makeBookPdf, NIGHT_SKY } from '../../dashboard/e2e/support/books.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  missingBuildOutputs,
  newAccount,
  registerUser,
  REPO_ROOT,
  signedInState,
  startBackend,
  uploadBook,
  waitForBook,
  waitForIdleServer,
} from '../../dashboard/e2e/support/harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const PRESETS = { mobile: ['mobile'], desktop: ['desktop'], both: ['mobile', 'desktop'] }[
  process.env.LIGHTHOUSE_PRESET ?? 'mobile'
];
const TARGETS = { initialJsGzipKb: 150, performance: 90, accessibility: 98, clicksToNotes: 3 };
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/dashboard', signedIn: true },
];

if (!existsSync(CHROMIUM_PATH)) {
  console.log(`bench/dashboard skipped: no Chromium at ${CHROMIUM_PATH}`);
  process.exit(0);
}
if (!PRESETS) throw new Error('LIGHTHOUSE_PRESET must be mobile, desktop or both');
if (missingBuildOutputs().length > 0) throw new Error('Run `npm run build` first');

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Every script a first visit loads (entry, preloads and lazy route chunks) until the network is idle. */
async function javascriptOfFirstVisit(browser, baseUrl, path, session) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: session ? signedInState(baseUrl, session) : undefined,
  });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const files = (await Promise.all(scripts)).filter(Boolean);
  await context.close();
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

async function lighthouseRun(url, preset, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    if (session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((entries) => {
        for (const { name, value } of entries) globalThis.localStorage.setItem(name, value);
      }, signedInState(url, session).origins[0].localStorage);
      await page.close();
      await browser.disconnect();
    }
    // The machine's one-minute load average when the run starts: simulated timings scale with it.
    const load = loadavg()[0];
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(session),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
    // A run that failed to record (NO_NAVSTART on a loaded machine) has no score: it is run again, not counted as 0.
    if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code}`);
    lastReports.set(`${preset} ${new URL(url).pathname}`, result.lhr);
    if (session && new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse ended on ${finalDisplayedUrl}: the session was not picked up`);
    }
    const failedA11y = categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => ref.id);
    // Lighthouse 13 reports what costs time as insights and diagnostics with estimated metric savings.
    const opportunities = categories.performance.auditRefs
      .filter((ref) => ref.group !== 'metrics')
      .map((ref) => audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => {
        const savings = Object.entries(audit.metricSavings ?? {}).filter(([, value]) => value > 0);
        return `${audit.id}${savings.length ? ` (${savings.map(([metric, value]) => `${metric} -${Math.round(value * 1000) / 1000}`).join(', ')})` : ''}`;
      });
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
      load: Math.round(load * 10) / 10,
      // Lighthouse's own CPU benchmark of this machine at that moment (a quiet desktop scores 1000+).
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      failedA11y,
      opportunities,
    };
  } finally {
    chrome.kill();
  }
}

async function measuredRun(url, preset, session, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, preset, session);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * A new student's path in the UI: landing -> Start -> sign up -> Upload New Book -> drop the PDF; then
 * the clicks from the book page that opens by itself to the first chapter's notes on screen.
 */
async function clicksFromLandingToNotes(browser, baseUrl) {
  const account = newAccount('clicks');
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  let clicks = 0;
  const click = async (locator) => {
    clicks += 1;
    await locator.click();
  };
  await page.goto('/');
  await click(page.getByRole('link', { name: 'Start', exact: true }));
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await click(page.getByRole('button', { name: 'Create Account' }));
  await click(page.getByRole('link', { name: 'Upload New Book' }).first());
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: await makeBookPdf(LIVING_EARTH) });
  const beforeUpload = clicks;
  await page.getByRole('button', { name: /^Chapter 1: / }).waitFor({ timeout: 120_000 });
  await page.getByText('✓ Summary available').first().waitFor({ timeout: 60_000 });
  await click(page.getByRole('button', { name: /^Chapter 1: / }));
  await click(page.getByRole('link', { name: 'View Chapter Details' }));
  await page.waitForURL(/\/chapters\//);
  await page.locator('.summary-prose').first().waitFor({ timeout: 60_000 });
  await context.close();
  return { total: clicks, afterUpload: clicks - beforeUpload };
}

// The last full Lighthouse report per preset and page, kept for reading the details.
const lastReports = new Map();

const backend = await startBackend();
const report = {
  measuredAt: new Date().toISOString(),
  targets: TARGETS,
  rounds: ROUNDS,
  initialJs: {},
  lighthouse: {},
};
try {
  // A library with two processed books, as a reader's dashboard would be.
  const session = await registerUser(backend.url, newAccount('bench'));
  for (const book of [LIVING_EARTH, NIGHT_SKY]) {
    const uploaded = await uploadBook(backend.url, session.token, await makeBookPdf(book), book.fileName);
    // Minutes, not seconds: on a machine shared with other work, extraction (run at low priority) waits its turn.
    await waitForBook(backend.url, session.token, uploaded.id, 300_000);
  }

  // The pages a reader studies on: the book and its first chapter (notes prepared on ingestion).
  const [firstBook] = await (
    await fetch(`${backend.url}/api/books`, { headers: { Authorization: `Bearer ${session.token}` } })
  ).json();
  const chapters = await (
    await fetch(`${backend.url}/api/books/${firstBook.id}/chapters`, {
      headers: { Authorization: `Bearer ${session.token}` },
    })
  ).json();
  PAGES.push(
    { path: `/books/${firstBook.id}`, signedIn: true },
    { path: `/chapters/${chapters[0].id}`, signedIn: true },
    // The reader at the chapter's first page, as a citation opens it.
    { path: readerPath(firstBook.id, chapters[0].start_page), signedIn: true },
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    report.clicksToNotes = await clicksFromLandingToNotes(browser, backend.url);
    for (const { path, signedIn } of PAGES) {
      report.initialJs[path] = await javascriptOfFirstVisit(browser, backend.url, path, signedIn ? session : undefined);
    }
  } finally {
    await browser.close();
  }

  // The uploads leave the server writing chapter notes for a while: pages are timed once it is done.
  await waitForIdleServer(backend);
  for (const preset of PRESETS) {
    report.lighthouse[preset] = {};
    for (const { path, signedIn } of PAGES.filter((page) => !ONLY || ONLY.test(page.path))) {
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) {
        runs.push(await measuredRun(`${backend.url}${path}`, preset, signedIn ? session : undefined));
      }
      report.lighthouse[preset][path] = {
        performance: median(runs.map((run) => run.performance)),
        accessibility: median(runs.map((run) => run.accessibility)),
        fcpMs: median(runs.map((run) => run.fcpMs)),
        lcpMs: median(runs.map((run) => run.lcpMs)),
        tbtMs: median(runs.map((run) => run.tbtMs)),
        cls: median(runs.map((run) => run.cls)),
        load: median(runs.map((run) => run.load)),
        benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
        failedA11y: [...new Set(runs.flatMap((run) => run.failedA11y))],
        opportunities: runs[runs.length - 1].opportunities,
        runs: runs.map(({ performance, accessibility, fcpMs, lcpMs, tbtMs, cls, load, benchmarkIndex }) => ({
          performance,
          accessibility,
          fcpMs,
          lcpMs,
          tbtMs,
          cls,
          load,
          benchmarkIndex,
        })),
      };
    }
  }
} finally {
  await backend.stop();
}

console.log(
  `\nClicks from a new account's landing page to the first chapter's notes: ${report.clicksToNotes.total} in all, ` +
    `${report.clicksToNotes.afterUpload} after the upload (target <= ${TARGETS.clicksToNotes} ${report.clicksToNotes.afterUpload <= TARGETS.clicksToNotes ? 'ok' : 'MISSED'})`,
);
const landing = report.initialJs['/'];
console.log('\nInitial JavaScript of a first visit (every script loaded until the network is idle)');
console.log('| page | files | raw KB | gzip KB | target |');
console.log('|---|---:|---:|---:|---|');
for (const [path, js] of Object.entries(report.initialJs)) {
  const target =
    path === '/' ? `<= ${TARGETS.initialJsGzipKb} ${kb(js.gzip) <= TARGETS.initialJsGzipKb ? 'ok' : 'MISSED'}` : '';
  console.log(`| ${path} | ${js.files.length} | ${kb(js.raw)} | ${kb(js.gzip)} | ${target} |`);
}
for (const [preset, pages] of Object.entries(report.lighthouse)) {
  console.log(`\nLighthouse 13 (${preset}), median of ${ROUNDS}`);
  console.log(
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | load avg | CPU benchmark | targets |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const [path, scores] of Object.entries(pages)) {
    const met = scores.performance >= TARGETS.performance && scores.accessibility >= TARGETS.accessibility;
    console.log(
      `| ${path} | ${scores.performance} | ${scores.accessibility} | ${scores.fcpMs} | ${scores.lcpMs} | ${scores.tbtMs} | ${scores.cls} | ${scores.load} | ${scores.benchmarkIndex} | ${met ? 'ok' : 'MISSED'} |`,
    );
  }
  for (const [path, scores] of Object.entries(pages)) {
    if (scores.failedA11y.length)
      console.log(`  ${path} accessibility audits not passed: ${scores.failedA11y.join(', ')}`);
    if (scores.opportunities.length) console.log(`  ${path} opportunities: ${scores.opportunities.join(', ')}`);
  }
}
console.log(`\nLanding page scripts: ${landing.files.map((file) => `${file.url} ${kb(file.gzip)}`).join(', ')}`);

const resultsDir = join(REPO_ROOT, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'dashboard.json'), `${JSON.stringify(report, null, 2)}\n`);
const reportsDir = join(resultsDir, 'dashboard-lighthouse');
mkdirSync(reportsDir, { recursive: true });
for (const [key, lhr] of lastReports) {
  const [preset, path] = key.split(' ');
  const name = `${preset}-${
    path === '/'
      ? 'landing'
      : path
          .replace(/^\//, '')
          .replace(/\/[0-9a-f-]{36}$/, '')
          .replace(/\//g, '-')
  }.json`;
  writeFileSync(join(reportsDir, name), JSON.stringify(lhr));
}
console.log(
  `\nwrote bench/results/dashboard.json and the last Lighthouse report per page in bench/results/dashboard-lighthouse/`,
);
