// Premium's API access and batch upload: a Premium account (reached through the TEST MODE checkout)
// creates a personal API token on /settings and uses it the way curl would; then drops three files on
// the upload page in batch mode. With SCREENSHOTS_DIR set, the screens are saved there for review.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, toast, useApp, waitForPath } from './support/app.js';
import { LIVING_EARTH, makeBookPdf, NIGHT_SKY } from './support/books.js';
import { newAccount, registerUser, type BookSummary, type Session } from './support/harness.js';

const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS_DIR) await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Serious and critical axe-core violations (WCAG 2.x A/AA and best practices). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations as { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
}

/** Buys Premium through the TEST MODE Razorpay checkout, as the payment modal's popup would. */
async function upgradeToPremium(session: Session): Promise<Session> {
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/payments/razorpay/create-subscription`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ plan: 'premium' }),
  });
  const { test_checkout_url } = (await created.json()) as { test_checkout_url: string };
  const approved = await fetch(`${baseUrl}${test_checkout_url}/approve`, { method: 'POST' });
  const { provider: _provider, ...result } = (await approved.json()) as Record<string, string>;
  const verified = await fetch(`${baseUrl}/api/payments/razorpay/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify(result),
  });
  expect(await verified.json()).toEqual({ status: 'success', plan: 'premium' });
  return { ...session, user: { ...session.user, plan: 'premium' } };
}

/** What `curl -H "Authorization: Bearer cw_…"` does. */
function withToken(token: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseUrl}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
}

describe.skipIf(!e2eEnabled)('Premium API access and batch upload', () => {
  const app = useApp();
  let session: Session;

  beforeAll(async () => {
    session = await upgradeToPremium(await registerUser(baseUrl, newAccount('api user')));
  });

  it('creates a token on /settings and uses it to upload, poll and list; revoked, it answers 401', async () => {
    const { page } = await app.open('/dashboard', { session });
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');
    await page.getByText('No API tokens yet').waitFor();

    await page.getByLabel('Token name').fill('Nightly import');
    await page.getByRole('button', { name: 'Create token' }).click();
    const notice = page.getByRole('region', { name: 'Your new token “Nightly import”' });
    await notice.waitFor();
    const token = await notice.getByLabel('New API token').inputValue();
    expect(token).toMatch(/^cw_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const row = page
      .getByRole('list', { name: 'API tokens' })
      .getByRole('listitem')
      .filter({ hasText: 'Nightly import' });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${token.slice(0, 15)}…`);
    expect(await row.innerText()).not.toContain(token);
    await screenshot(page, 'settings-new-token-desktop');

    // curl -F file=@book.pdf …/api/books/upload, then poll the book, then its chapters.
    const form = new FormData();
    const pdf = await makeBookPdf(LIVING_EARTH);
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), LIVING_EARTH.fileName);
    const uploaded = await withToken(token, '/books/upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as BookSummary;
    let book: BookSummary;
    const deadline = Date.now() + 60_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      book = (await (await withToken(token, `/books/${id}`)).json()) as BookSummary;
    } while (book.status !== 'completed' && book.status !== 'failed' && Date.now() < deadline);
    expect(book.status).toBe('completed');
    const chapters = (await (await withToken(token, `/books/${id}/chapters`)).json()) as { title: string }[];
    expect(chapters.map((chapter) => chapter.title)).toEqual(LIVING_EARTH.chapters.map((chapter) => chapter.title));
    const list = (await (await withToken(token, '/books')).json()) as BookSummary[];
    expect(list.map((item) => item.id)).toEqual([id]);

    // The token's use shows on the page; the book is in the dashboard's library too.
    await notice.getByRole('button', { name: 'Done, I have copied it' }).click();
    await page.reload();
    await row.waitFor();
    expect(await row.innerText()).not.toMatch(/Last used\s*Never/);
    await screenshot(page, 'settings-desktop');

    await row.getByRole('button', { name: 'Revoke Nightly import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke API token' });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await toast(page, 'API token revoked').waitFor();
    await page.getByText('No API tokens yet').waitFor();
    expect((await withToken(token, '/books')).status).toBe(401);
  });

  it('lays /settings out on a 390 px phone without horizontal scrolling, with no serious axe violations', async () => {
    await fetch(`${baseUrl}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Reading list sync' }),
    });
    const { page } = await app.open('/settings', { session, viewport: PHONE, bypassCSP: true });
    await page.getByRole('list', { name: 'API tokens' }).getByText('Reading list sync').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-phone');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('uploads a batch of three files with one invalid: two books, one clear error', async () => {
    const { page } = await app.open('/upload', { session, bypassCSP: true });
    await page.getByText('Drag & drop your PDFs here').waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'night-sky.pdf', mimeType: 'application/pdf', buffer: await makeBookPdf(NIGHT_SKY) },
      { name: 'shopping-list.txt', mimeType: 'text/plain', buffer: Buffer.from('eggs, milk, bread\n') },
      {
        name: 'living-earth-2nd.pdf',
        mimeType: 'application/pdf',
        buffer: await makeBookPdf({ ...LIVING_EARTH, title: 'The Living Earth, Second Edition' }),
      },
    ]);
    const batch = page.getByRole('region', { name: 'This batch' });
    await batch.getByText('2 of 3 books uploaded, 1 failed').waitFor();
    const rows = batch.getByRole('listitem');
    expect(await rows.filter({ hasText: 'shopping-list.txt' }).innerText()).toContain('Please upload a PDF file');
    const opens = batch.getByRole('link', { name: /^Open book/ });
    expect(await opens.count()).toBe(2);
    await screenshot(page, 'upload-batch-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'upload-batch-phone');

    await rows
      .filter({ hasText: 'night-sky.pdf' })
      .getByRole('link', { name: /^Open book/ })
      .click();
    await waitForPath(page, /^\/books\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
  });
});
