import { createFileRoute, redirect } from '@tanstack/react-router';
import { PaymentSuccessPage } from '../../features/billing/payment-success-page.js';

export const Route = createFileRoute('/_authenticated/payment-success')({
  validateSearch: (search: Record<string, unknown>): { session_id?: string } => ({
    session_id: typeof search.session_id === 'string' && search.session_id ? search.session_id : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (!search.session_id) throw redirect({ to: '/pricing' });
  },
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { session_id: sessionId } = Route.useSearch();
  return sessionId ? <PaymentSuccessPage key={sessionId} sessionId={sessionId} /> : null;
}
