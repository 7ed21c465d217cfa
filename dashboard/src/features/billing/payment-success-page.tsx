import { MESSAGES, PLAN_NAMES, PAYMENT_POLL_MAX_ATTEMPTS } from '@chapterwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '../../lib/toast.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { isUnauthorized } from '../../lib/errors.js';
import { updateStoredUser } from '../../lib/session.js';
import { accountKeys } from '../account/queries.js';
import { billingQueries, paymentStatusOf, type PaymentCheck } from './queries.js';

type Verification =
  { view: 'checking' } | { view: 'success'; plan: PaymentCheck['plan'] } | { view: 'failed'; message?: string };

/** Where polling the payment status has got to (spec §4, payment verification). */
export function verificationOf(check: PaymentCheck | undefined, failed: boolean): Verification {
  if (failed) return { view: 'failed', message: MESSAGES.paymentCheckError };
  if (!check) return { view: 'checking' };
  switch (paymentStatusOf(check)) {
    case 'paid':
      return { view: 'success', plan: check.plan };
    case 'expired':
      return { view: 'failed', message: MESSAGES.paymentExpired };
    case 'failed':
      return { view: 'failed' };
    case 'pending':
      return check.attempt >= PAYMENT_POLL_MAX_ATTEMPTS
        ? { view: 'failed', message: MESSAGES.paymentTimeout }
        : { view: 'checking' };
  }
}

export function PaymentSuccessPage({ sessionId }: { sessionId: string }) {
  const check = useQuery(billingQueries.paymentStatus(sessionId));
  const queryClient = useQueryClient();
  const verification = verificationOf(check.data, check.isError && !isUnauthorized(check.error));
  const paidPlan = verification.view === 'success' ? verification.plan : null;
  const failureMessage = verification.view === 'failed' ? verification.message : undefined;

  useEffect(() => {
    if (!paidPlan) return;
    // The stored user shows the new plan at once; /auth/me confirms it on the next load.
    updateStoredUser({ plan: paidPlan });
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  }, [paidPlan, queryClient]);
  useEffect(() => {
    if (failureMessage) toast.error(failureMessage, { id: `payment-${sessionId}` });
  }, [failureMessage, sessionId]);

  return (
    <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-12 sm:py-20">
      <title>Payment · ChapterWise</title>
      <Card className="w-full max-w-md p-8 text-center">
        {verification.view === 'checking' && (
          <div aria-live="polite">
            <div className="flex justify-center text-brand-600">
              <Spinner size="lg" label="Verifying payment" />
            </div>
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Verifying Payment</h1>
            <p className="mt-2 text-slate-600">Please wait while we confirm your payment...</p>
          </div>
        )}
        {verification.view === 'success' && (
          <div role="status">
            <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <CircleCheck className="size-9" aria-hidden="true" />
            </div>
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Payment Successful!</h1>
            <p className="mt-2 text-slate-700">{`Congratulations! You're now on the ${PLAN_NAMES[verification.plan]} plan.`}</p>
            <p className="mt-1 text-slate-600">Your new benefits are active now!</p>
            <Link to="/dashboard" className={buttonClasses({ size: 'lg', className: 'mt-7 w-full' })}>
              Go to Dashboard
            </Link>
          </div>
        )}
        {verification.view === 'failed' && (
          <div role="alert">
            <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-red-50 text-red-600">
              <CircleX className="size-9" aria-hidden="true" />
            </div>
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Payment Failed</h1>
            <p className="mt-2 text-slate-600">
              We couldn't verify your payment. Don't worry, you haven't been charged.
            </p>
            {verification.message && (
              <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{verification.message}</p>
            )}
            <div className="mt-7 flex flex-col gap-2">
              <Link to="/pricing" className={buttonClasses({ size: 'lg' })}>
                Try Again
              </Link>
              <Link to="/dashboard" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
                Back to Dashboard
              </Link>
            </div>
          </div>
        )}
      </Card>
    </main>
  );
}
