import type { Receipt } from '@chapterwise/shared';
import { PLAN_NAMES } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../components/ui/skeleton.js';
import { accountQueries } from '../account/queries.js';
import { once } from '../../lib/once.js';

const dateFormat = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));
const PROVIDERS: Record<Receipt['provider'], string> = { razorpay: 'Razorpay', paypal: 'PayPal' };
const STATUSES: Record<Receipt['status'], string> = { paid: 'Paid', refunded: 'Refunded' };

/** An amount in minor units as the currency writes it: $9.99, ₹349.00. */
export function formatAmount(amountMinor: number, currency: Receipt['currency']): string {
  return new Intl.NumberFormat(currency === 'inr' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amountMinor / 100);
}

/** The account page's receipts: one per charge (the first and each renewal), newest first. */
export function Receipts() {
  const receipts = useQuery({ ...accountQueries.receipts(), retry: false });
  return (
    <section aria-labelledby="receipts-heading" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="receipts-heading" className="text-sm font-semibold text-slate-900">
        Receipts
      </h3>
      {receipts.isPending ? (
        <div role="status" aria-label="Loading your receipts" className="mt-3 space-y-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : receipts.isError ? (
        <p className="mt-2 text-sm text-red-700">Your receipts could not be loaded. Reload the page to try again.</p>
      ) : receipts.data.receipts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No payments yet. Your receipts appear here once you upgrade.</p>
      ) : (
        <>
          {/* A phone gets one card per payment; wider screens the table. */}
          <ul aria-label="Your payments, newest first" className="mt-3 space-y-2 sm:hidden">
            {receipts.data.receipts.map((receipt) => (
              <li key={receipt.id} className="rounded-xl border border-slate-200 px-3 py-2.5 text-sm">
                <p className="flex items-baseline justify-between gap-3">
                  <time dateTime={receipt.date} className="font-medium text-slate-900">
                    {dateFormat().format(new Date(receipt.date))}
                  </time>
                  <span className="font-medium text-slate-900 tabular-nums">
                    {formatAmount(receipt.amount_minor, receipt.currency)}{' '}
                    <span className="text-xs font-normal text-slate-600">{receipt.currency.toUpperCase()}</span>
                  </span>
                </p>
                <p className="mt-0.5 text-slate-700">
                  {`${PLAN_NAMES[receipt.plan]}, monthly · ${PROVIDERS[receipt.provider]} · ${STATUSES[receipt.status]}`}
                </p>
                <p className="mt-0.5 font-mono text-xs break-all text-slate-600">{receipt.reference}</p>
              </li>
            ))}
          </ul>
          {/* Scrolls sideways when narrow: focusable, so the keyboard can scroll it too. */}
          <div
            role="region"
            aria-label="Receipts, scrollable"
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-xl border border-slate-200 max-sm:hidden"
          >
            <table className="w-full min-w-[28rem] text-left text-sm">
              <caption className="sr-only">Your payments, newest first</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Plan
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Paid with
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {receipts.data.receipts.map((receipt) => (
                  <tr key={receipt.id}>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-900">
                      <time dateTime={receipt.date}>{dateFormat().format(new Date(receipt.date))}</time>
                    </td>
                    <td className="px-3 py-2 text-slate-700">{PLAN_NAMES[receipt.plan]}, monthly</td>
                    <td className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                      {formatAmount(receipt.amount_minor, receipt.currency)}{' '}
                      <span className="text-xs font-normal text-slate-600">{receipt.currency.toUpperCase()}</span>
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {PROVIDERS[receipt.provider]}
                      <span className="block font-mono text-xs break-all text-slate-600">{receipt.reference}</span>
                    </td>
                    <td className="px-3 py-2 text-slate-700">{STATUSES[receipt.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
