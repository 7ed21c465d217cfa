import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_ATTEMPTS, type PaymentStatusResponse } from '@chapterwise/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

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
