import { POLICY } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { SUPPORT_EMAIL } from '../../lib/site.js';
import { LegalPage } from './legal-page.js';

export function RefundPage() {
  return (
    <LegalPage
      title="Refund & Subscription Policy"
      intro="How paid plans renew, how to cancel, and when you can get your money back."
    >
      <section>
        <h2>Subscriptions</h2>
        <ul>
          <li>Pro and Premium are monthly subscriptions. They renew automatically each month until you cancel.</li>
          <li>When you cancel, you keep your paid plan until the end of the month you have paid for.</li>
          <li>If a payment fails or a subscription expires, your account returns to the Free plan. Your books stay.</li>
          <li>Payments in INR are processed by Razorpay; international payments are processed by PayPal.</li>
        </ul>
      </section>
      <section>
        <h2>Refunds</h2>
        <p>
          You can ask for a full refund within {POLICY.refundWindowDays} days of your payment for a Pro or Premium
          subscription, provided your usage has stayed within your plan's limits.
        </p>
        <p>
          Approved refunds go back to the original payment method and take {POLICY.refundProcessingBusinessDays}{' '}
          business days to arrive, depending on your bank or wallet.
        </p>
      </section>
      <section>
        <h2>When refunds are not available</h2>
        <ul>
          <li>Automatic monthly renewals.</li>
          <li>Requests made more than {POLICY.refundWindowDays} days after the payment.</li>
        </ul>
      </section>
      <section>
        <h2>How to ask for a refund</h2>
        <p>
          Use our{' '}
          <Link to="/contact" className="font-medium text-brand-700 underline">
            contact form
          </Link>{' '}
          or write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
            {SUPPORT_EMAIL}
          </a>{' '}
          with the email address of your account and the date of the payment. We respond within{' '}
          {POLICY.supportResponseHours} hours.
        </p>
      </section>
    </LegalPage>
  );
}
