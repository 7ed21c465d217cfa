import { SESSION_USER_KEY } from '@chapterwise/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, mockApi, pending, type Route } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const status = (value: string, plan = 'pro') => ({ payment_status: value, status: value, plan });

function paymentApi(check: Route) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [],
    'GET /api/billing/usage': apiError(404),
    'GET /api/payments/status/s1': check,
  });
}

describe('PaymentSuccessPage', () => {
  it('redirects to /pricing without a session_id', async () => {
    paymentApi(pending);
    const app = renderApp('/payment-success', { signedIn: true });
    await app.expectPath('/pricing');
  });

  it('shows the checking view while verifying', async () => {
    paymentApi(pending);
    renderApp('/payment-success?session_id=s1', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Verifying Payment' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we confirm your payment...')).toBeInTheDocument();
  });

  it('shows success naming the plan and upgrades the stored user', async () => {
    paymentApi(status('paid', 'premium'));
    renderApp('/payment-success?session_id=s1', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText(/Premium plan/)).toBeInTheDocument();
    expect(screen.getByText('Your new benefits are active now!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(JSON.parse(window.localStorage.getItem(SESSION_USER_KEY) ?? '{}')).toMatchObject({ plan: 'premium' });
  });

  it('checks again every 2 seconds while pending and gives up after 5 attempts', async () => {
    const { callsTo } = paymentApi(status('pending', 'free'));
    renderApp('/payment-success?session_id=s1', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await findToast('Payment verification timed out. Please contact support.')).toBeInTheDocument();
    expect(callsTo('GET /api/payments/status/s1')).toHaveLength(5);
  }, 15_000);

  it('becomes successful when a pending payment is confirmed on a later check', async () => {
    let checks = 0;
    paymentApi(() => {
      checks += 1;
      return checks < 2 ? status('pending', 'free') : status('paid', 'pro');
    });
    renderApp('/payment-success?session_id=s1', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('shows the failed view with its texts and buttons for an expired session', async () => {
    paymentApi(status('expired', 'free'));
    renderApp('/payment-success?session_id=s1', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(
      screen.getByText("We couldn't verify your payment. Don't worry, you haven't been charged."),
    ).toBeInTheDocument();
    expect(await findToast('Payment session expired. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the failed view when the check itself fails', async () => {
    paymentApi(apiError(404, 'Unknown session'));
    renderApp('/payment-success?session_id=s1', { signedIn: true });
    expect(await findToast('Failed to verify payment. Please contact support.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
  });
});
