import { POLICY } from '@chapterwise/shared';
import { SUPPORT_EMAIL } from '../../lib/site.js';
import { LegalPage } from './legal-page.js';

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="We collect only what we need to run ChapterWise for you, and we never sell your data."
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and a securely hashed version of your password.
          </li>
          <li>
            <strong>Your books:</strong> the PDF files you upload, the text we extract from them and what we generate —
            chapters, summaries, topics, explanations, audio and exports.
          </li>
          <li>
            <strong>Billing records:</strong> your plan and the status of your subscription. Card and wallet details are
            entered with Razorpay or PayPal and never reach our servers.
          </li>
          <li>
            <strong>Approximate location:</strong> your country, worked out from your connection, to show prices in your
            currency. We do not store it.
          </li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          We use your information to provide the service, keep your account secure, process payments, answer your
          questions and send messages you ask for, such as password reset codes. We do not use your books to advertise
          to you and we do not sell or rent personal data.
        </p>
      </section>
      <section>
        <h2>Who we share it with</h2>
        <p>
          Only with the providers that help us run the service — payment processors (Razorpay for INR, PayPal for
          international payments), hosting and, where enabled, the AI and speech services that generate your summaries
          and audio — and only as much as each needs to do its job.
        </p>
      </section>
      <section>
        <h2>Storage and security</h2>
        <p>
          Files are kept in private storage and opened only through short-lived links made for your account. Passwords
          are hashed and sessions can be ended by signing out or resetting your password.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <ul>
          <li>Delete any book at any time — its files and generated content go with it.</li>
          <li>Ask us for a copy of your data, or to correct or delete your account.</li>
        </ul>
      </section>
      <section>
        <h2>Children</h2>
        <p>
          ChapterWise is not for children under {POLICY.minimumAge}. If you believe a child under {POLICY.minimumAge}{' '}
          has created an account, contact us and we will delete it.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Privacy questions or requests:{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
            {SUPPORT_EMAIL}
          </a>
          . We respond within {POLICY.supportResponseHours} hours.
        </p>
      </section>
    </LegalPage>
  );
}
