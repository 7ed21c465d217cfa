// The account page's receipts (issue 19, item 7): a payment made through the backend's TEST MODE
// checkout (PayPal-style approve page) appears under Plan and billing with its date, amount, currency
// and provider, at 390 and 1280 px, in the light and the dark theme, axe clean. With
// UX_SCREENSHOTS=<folder> each is saved to look at.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, useApp, waitForPath } from './support/app.js';
import { seriousViolations } from './support/axe.js';
import { newAccount, registerUser, type Session } from './support/harness.js';

const SHOTS = process.env.UX_SCREENSHOTS;

describe.skipIf(!e2eEnabled)('receipts on the account page', () => {
  const app = useApp();
  let session: Session;

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('receipts'));
  });

  it('lists a payment made through the checkout with its date, amount, currency and provider', async () => {
    const { context, page } = await app.open('/settings', { session });
    const billing = page.getByRole('region', { name: 'Plan and billing' });
    await billing.getByText('No payments yet. Your receipts appear here once you upgrade.').waitFor();

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const modal = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await modal.getByText('Secure payment powered by PayPal').waitFor();
    const opened = context.waitForEvent('page');
    await modal.getByRole('button', { name: 'Pay $3.99' }).click();
    const tab = await opened;
    await tab.getByRole('button', { name: 'Approve' }).click();
    await waitForPath(tab, '/payment-success');
    await tab.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    await page.goto('/settings');
    const table = page.getByRole('table', { name: 'Your payments, newest first' });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    expect(cells[0]).toBe(today);
    expect(cells[1]).toBe('Pro, monthly');
    expect(cells[2]).toMatch(/^\$3\.99\s+USD$/);
    expect(cells[3]).toMatch(/^PayPal\s+TESTSALE\w+$/);
    expect(cells[4]).toBe('Paid');
  });

  it.each([
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const)('the receipts at %i px in the %s theme pass axe', async (width, colorScheme) => {
    const { page } = await app.open('/settings', {
      session,
      viewport: { width, height: 844 },
      colorScheme,
      bypassCSP: true,
    });
    // A phone shows one card per payment, a wider screen the table.
    const payments = page.getByRole(width < 640 ? 'list' : 'table', { name: 'Your payments, newest first' });
    await payments.waitFor();
    expect(await payments.innerText()).toMatch(/\$3\.99\s+USD/);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) {
      await payments.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `receipts-${width}-${colorScheme}.png`) });
    }
  });
});
