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
