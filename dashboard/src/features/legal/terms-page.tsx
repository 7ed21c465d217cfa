import { MONTHLY_UPLOAD_LIMITS, POLICY } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { SUPPORT_EMAIL } from '../../lib/site.js';
import { LegalPage } from './legal-page.js';

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms explain what you can expect from ChapterWise and what we expect from you. By creating an account or using the service you agree to them."
    >
      <section>
        <h2>1. Who can use ChapterWise</h2>
        <p>
          You must be at least {POLICY.minimumAge} years old to create an account. If you are under the age of majority
          where you live, a parent or guardian must agree to these terms on your behalf.
        </p>
        <p>You are responsible for keeping your password safe and for everything that happens under your account.</p>
      </section>
      <section>
        <h2>2. The service</h2>
        <p>
          ChapterWise turns PDF books you upload into chapters, summaries, key topics, simple explanations, audio and
          exports. Summaries and explanations are generated automatically: they can be incomplete or wrong, so check
          important facts against the book itself.
        </p>
      </section>
      <section>
        <h2>3. Your content</h2>
        <ul>
          <li>You keep every right you have in the files you upload and in what we generate from them for you.</li>
          <li>
            Upload only books you are allowed to use — for example books you own or have licensed — and use the results
            for your own study.
          </li>
          <li>
            We process your files only to provide the service to you. We never sell them or share them with other users.
          </li>
          <li>You can delete a book at any time; its files and generated content are deleted with it.</li>
        </ul>
      </section>
      <section>
        <h2>4. Plans and limits</h2>
        <p>
          The Free plan includes {MONTHLY_UPLOAD_LIMITS.free} PDF uploads per month, Pro includes{' '}
          {MONTHLY_UPLOAD_LIMITS.pro}, and Premium has no monthly upload limit. Limits reset at the start of each
          calendar month (UTC).
        </p>
      </section>
      <section>
        <h2>5. Subscriptions and payment</h2>
        <ul>
          <li>Paid plans are subscriptions that renew automatically every month until you cancel.</li>
          <li>Payments in Indian rupees are handled by Razorpay; international payments are handled by PayPal.</li>
          <li>If a renewal payment fails or a subscription expires, your account returns to the Free plan.</li>
          <li>
            Refunds follow our{' '}
            <Link to="/refund" className="font-medium text-brand-700 underline">
              Refund Policy
            </Link>
            .
          </li>
        </ul>
      </section>
      <section>
        <h2>6. Acceptable use</h2>
        <p>
          Do not upload unlawful or malicious files, try to access other people's data, overload or probe the service,
          or resell it without our written permission. We may suspend accounts that do.
        </p>
      </section>
      <section>
        <h2>7. Liability</h2>
        <p>
          ChapterWise is provided as it is. To the extent the law allows, we are not liable for indirect losses or for
          decisions made on the basis of generated summaries.
        </p>
      </section>
      <section>
        <h2>8. Contact</h2>
        <p>
          Questions about these terms? Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
            {SUPPORT_EMAIL}
          </a>{' '}
          — we respond within {POLICY.supportResponseHours} hours.
        </p>
      </section>
    </LegalPage>
  );
}
