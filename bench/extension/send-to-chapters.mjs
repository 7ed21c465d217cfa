#!/usr/bin/env node
// Extension benchmark: time from "Send" in the popup to chapters visible in the side panel for the
// 201-page corpus book, against the same upload through the API with curl (upload, then poll
// GET /books/{id} until completed and GET /books/{id}/chapters lists chapters), in the same run and
// against the same backend. Also the side panel's initial bundle size (gzip).
// Usage: node bench/extension/send-to-chapters.mjs   (BENCH_ROUNDS=3 by default)
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  buildExtension,
  CHROMIUM_PATH,
  launchWithExtension,
  popupFor,
  registerUser,
  REPO_ROOT,
  signInThroughOptions,
  startBackend,
  startPdfSite,
} from '../../extension/e2e/support/harness.ts';

const BOOK = join(REPO_ROOT, '..', 'shared/corpus/books/doyle-adventures-of-sherlock-holmes.pdf');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CURL_POLL_MS = 500;
const RATIO_TARGET = 1.3;
const BUNDLE_TARGET_KB = 250;
const run = promisify(execFile);

if (!existsSync(BOOK) || !existsSync(CHROMIUM_PATH)) {
  console.log(`bench/extension skipped: needs ${BOOK} and ${CHROMIUM_PATH}`);
  process.exit(0);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function curlJson(args) {
  const { stdout } = await run('curl', ['-sS', '--fail-with-body', ...args], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** The reference: curl uploads the file, then polls until the book is completed and has chapters. */
async function curlUploadToChapters(serverUrl, token) {
  const auth = ['-H', `Authorization: Bearer ${token}`];
  const started = performance.now();
  const book = await curlJson([...auth, '-F', `file=@${BOOK};type=application/pdf`, `${serverUrl}/api/books/upload`]);
  for (;;) {
    const current = await curlJson([...auth, `${serverUrl}/api/books/${book.id}`]);
    if (current.status === 'failed') throw new Error(`ingestion failed: ${current.error}`);
    if (current.status === 'completed') {
      const chapters = await curlJson([...auth, `${serverUrl}/api/books/${book.id}/chapters`]);
      if (chapters.length > 0) return { ms: performance.now() - started, chapters: chapters.length };
    }
    await new Promise((resolve) => setTimeout(resolve, CURL_POLL_MS));
  }
}

/** The extension: "Send this PDF" in the popup, until the side panel lists the book's chapters. */
async function extensionSendToChapters(extension, serverUrl, pdfUrl, siteUrl, user) {
  await signInThroughOptions(extension, serverUrl, user.email, user.password);
  const sidePanel = await extension.context.newPage();
  await sidePanel.goto(extension.page('sidepanel.html'));
  await sidePanel.getByRole('heading', { name: 'Your Library' }).waitFor();
  const pdfTab = await extension.context.newPage();
  await pdfTab.goto(`${siteUrl}/login`);
  await pdfTab.goto(pdfUrl);
  const popup = await popupFor(extension, pdfTab);
  const send = popup.getByRole('button', { name: 'Send this PDF to ChapterWise' });
  await send.waitFor();

  const started = performance.now();
  await send.click();
  await sidePanel.locator('.chapter-row').first().waitFor({ timeout: 600_000 });
  const ms = performance.now() - started;

  const chapters = await sidePanel.locator('.chapter-row').count();
  for (const page of [popup, pdfTab, sidePanel]) await page.close();
  return { ms, chapters };
}

/** gzip size of what sidepanel.html loads up front: its scripts, preloaded chunks and styles. */
function sidePanelInitialBytes(extensionDir) {
  const html = readFileSync(join(extensionDir, 'sidepanel.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1].replace(/^\//, ''));
  const files = [...new Set(assets)].map((asset) => {
    const raw = readFileSync(join(extensionDir, asset));
    return { asset, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  return {
    files,
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    raw: files.reduce((sum, file) => sum + file.raw, 0),
  };
}

const backend = await startBackend();
const site = await startPdfSite({ 'books/sherlock-holmes.pdf': readFileSync(BOOK) });
const pdfUrl = `${site.url}/books/sherlock-holmes.pdf`;
const build = await buildExtension(['http://127.0.0.1/*']);
const extension = await launchWithExtension(build.dir);
const rounds = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Fresh accounts each round: the server answers the same file from an account's library at once.
    const password = 'bench-password-123';
    const curlUser = { name: 'Curl', email: `curl-${round}@bench.example.com`, password };
    const extUser = { name: 'Extension', email: `extension-${round}@bench.example.com`, password };
    const curlToken = await registerUser(backend.url, curlUser);
    await registerUser(backend.url, extUser);
    // Alternate the order so neither side always runs on a warmer server.
    const measureCurl = () => curlUploadToChapters(backend.url, curlToken);
    const measureExtension = () => extensionSendToChapters(extension, backend.url, pdfUrl, site.url, extUser);
    let curl, ext;
    if (round % 2 === 0) {
      curl = await measureCurl();
      ext = await measureExtension();
    } else {
      ext = await measureExtension();
      curl = await measureCurl();
    }
    rounds.push({
      round: round + 1,
      curl_ms: Math.round(curl.ms),
      extension_ms: Math.round(ext.ms),
      chapters: ext.chapters,
      ratio: ext.ms / curl.ms,
    });
    console.log(
      `round ${round + 1}: curl ${(curl.ms / 1000).toFixed(2)} s, extension ${(ext.ms / 1000).toFixed(2)} s, ${ext.chapters} chapters`,
    );
  }
} finally {
  await extension.context.close();
  await site.stop();
  await backend.stop();
}

const bundle = sidePanelInitialBytes(build.dir);
build.remove();
const curlMedian = median(rounds.map((r) => r.curl_ms));
const extensionMedian = median(rounds.map((r) => r.extension_ms));
const ratio = extensionMedian / curlMedian;
const bundleKb = bundle.gzip / 1024;

console.log('\n| metric | value | target | ok |');
console.log('|---|---|---|---|');
console.log(
  `| curl upload -> chapters listed (median of ${ROUNDS}) | ${(curlMedian / 1000).toFixed(2)} s | reference | |`,
);
console.log(`| extension Send -> chapters in side panel (median) | ${(extensionMedian / 1000).toFixed(2)} s | | |`);
console.log(
  `| ratio extension / curl | ${ratio.toFixed(2)}x | <= ${RATIO_TARGET}x | ${ratio <= RATIO_TARGET ? 'yes' : 'NO'} |`,
);
console.log(
  `| side panel initial bundle (gzip) | ${bundleKb.toFixed(1)} KB | <= ${BUNDLE_TARGET_KB} KB | ${bundleKb <= BUNDLE_TARGET_KB ? 'yes' : 'NO'} |`,
);

const resultsDir = join(REPO_ROOT, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, 'extension.json'),
  `${JSON.stringify(
    {
      book: BOOK,
      rounds,
      curl_poll_ms: CURL_POLL_MS,
      side_panel_poll_ms: 2000,
      curl_median_ms: curlMedian,
      extension_median_ms: extensionMedian,
      ratio,
      ratio_target: RATIO_TARGET,
      side_panel_initial_gzip_bytes: bundle.gzip,
      side_panel_initial_raw_bytes: bundle.raw,
      side_panel_files: bundle.files,
      bundle_target_kb: BUNDLE_TARGET_KB,
      measured_at: new Date().toISOString(),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten ${join(resultsDir, 'extension.json')}`);
