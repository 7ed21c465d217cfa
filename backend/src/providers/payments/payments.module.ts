import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { PaymentSandbox } from './payment-sandbox.js';
import { PaypalHttpGateway } from './paypal-http.adapter.js';
import { SandboxPaypalGateway } from './paypal-sandbox.adapter.js';
import { PaypalGateway } from './paypal.port.js';
import { RazorpaySdkGateway } from './razorpay-sdk.adapter.js';
import { SandboxRazorpayGateway } from './razorpay-sandbox.adapter.js';
import { RazorpayGateway } from './razorpay.port.js';
import { DisabledPaypalGateway, DisabledRazorpayGateway } from './disabled.adapters.js';

/** Picks each provider's adapter from its configured mode: live API, local test checkout, or not offered. */
@Module({
  providers: [
    // One sandbox per application instance, so its signing secret is too.
    { provide: PaymentSandbox, useFactory: () => new PaymentSandbox() },
    {
      provide: RazorpayGateway,
      inject: [AppConfig, PaymentSandbox],
      useFactory: (config: AppConfig, sandbox: PaymentSandbox): RazorpayGateway => {
        const razorpay = config.payments.razorpay;
        if (razorpay.mode === 'test') return new SandboxRazorpayGateway(sandbox);
        if (razorpay.mode === 'live' && razorpay.keyId && razorpay.keySecret && razorpay.planIds) {
          return new RazorpaySdkGateway({
            ...razorpay,
            keyId: razorpay.keyId,
            keySecret: razorpay.keySecret,
            planIds: razorpay.planIds,
          });
        }
        return new DisabledRazorpayGateway();
      },
    },
    {
      provide: PaypalGateway,
      inject: [AppConfig, PaymentSandbox],
      useFactory: (config: AppConfig, sandbox: PaymentSandbox): PaypalGateway => {
        const paypal = config.payments.paypal;
        if (paypal.mode === 'test') return new SandboxPaypalGateway(sandbox);
        if (paypal.mode === 'live' && paypal.clientId && paypal.clientSecret && paypal.planIds) {
          return new PaypalHttpGateway({
            ...paypal,
            clientId: paypal.clientId,
            clientSecret: paypal.clientSecret,
            planIds: paypal.planIds,
          });
        }
        return new DisabledPaypalGateway();
      },
    },
  ],
  exports: [RazorpayGateway, PaypalGateway, PaymentSandbox],
})
export class PaymentsModule {}
