#!/usr/bin/env node
// A new student's whole path, screen by screen, at 390 and 1280 px in the light and the dark theme:
// landing -> sign-up -> library -> upload a real PDF -> book page (processing, then ready) -> chapter
// notes -> account page. One new account per width walks it in the light theme; each screen is also
// shot dark. The PNGs are for looking at, not committed.
// Usage: npm run build && node bench/dashboard/student-walk.mjs <book.pdf> [folder, default /tmp/chapterwise-walk]
//   BASE_URL=http://127.0.0.1:PORT walks a server already running instead of starting one.
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, newAccount, startBackend } from '../../dashboard/e2e/support/harness.ts';

const [pdfPath, folder = '/tmp/chapterwise-walk'] = process.argv.slice(2);
if (!pdfPath) throw new Error('Usage: node bench/dashboard/student-walk.mjs <book.pdf> [folder]');
mkdirSync(folder, { recursive: true });
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const backend = process.env.BASE_URL ? null : await startBackend();
const baseUrl = process.env.BASE_URL ?? backend.url;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const shots = [];

async function shoot(page, device, step) {
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    // Let a theme switch settle (transitions) before the picture.
    await page.waitForTimeout(300);
    const file = join(folder, `${device}-${step}-${colorScheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    shots.push(file);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

try {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    const account = newAccount(`walk-${device}`);
    const context = await browser.newContext({ baseURL: baseUrl, viewport, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start', exact: true }).waitFor();
    await shoot(page, device, '01-landing');

    await page.getByRole('link', { name: 'Start', exact: true }).click();
    await page.getByLabel('Name').waitFor();
    await shoot(page, device, '02-sign-up');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('link', { name: 'Upload New Book' }).first().waitFor();
    await shoot(page, device, '03-library-empty');

    await page.getByRole('link', { name: 'Upload New Book' }).first().click();
    await page.locator('input[type=file]').waitFor({ state: 'attached' });
    await shoot(page, device, '04-upload');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: basename(pdfPath), mimeType: 'application/pdf', buffer: readFileSync(pdfPath) });
    await page.waitForURL(/\/books\/[^/]+$/, { timeout: 120_000 });
    await page.waitForTimeout(1500);
    await shoot(page, device, '05-book-processing');
    await page.getByRole('button', { name: /^Chapter 1: / }).waitFor({ timeout: 600_000 });
    await page.getByText('✓ Summary available').first().waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1000);
    await shoot(page, device, '06-book-ready');

    await page.getByRole('button', { name: /^Chapter 1: / }).click();
    await page.getByRole('link', { name: 'View Chapter Details' }).click();
    await page.waitForURL(/\/chapters\//);
    await page.locator('.summary-prose').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    await shoot(page, device, '07-chapter-notes');

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Your Library', level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    await shoot(page, device, '08-library');

    await page.goto('/settings');
    await page.getByRole('region', { name: 'Plan and billing' }).waitFor();
    await page.waitForTimeout(1000);
    await shoot(page, device, '09-account');
    await context.close();
  }
} finally {
  await browser.close();
  await backend?.stop();
}
console.log(`${shots.length} screenshots in ${folder}`);
