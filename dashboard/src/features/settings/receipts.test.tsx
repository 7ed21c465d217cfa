import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, mockApi } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';
import { formatAmount } from './receipts.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const paypalReceipt = {
  id: 'r2',
  date: '2026-11-20T10:00:00.000Z',
  amount_minor: 999,
  currency: 'usd',
  provider: 'paypal',
  plan: 'premium',
  reference: '80021663DE681814L',
  status: 'paid',
};
// The renewal a month earlier of the same subscription: one receipt per charge.
const earlierPaypalReceipt = {
  ...paypalReceipt,
  id: 'r3',
  date: '2026-10-20T10:00:00.000Z',
  reference: '6M2194318J5401502',
};
const razorpayReceipt = {
  id: 'r1',
  date: '2026-10-02T08:30:00.000Z',
  amount_minor: 34900,
  currency: 'inr',
  provider: 'razorpay',
  plan: 'pro',
  reference: 'pay_00000000000001',
  status: 'refunded',
};

function settingsApi(receipts: unknown) {
  return mockApi({
    'GET /api/auth/me': { ...testUser, plan: 'premium' },
    'GET /api/books': [],
    'GET /api/billing/usage': { plan: 'premium', limit: null, used: 2, period: '2026-11', renews_at: null },
    'GET /api/billing/receipts': receipts,
  });
}

describe('Settings: receipts', () => {
  it('lists each charge with its date, plan, amount, currency, provider and status', async () => {
    settingsApi({ receipts: [paypalReceipt, earlierPaypalReceipt, razorpayReceipt] });
    renderApp('/settings', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Your payments, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Nov 20, 2026', 'Premium, monthly', '$9.99 USD', 'PayPal80021663DE681814L', 'Paid'],
      ['Oct 20, 2026', 'Premium, monthly', '$9.99 USD', 'PayPal6M2194318J5401502', 'Paid'],
      ['Oct 2, 2026', 'Pro, monthly', '₹349.00 INR', 'Razorpaypay_00000000000001', 'Refunded'],
    ]);
    // The phone's cards say the same.
    const cards = within(screen.getByRole('list', { name: 'Your payments, newest first' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Nov 20, 2026$9.99 USDPremium, monthly · PayPal · Paid80021663DE681814L',
      'Oct 20, 2026$9.99 USDPremium, monthly · PayPal · Paid6M2194318J5401502',
      'Oct 2, 2026₹349.00 INRPro, monthly · Razorpay · Refundedpay_00000000000001',
    ]);
  });

  it('says so when there is no payment yet', async () => {
    settingsApi({ receipts: [] });
    renderApp('/settings', { signedIn: true });
    expect(await screen.findByText('No payments yet. Your receipts appear here once you upgrade.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says in a sentence when the receipts could not be loaded', async () => {
    settingsApi(apiError(500, 'Internal error'));
    renderApp('/settings', { signedIn: true });
    expect(
      await screen.findByText(
        'Your receipts could not be loaded. Reload the page to try again.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('writes amounts as their currency does', () => {
    expect(formatAmount(399, 'usd')).toBe('$3.99');
    expect(formatAmount(34900, 'inr')).toBe('₹349.00');
  });
});
