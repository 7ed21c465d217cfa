import { PaymentProviderError } from './payment-provider.error.js';
import { PaypalGateway, type PaypalSubscription } from './paypal.port.js';
import { RazorpayGateway, type RazorpaySubscription } from './razorpay.port.js';

// Production without keys: the provider is not offered, and nothing it sends can be verified.

export class DisabledRazorpayGateway extends RazorpayGateway {
  readonly keyId = '';
  override readonly disabledReason = 'not configured (set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET)';

  createSubscription(): Promise<RazorpaySubscription> {
    return Promise.reject(new PaymentProviderError('razorpay', this.disabledReason));
  }
  fetchSubscription(): Promise<RazorpaySubscription> {
    return this.createSubscription();
  }
  cancelSubscription(): Promise<RazorpaySubscription> {
    return this.createSubscription();
  }
  paymentSignatureValid(): boolean {
    return false;
  }
  webhookSignatureValid(): boolean {
    return false;
  }
}

export class DisabledPaypalGateway extends PaypalGateway {
  override readonly disabledReason = 'not configured (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)';

  createSubscription(): Promise<PaypalSubscription & { approveUrl: string }> {
    return Promise.reject(new PaymentProviderError('paypal', this.disabledReason));
  }
  getSubscription(): Promise<PaypalSubscription> {
    return this.createSubscription();
  }
  async cancelSubscription(): Promise<void> {
    await this.createSubscription();
  }
  webhookSignatureValid(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
