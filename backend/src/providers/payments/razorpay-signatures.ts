import { createHmac, timingSafeEqual } from 'node:crypto';

// The SDK's own helpers compare with `===`; these compare in constant time.

/** Checkout signature of a subscription payment: HMAC-SHA256(`payment_id|subscription_id`, key_secret), hex. */
export function signSubscriptionPayment(keySecret: string, paymentId: string, subscriptionId: string): string {
  return createHmac('sha256', keySecret).update(`${paymentId}|${subscriptionId}`).digest('hex');
}

export function subscriptionPaymentSignatureValid(
  keySecret: string,
  input: { paymentId: string; subscriptionId: string; signature: string },
): boolean {
  return sameHex(signSubscriptionPayment(keySecret, input.paymentId, input.subscriptionId), input.signature);
}

/** Webhook signature: HMAC-SHA256 of the raw body with the webhook secret, hex. */
export function signWebhookBody(webhookSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

export function webhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: string | undefined): boolean {
  return !!signature && sameHex(signWebhookBody(webhookSecret, rawBody), signature);
}

function sameHex(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}
