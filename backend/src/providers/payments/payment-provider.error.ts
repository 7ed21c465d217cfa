/** A payment provider refused a call or could not be reached; `status` is the provider's HTTP status when it answered. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';

  constructor(
    readonly provider: 'razorpay' | 'paypal',
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}

/**
 * The provider answered, in its own error shape, that it has no such subscription (removed on its side, or
 * never made there). Nothing can renew or be charged on it: callers that cancel treat it as cancelled.
 */
export class SubscriptionNotFoundError extends PaymentProviderError {
  override name = 'SubscriptionNotFoundError';

  constructor(provider: 'razorpay' | 'paypal', subscriptionId: string, status: number) {
    super(provider, `has no subscription ${subscriptionId} (HTTP ${status})`, status);
  }
}
