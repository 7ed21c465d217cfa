import { SESSION_USER_KEY } from '@chapterwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, mockApi, type Route } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const location = {
  detected_currency: 'inr',
  country_name: 'India',
  pricing: { pro: { usd: 3.99, inr: 299 }, premium: { usd: 9.99, inr: 799 } },
};
const subscription = {
  razorpay_key: 'rzp_test_1',
  subscription_id: 'sub_1',
  plan_name: 'ChapterWise Pro',
  name: 'Priya',
  email: 'priya@example.com',
};

function pricingApi(overrides: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [],
    'GET /api/billing/usage': apiError(404),
    'GET /api/payments/detect-location': location,
    ...overrides,
  });
}

async function openPayment(app: ReturnType<typeof renderApp>, plan = 'Upgrade to Pro') {
  await app.user.click(await screen.findByRole('button', { name: plan }));
  return screen.findByRole('dialog');
}

describe('PricingPage', () => {
  it('shows the three plans, their badges and what all plans include', async () => {
    pricingApi();
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pro' }).closest('article')).toHaveTextContent('Most Popular');
    expect(screen.getByRole('heading', { name: 'Premium' }).closest('article')).toHaveTextContent('Best Value');
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.getByText('$3.99')).toBeInTheDocument();
    expect(screen.getByText('$9.99')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Plans Include' })).toBeInTheDocument();
    for (const item of ['AI summaries', 'OCR support for scanned PDFs', 'Cloud storage']) {
      expect(screen.getByRole('heading', { name: item })).toBeInTheDocument();
    }
  });

  it('shows Home and Login to a visitor, and sends them to /auth to upgrade', async () => {
    pricingApi();
    const app = renderApp('/pricing');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await app.user.click(screen.getByRole('button', { name: 'Go Premium' }));
    expect(await findToast('Please login first')).toBeInTheDocument();
    await app.expectPath('/auth');
  });

  it('shows Dashboard to a signed-in user', async () => {
    pricingApi();
    renderApp('/pricing', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});

describe('PaymentDialog', () => {
  it('shows the detected country and the price in the chosen currency', async () => {
    pricingApi();
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app);
    expect(within(dialog).getByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Country: India')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay ₹299' })).toBeInTheDocument();
    expect(within(dialog).getByText('Secure payment powered by Razorpay')).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('radio', { name: 'USD ($)' }));
    expect(within(dialog).getByRole('button', { name: 'Pay $3.99' })).toBeInTheDocument();
    expect(within(dialog).getByText('Secure payment powered by PayPal')).toBeInTheDocument();
  });

  it('falls back to USD silently when the location cannot be detected', async () => {
    pricingApi({ 'GET /api/payments/detect-location': apiError(503, 'geo down') });
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app, 'Go Premium');
    expect(await within(dialog).findByRole('button', { name: 'Pay $9.99' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'INR (₹)' })).toBeDisabled();
    expect(screen.queryByText('geo down')).not.toBeInTheDocument();
  });

  it('pays with Razorpay Checkout, verifies, upgrades the stored user and opens the dashboard', async () => {
    const opened: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'Razorpay',
      class {
        constructor(private readonly options: { handler: (response: unknown) => void } & Record<string, unknown>) {
          opened.push(options);
        }
        on() {}
        open() {
          this.options.handler({
            razorpay_payment_id: 'pay_1',
            razorpay_subscription_id: 'sub_1',
            razorpay_signature: 'sig',
          });
        }
      },
    );
    let upgraded = false;
    const { callsTo } = pricingApi({
      'GET /api/auth/me': () => (upgraded ? { ...testUser, plan: 'pro' } : testUser),
      'POST /api/payments/razorpay/create-subscription': subscription,
      'POST /api/payments/razorpay/verify': () => {
        upgraded = true;
        return { status: 'success', plan: 'pro' };
      },
    });
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Pay ₹299' }));

    expect(await findToast('Payment successful! Your plan has been upgraded.')).toBeInTheDocument();
    await app.expectPath('/dashboard');
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_1',
      subscription_id: 'sub_1',
      prefill: { name: 'Priya', email: 'priya@example.com' },
    });
    expect(callsTo('POST /api/payments/razorpay/create-subscription')[0]?.body).toEqual({ plan: 'pro' });
    expect(callsTo('POST /api/payments/razorpay/verify')[0]?.body).toEqual({
      razorpay_payment_id: 'pay_1',
      razorpay_subscription_id: 'sub_1',
      razorpay_signature: 'sig',
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_USER_KEY) ?? '{}')).toMatchObject({ plan: 'pro' });
    expect(await screen.findByText('PRO')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('reports a failed verification', async () => {
    vi.stubGlobal(
      'Razorpay',
      class {
        constructor(private readonly options: { handler: (response: unknown) => void }) {}
        on() {}
        open() {
          this.options.handler({
            razorpay_payment_id: 'pay_1',
            razorpay_subscription_id: 'sub_1',
            razorpay_signature: 'bad',
          });
        }
      },
    );
    pricingApi({
      'POST /api/payments/razorpay/create-subscription': subscription,
      'POST /api/payments/razorpay/verify': apiError(400),
    });
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Pay ₹299' }));
    expect(await findToast('Payment verification failed')).toBeInTheDocument();
  });

  it('opens PayPal in a new tab for USD', async () => {
    const tab = {
      closed: false,
      opener: {},
      location: { href: '' },
      document: document.implementation.createHTMLDocument(''),
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { callsTo } = pricingApi({
      'POST /api/payments/paypal/create-subscription': {
        approve_url: 'https://www.sandbox.paypal.com/approve/1',
        session_id: 's1',
      },
    });
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app, 'Go Premium');
    await app.user.click(await within(dialog).findByRole('radio', { name: 'USD ($)' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
    expect(await findToast('Redirecting to PayPal... Complete your payment in the new tab.')).toBeInTheDocument();
    expect(tab.location.href).toBe('https://www.sandbox.paypal.com/approve/1');
    expect(callsTo('POST /api/payments/paypal/create-subscription')[0]?.body).toEqual({ plan: 'premium' });
  });

  it("shows Processing... while paying and the server's detail when it fails", async () => {
    let fail: (answer: Response) => void = () => {};
    pricingApi({
      'POST /api/payments/razorpay/create-subscription': () =>
        new Promise((resolve) => {
          fail = resolve;
        }),
    });
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Pay ₹299' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    fail(apiError(503, 'Payments are unavailable right now'));
    expect(await findToast('Payments are unavailable right now')).toBeInTheDocument();
  });
  it('pays through the test-mode checkout popup with the same verify call as Razorpay Checkout', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    const { callsTo } = pricingApi({
      'POST /api/payments/razorpay/create-subscription': {
        ...subscription,
        test_checkout_url: '/api/payments/test-checkout/sub_1',
      },
      'POST /api/payments/razorpay/verify': { status: 'success', plan: 'pro' },
    });
    const app = renderApp('/pricing', { signedIn: true });
    const dialog = await openPayment(app);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Pay ₹299' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        '/api/payments/test-checkout/sub_1',
        'chapterwise-test-checkout',
        expect.any(String),
      ),
    );

    // A message from another origin is ignored; the checkout's own answer goes to verify.
    const answer = {
      source: 'chapterwise-test-checkout',
      outcome: 'approved',
      razorpay_payment_id: 'pay_t',
      razorpay_subscription_id: 'sub_1',
      razorpay_signature: 'sig_t',
    };
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: answer }));
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: answer }));

    expect(await findToast('Payment successful! Your plan has been upgraded.')).toBeInTheDocument();
    expect(callsTo('POST /api/payments/razorpay/verify')).toHaveLength(1);
    expect(callsTo('POST /api/payments/razorpay/verify')[0]?.body).toEqual({
      razorpay_payment_id: 'pay_t',
      razorpay_subscription_id: 'sub_1',
      razorpay_signature: 'sig_t',
    });
    open.mockRestore();
  });
});
