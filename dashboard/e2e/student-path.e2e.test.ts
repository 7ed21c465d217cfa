// The student's path, polished (issue 19): from the landing page to a chapter's notes in a few clicks,
// at a phone's 390 px and a laptop's 1280 px, with honest buttons and links that do not die.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, settledBox, toast, useApp, waitForPath, waitUntilOpened } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { newAccount, registerUser } from './support/harness.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: screenshots of each screen, to look at

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations as { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;

describe.skipIf(!e2eEnabled)('the student path', () => {
  const app = useApp();
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await makeBookPdf({ ...LIVING_EARTH, title: 'The Living Earth, Student Edition' });
  });

  describe.each(VIEWPORTS)('on a %s', (label, viewport) => {
    it('opens sign-up from Start, Start Learning Free and Get Started for Free, and sign-in from Login', async () => {
      const { page } = await app.open('/', { viewport, bypassCSP: true });
      await page.getByRole('heading', { name: /Turn Any Book Into/, level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `landing-${label}`);
      for (const name of ['Start', 'Start Learning Free', 'Get Started for Free']) {
        await page.goto('/');
        await page.getByRole('link', { name, exact: true }).click();
        await waitForPath(page, '/auth');
        expect(new URL(page.url()).searchParams.get('mode')).toBe('register');
        await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      }
      await page.goto('/');
      await page.getByRole('link', { name: 'Login', exact: true }).click();
      await waitForPath(page, '/auth');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    });

    it('signs up past a too-short password; a stale error toast never stays under the welcome', async () => {
      const account = newAccount(`path-${label}`);
      const { page } = await app.open('/auth', {
        viewport,
        bypassCSP: true,
        expectedFailures: [{ status: 401, path: /^\/api\/auth\/login$/ }],
      });
      // A failed sign-in leaves an error toast up…
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.locator('[data-sonner-toast][data-type=error]').first().waitFor();

      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByLabel('Name').fill(account.name);
      await page.getByLabel('Password').fill('12345');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `auth-register-${label}`);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, '/dashboard');
      await toast(page, 'Account created successfully!').waitFor();
      // …which the success replaces.
      await page.locator('[data-sonner-toast][data-type=error]').waitFor({ state: 'detached' });

      if (label === 'phone') {
        // Toasts sit at the bottom on a phone: never over the header or the page's first buttons.
        // Measured where it comes to rest: a toast slides in from below the screen.
        const box = await settledBox(toast(page, 'Account created successfully!'));
        expect(box!.y).toBeGreaterThan(viewport.height / 2);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      }
    });

    it('goes from a new account to the first chapter notes in 2 clicks after the upload', async () => {
      const account = newAccount(`clicks-${label}`);
      const { page } = await app.open('/', { viewport, bypassCSP: true });
      let clicks = 0;
      const click = async (locator: ReturnType<Page['getByRole']>) => {
        clicks += 1;
        await locator.click();
      };
      await click(page.getByRole('link', { name: 'Start', exact: true }));
      await page.getByLabel('Name').fill(account.name);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await click(page.getByRole('button', { name: 'Create Account' }));
      await waitForPath(page, '/dashboard');
      await click(page.getByRole('link', { name: 'Upload New Book' }).first());
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'student-edition.pdf', mimeType: 'application/pdf', buffer: pdf });
      await waitForPath(page, /^\/books\//);
      const bookPath = new URL(page.url()).pathname;
      const beforeUpload = clicks;
      await page.getByRole('button', { name: /^Chapter 1: The Water Cycle/ }).waitFor({ timeout: 120_000 });
      await toast(page, 'Book uploaded and processed successfully!').waitFor();
      await shoot(page, `book-${label}`);
      expect(await seriousViolations(page)).toEqual([]);
      // The notes are written right after processing: the accordion marks them before the student opens one.
      await page.getByText('✓ Summary available').first().waitFor({ timeout: 30_000 });
      const chapterOne = page.getByRole('button', { name: /^Chapter 1: The Water Cycle/ });
      await click(chapterOne);
      await waitUntilOpened(chapterOne);
      await click(page.getByRole('link', { name: 'View Chapter Details' }));
      await waitForPath(page, /^\/chapters\//);
      await page.locator('.summary-prose').first().waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: 'Key Topics' }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
      expect(clicks - beforeUpload).toBeLessThanOrEqual(3);
      console.log(`[bench] ${label}: ${clicks - beforeUpload} clicks from the upload to the first chapter's notes`);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `chapter-${label}`);

      // The library card: cover, counts, last opened, Delete in a menu.
      await page.goto('/dashboard');
      const card = page.getByRole('article').first();
      await card.getByText('9 pages • 3 chapters').waitFor();
      await card.getByText(/^Opened /).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `library-${label}`);

      // Re-uploading the same file opens the book already there.
      await page.goto('/upload');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'again.pdf', mimeType: 'application/pdf', buffer: pdf });
      await toast(page, 'This book is already in your library').waitFor();
      await waitForPath(page, bookPath);
    }, 150_000); // a real upload and ingestion through the UI
  });

  it.each(VIEWPORTS)('changes name and password on /settings (%s); the other session ends', async (label, viewport) => {
    const account = newAccount(`settings-${label}`);
    const session = await registerUser(baseUrl, account);
    const elsewhere = await (
      await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      })
    ).json();
    const { page } = await app.open('/settings', { viewport, session, bypassCSP: true });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.slice(0, 3)).toEqual(['Profile', 'Password', 'Plan and billing']);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `settings-${label}`);

    await page.getByLabel('Name').fill(`${account.name} Renamed`);
    await page.getByRole('button', { name: 'Save name' }).click();
    await toast(page, 'Name saved').waitFor();

    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(
      page,
      'Password changed. You were signed out everywhere else, and your API tokens were revoked.',
    ).waitFor();
    // This browser stays signed in; the other session is over.
    await page.goto('/dashboard');
    await page.getByText(`Hi, ${account.name} Renamed`).waitFor();
    const stale = await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${elsewhere.token}` } });
    expect(stale.status).toBe(401);
  });

  it('shows a friendly page with a way back for an expired file link, never raw JSON', async () => {
    const { page } = await app.open('/', {
      expectedFailures: [{ status: 403, path: /^\/api\/files\// }],
    });
    await page.goto(`${baseUrl}/api/files/books/x/source.pdf?o=a&exp=1000&name=b.pdf&sig=AAAA`);
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await shoot(page, 'expired-link');
    await page.getByRole('link', { name: 'Back to your library' }).click();
    await waitForPath(page, /^\/(auth|dashboard)/);
  });
});
