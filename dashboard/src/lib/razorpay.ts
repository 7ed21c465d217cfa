import { type RazorpaySubscriptionResponse, type RazorpayVerifyRequest } from '@chapterwise/shared';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayOptions {
  key: string;
  subscription_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  theme: { color: string };
  handler: (response: RazorpayVerifyRequest) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', callback: () => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

let loading: Promise<void> | null = null;

/** Loads Razorpay Checkout once, only when someone pays (the CSP allows this one script host). */
export function loadRazorpayCheckout(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Could not load the payment window. Check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

export type CheckoutOutcome =
  { kind: 'paid'; response: RazorpayVerifyRequest } | { kind: 'dismissed' } | { kind: 'failed' };

/** Opens Razorpay Checkout for a subscription and settles when the buyer pays, fails or closes it. */
export async function payWithRazorpay(subscription: RazorpaySubscriptionResponse): Promise<CheckoutOutcome> {
  await loadRazorpayCheckout();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Could not load the payment window. Check your connection and try again.');
  return new Promise<CheckoutOutcome>((resolve) => {
    const checkout = new Razorpay({
      key: subscription.razorpay_key,
      subscription_id: subscription.subscription_id,
      name: 'ChapterWise',
      description: subscription.plan_name,
      prefill: { name: subscription.name, email: subscription.email },
      theme: { color: '#4f46e5' },
      handler: (response) => resolve({ kind: 'paid', response }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', () => resolve({ kind: 'failed' }));
    checkout.open();
  });
}

interface TestCheckoutMessage {
  source?: string;
  outcome?: 'approved' | 'declined';
  razorpay_payment_id?: string;
  razorpay_subscription_id?: string;
  razorpay_signature?: string;
}

/**
 * Test mode (no provider keys): the server's TEST MODE checkout opens as a popup and answers the way
 * Razorpay Checkout's handler does, so the same verify call runs as with real money.
 */
export function payWithTestCheckout(url: string): Promise<CheckoutOutcome> {
  const popup = window.open(url, 'chapterwise-test-checkout', 'popup,width=480,height=680');
  if (!popup) return Promise.reject(new Error('Allow pop-ups for this site to open the test checkout.'));
  const origin = new URL(url, window.location.href).origin;
  return new Promise<CheckoutOutcome>((resolve) => {
    let closedAt = 0;
    const finish = (outcome: CheckoutOutcome) => {
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent<TestCheckoutMessage>) => {
      if (event.origin !== origin || event.data?.source !== 'chapterwise-test-checkout') return;
      const { outcome, razorpay_payment_id, razorpay_subscription_id, razorpay_signature } = event.data;
      if (outcome === 'approved' && razorpay_payment_id && razorpay_subscription_id && razorpay_signature) {
        finish({ kind: 'paid', response: { razorpay_payment_id, razorpay_subscription_id, razorpay_signature } });
      } else {
        finish({ kind: 'failed' });
      }
    };
    // The page closes itself right after posting its answer: give the message a moment to arrive.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      closedAt ||= Date.now();
      if (Date.now() - closedAt > 600) finish({ kind: 'dismissed' });
    }, 200);
    window.addEventListener('message', onMessage);
  });
}
