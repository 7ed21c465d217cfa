// Upgrading a free account through the payment modal against the backend's TEST MODE checkout (no
// provider keys): INR through the Razorpay-style popup, USD through the PayPal-style approve page;
// then cancelling on the account page's Plan and billing, with the provider, effective at the end of
// the period paid. At 390 and 1280 px, axe clean in both themes (UX_SCREENSHOTS=<folder> saves them).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  e2eEnabled,
  expectNoSidewaysScroll,
  expectWithinWidth,
  PHONE_AND_LAPTOP,
  toast,
  useApp,
  waitForPath,
} from './support/app.js';
import { expectAxeCleanInBothThemes } from './support/axe.js';
import { newAccount, registerUser } from './support/harness.js';

async function openUpgradeToPro(page: Page) {
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const modal = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await modal.waitFor();
  // The location call needs no auth; from 127.0.0.1 no country is known, so USD comes first.
  await modal.getByText('Country not detected: pick the currency you pay in').waitFor();
  return modal;
}

async function expectPlanInHeader(page: Page, plan: string): Promise<void> {
  const header = page.getByRole('navigation', { name: 'Account' });
  await header.getByText(plan).waitFor();
  expect(await header.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
}

/**
 * Cancels on /settings: the provider is told, Pro stays until the day it would have renewed, and the
 * panel says so instead of offering to cancel again.
 */
async function cancelOnSettings(page: Page, shotName: string): Promise<void> {
  await page.goto('/settings');
  const billing = page.getByRole('region', { name: 'Plan and billing' });
  const renews = billing.getByText(/^Pro, monthly · renews on /);
  await renews.waitFor();
  const until = (await renews.innerText()).replace(/^Pro, monthly · renews on /, '');
  // A month of Pro was paid today.
  const inAMonth = new Date();
  inAMonth.setMonth(inAMonth.getMonth() + 1);
  expect(Math.abs(new Date(until).getTime() - inAMonth.getTime())).toBeLessThan(3 * 86_400_000);

  const cancel = billing.getByRole('button', { name: 'Cancel subscription' });
  await expectWithinWidth(page, cancel);
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
  await dialog.getByText(`You keep Pro until ${until}.`, { exact: false }).waitFor();
  const confirm = dialog.getByRole('button', { name: 'Cancel subscription' });
  await expectWithinWidth(page, confirm);
  await expectWithinWidth(page, dialog.getByRole('button', { name: 'Keep subscription' }));
  await expectAxeCleanInBothThemes(page, `${shotName}-dialog`);
  await confirm.click();

  await toast(page, `Subscription cancelled. Pro stays until ${until}.`).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await billing.getByText(`Pro, monthly · cancelled, ends on ${until}`).waitFor();
  expect(await billing.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page, shotName);
  // Still Pro until then, and the server agrees on a fresh load.
  await page.reload();
  await billing.getByText(`Pro, monthly · cancelled, ends on ${until}`).waitFor();
  await expectPlanInHeader(page, 'PRO');
}

describe.skipIf(!e2eEnabled)('upgrading to Pro and cancelling', () => {
  const app = useApp();

  describe.each(PHONE_AND_LAPTOP)('on a %s', (label, viewport) => {
    it('in INR: the test checkout popup declines, then approves; cancelling keeps Pro to the period end', async () => {
      const session = await registerUser(baseUrl, newAccount(`rupee-${label}`));
      const { page } = await app.open('/pricing', { session, viewport, bypassCSP: true });
      const modal = await openUpgradeToPro(page);
      await modal.getByText('$3.99/month').waitFor();

      await modal.getByText('INR (₹)').click();
      await modal.getByText('Secure payment powered by Razorpay').waitFor();
      const pay = modal.getByRole('button', { name: /^Pay ₹/ });
      expect(await pay.innerText()).toMatch(/₹\s?299/);
      await expectWithinWidth(page, pay);
      await expectAxeCleanInBothThemes(page, `upgrade-modal-${label}`);

      // A declined payment leaves the plan alone and the modal open.
      let checkout = page.waitForEvent('popup');
      await pay.click();
      let popup = await checkout;
      await popup.getByText('TEST MODE').waitFor();
      await popup.getByRole('button', { name: 'Decline' }).click();
      await toast(page, 'Payment failed. Please try again.').waitFor();
      await pay.waitFor();

      checkout = page.waitForEvent('popup');
      await pay.click();
      popup = await checkout;
      await popup.getByRole('heading', { name: 'Pro plan' }).waitFor();
      // The popup closes itself once it has told the page: listen before it can.
      const closed = popup.waitForEvent('close');
      await popup.getByRole('button', { name: 'Approve' }).click();
      await closed;

      await toast(page, 'Payment successful! Your plan has been upgraded.').waitFor();
      await waitForPath(page, '/dashboard');
      await expectPlanInHeader(page, 'PRO');
      // The server agrees: a fresh load still says PRO.
      await page.reload();
      await expectPlanInHeader(page, 'PRO');

      await cancelOnSettings(page, `cancelled-${label}`);
    });

    it('in USD: PayPal test mode opens in a new tab, approval lands on Payment Successful!; cancelling keeps Pro', async () => {
      const session = await registerUser(baseUrl, newAccount(`dollar-${label}`));
      const { context, page } = await app.open('/pricing', { session, viewport, bypassCSP: true });
      const modal = await openUpgradeToPro(page);
      await modal.getByText('Secure payment powered by PayPal').waitFor();

      const opened = context.waitForEvent('page');
      const pay = modal.getByRole('button', { name: 'Pay $3.99' });
      await expectWithinWidth(page, pay);
      await pay.click();
      const tab = await opened;
      await toast(page, 'Redirecting to PayPal... Complete your payment in the new tab.').waitFor();
      await tab.getByText('TEST MODE').waitFor();
      await tab.getByRole('button', { name: 'Approve' }).click();

      await waitForPath(tab, '/payment-success');
      expect(new URL(tab.url()).searchParams.get('session_id')).toBeTruthy();
      await tab.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      await tab.getByText("Congratulations! You're now on the Pro plan.").waitFor();
      await tab.getByText('Your new benefits are active now!').waitFor();
      await expectNoSidewaysScroll(tab);
      await expectAxeCleanInBothThemes(tab, `payment-success-${label}`);
      await tab.getByRole('link', { name: 'Go to Dashboard' }).click();
      await waitForPath(tab, '/dashboard');
      await expectPlanInHeader(tab, 'PRO');

      await cancelOnSettings(tab, `cancelled-paypal-${label}`);
    });
  });
});
