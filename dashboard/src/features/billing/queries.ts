import {
  errorMessage,
  MESSAGES,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_ATTEMPTS,
  type PaidPlan,
  type PaymentStatusResponse,
} from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../lib/api.js';
import { isUnauthorized } from '../../lib/errors.js';
import { type PendingTab } from '../../lib/new-tab.js';
import { payWithRazorpay, payWithTestCheckout } from '../../lib/razorpay.js';
import { updateStoredUser } from '../../lib/session.js';
import { accountKeys } from '../account/queries.js';

export const billingKeys = {
  all: ['billing'] as const,
  location: () => [...billingKeys.all, 'location'] as const,
  paymentStatus: (sessionId: string) => [...billingKeys.all, 'payment-status', sessionId] as const,
};

export type PaymentCheck = PaymentStatusResponse & {
  /** 1 for the first check; the page gives up after PAYMENT_POLL_MAX_ATTEMPTS pending answers. */
  attempt: number;
};

/** Both readings of the spec carry the status; payment_status is preferred. */
export function paymentStatusOf(check: PaymentStatusResponse): PaymentStatusResponse['status'] {
  return check.payment_status ?? check.status;
}

export const billingQueries = {
  /** Country and prices; a failure falls back to USD without telling anyone (spec §8). */
  location: () =>
    queryOptions({
      queryKey: billingKeys.location(),
      queryFn: () => api.detectLocation(),
      staleTime: Infinity,
      retry: false,
    }),
  /** Polled every 2 s while pending, at most 5 times. */
  paymentStatus: (sessionId: string) =>
    queryOptions({
      queryKey: billingKeys.paymentStatus(sessionId),
      queryFn: async ({ client, queryKey }): Promise<PaymentCheck> => {
        const attempt = (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) + 1;
        return { ...(await api.paymentStatus(sessionId)), attempt };
      },
      refetchInterval: (query) => {
        const check = query.state.data;
        return check && paymentStatusOf(check) === 'pending' && check.attempt < PAYMENT_POLL_MAX_ATTEMPTS
          ? PAYMENT_POLL_INTERVAL_MS
          : false;
      },
      retry: false,
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
};

/** A failed payment step, already phrased for the buyer. */
class PaymentStepError extends Error {}

/**
 * PayPal approves in the tab opened during the click; Razorpay pays in place and is verified here. A paid plan
 * changes the whole account, so it reloads (the dialog already closed) before the dashboard opens.
 */
export function usePayMutation({
  onRedirected,
  onPaid,
  onFailed,
}: {
  onRedirected: () => void;
  onPaid: () => void;
  onFailed: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ plan, tab }: { plan: PaidPlan; tab: PendingTab | null }) => {
      if (tab) {
        try {
          const { approve_url } = await api.createPaypalSubscription(plan);
          tab.go(approve_url);
          return 'paypal' as const;
        } catch (error) {
          tab.close();
          throw error;
        }
      }
      const subscription = await api.createRazorpaySubscription(plan);
      const outcome = subscription.test_checkout_url
        ? await payWithTestCheckout(subscription.test_checkout_url)
        : await payWithRazorpay(subscription);
      if (outcome.kind === 'dismissed') return 'dismissed' as const;
      if (outcome.kind === 'failed') throw new PaymentStepError(MESSAGES.paymentFailed);
      try {
        const result = await api.verifyRazorpay(outcome.response);
        updateStoredUser({ plan: result.plan });
      } catch (error) {
        throw new PaymentStepError(errorMessage(error, MESSAGES.paymentVerificationFailed));
      }
      return 'paid' as const;
    },
    onSuccess: async (result) => {
      if (result === 'paypal') onRedirected();
      if (result !== 'paid') return;
      onPaid();
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      await navigate({ to: '/dashboard' });
    },
    onError: (error) => {
      // A 401 goes to the app's session policy (logout), not to a payment message.
      if (isUnauthorized(error)) return;
      onFailed(error instanceof PaymentStepError ? error.message : errorMessage(error, MESSAGES.paymentFailed));
    },
  });
}
