import type { TestCheckoutView } from './test-checkout.service.js';

export const TEST_CHECKOUT_SCRIPT_PATH = '/api/payments/test-checkout/assets/checkout.js';

/** The test checkout page: static HTML, its behaviour in one same-origin script (no inline script, CSP). */
export function renderTestCheckoutPage(view: TestCheckoutView): string {
  const providerName = view.provider === 'razorpay' ? 'Razorpay (INR)' : 'PayPal (USD)';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE checkout · ChapterWise</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border: 3px dashed #d97706; border-radius: 12px; padding: 2rem; max-width: 26rem; text-align: center; }
  .badge { display: inline-block; background: #d97706; color: #fff; font-weight: 700; letter-spacing: .08em; padding: .3rem .8rem; border-radius: 999px; }
  .buttons { display: flex; gap: 1rem; justify-content: center; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: .6rem 1.4rem; border-radius: 8px; border: 0; cursor: pointer; }
  #approve { background: #16a34a; color: #fff; }
  #decline { background: #e4e4e7; color: #18181b; }
  button:disabled { opacity: .5; cursor: wait; }
  #status { min-height: 1.5em; color: #b91c1c; }
</style>
</head>
<body>
<main id="test-checkout" data-session="${escapeHtml(view.sessionId)}" data-provider="${escapeHtml(view.provider)}">
  <p class="badge">TEST MODE</p>
  <h1>${escapeHtml(view.planName)} plan</h1>
  <p>${escapeHtml(view.price)} via ${escapeHtml(providerName)}</p>
  <p>No real payment happens here: this page stands in for the provider on a server without payment keys.</p>
  <div class="buttons">
    <button id="approve" type="button">Approve</button>
    <button id="decline" type="button">Decline</button>
  </div>
  <p id="status" role="status"></p>
</main>
<script src="${TEST_CHECKOUT_SCRIPT_PATH}"></script>
</body>
</html>`;
}

/**
 * Razorpay: the signed result goes to the window that opened this page, as Razorpay Checkout hands it
 * to its handler: `{ source: 'chapterwise-test-checkout', provider: 'razorpay', outcome: 'approved',
 * razorpay_payment_id, razorpay_subscription_id, razorpay_signature }` or `outcome: 'declined'`.
 * PayPal: the browser follows the subscription's return or cancel URL, as PayPal does.
 */
export const TEST_CHECKOUT_SCRIPT = `(() => {
  'use strict';
  const root = document.getElementById('test-checkout');
  const status = document.getElementById('status');
  const buttons = Array.from(root.querySelectorAll('button'));
  const session = root.dataset.session;
  const provider = root.dataset.provider;
  const base = '/api/payments/test-checkout/' + encodeURIComponent(session);

  async function post(action) {
    const response = await fetch(base + '/' + action, { method: 'POST', headers: { Accept: 'application/json' } });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.detail || 'The test checkout failed');
    return body;
  }

  // The dashboard opens this page by a relative link: only a window on this same origin may read the result.
  function tellOpener(message) {
    if (!window.opener) return false;
    window.opener.postMessage(Object.assign({ source: 'chapterwise-test-checkout', provider: provider }, message), window.location.origin);
    window.close();
    return true;
  }

  async function finish(action) {
    const result = await post(action);
    if (provider === 'paypal') {
      window.location.assign(result.redirect_url);
      return;
    }
    const message = action === 'approve'
      ? { outcome: 'approved', razorpay_payment_id: result.razorpay_payment_id, razorpay_subscription_id: result.razorpay_subscription_id, razorpay_signature: result.razorpay_signature }
      : { outcome: 'declined' };
    if (!tellOpener(message)) status.textContent = 'Done. This page was not opened by ChapterWise, so you can close it.';
  }

  for (const button of buttons) {
    button.addEventListener('click', () => {
      buttons.forEach((each) => { each.disabled = true; });
      status.textContent = '';
      finish(button.id).catch((error) => {
        status.textContent = error.message;
        buttons.forEach((each) => { each.disabled = false; });
      });
    });
  }
})();
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
