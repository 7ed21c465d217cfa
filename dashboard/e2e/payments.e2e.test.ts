// Upgrading a free account through the payment modal against the backend's TEST MODE checkout (no
// provider keys): INR through the Razorpay-style popup, USD through the PayPal-style approve page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, toast, useApp, waitForPath } from './support/app.js';
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

describe.skipIf(!e2eEnabled)('upgrading to Pro', () => {
  const app = useApp();

  it('in INR: the test checkout popup declines, then approves, and the library shows PRO', async () => {
    const session = await registerUser(baseUrl, newAccount('rupee'));
    const { page } = await app.open('/pricing', { session });
    const modal = await openUpgradeToPro(page);
    await modal.getByText('$3.99/month').waitFor();

    await modal.getByText('INR (₹)').click();
    await modal.getByText('Secure payment powered by Razorpay').waitFor();
    const pay = modal.getByRole('button', { name: /^Pay ₹/ });
    expect(await pay.innerText()).toMatch(/₹\s?299/);

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
    await popup.getByRole('button', { name: 'Approve' }).click();
    await popup.waitForEvent('close');

    await toast(page, 'Payment successful! Your plan has been upgraded.').waitFor();
    await waitForPath(page, '/dashboard');
    await expectPlanInHeader(page, 'PRO');
    // The server agrees: a fresh load still says PRO.
    await page.reload();
    await expectPlanInHeader(page, 'PRO');
  });

  it('in USD: PayPal test mode opens in a new tab, approval lands on Payment Successful!', async () => {
    const session = await registerUser(baseUrl, newAccount('dollar'));
    const { context, page } = await app.open('/pricing', { session });
    const modal = await openUpgradeToPro(page);
    await modal.getByText('Secure payment powered by PayPal').waitFor();

    const opened = context.waitForEvent('page');
    await modal.getByRole('button', { name: 'Pay $3.99' }).click();
    const tab = await opened;
    await toast(page, 'Redirecting to PayPal... Complete your payment in the new tab.').waitFor();
    await tab.getByText('TEST MODE').waitFor();
    await tab.getByRole('button', { name: 'Approve' }).click();

    await waitForPath(tab, '/payment-success');
    expect(new URL(tab.url()).searchParams.get('session_id')).toBeTruthy();
    await tab.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await tab.getByText("Congratulations! You're now on the Pro plan.").waitFor();
    await tab.getByText('Your new benefits are active now!').waitFor();
    await tab.getByRole('link', { name: 'Go to Dashboard' }).click();
    await waitForPath(tab, '/dashboard');
    await expectPlanInHeader(tab, 'PRO');
  });
});
