import { MESSAGES, PLAN_NAMES, PRICES_USD, type Currency, type PaidPlan } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Globe, Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { cn } from '../../lib/cn.js';
import { openPendingTab } from '../../lib/new-tab.js';
import { formatPrice } from './plans.js';
import { billingQueries, usePayMutation } from './queries.js';

const PROVIDER: Record<Currency, string> = { inr: 'Razorpay', usd: 'PayPal' };

/** The server says "Unknown" when it cannot place the visitor: the student then picks the currency. */
function countryKnown(name: string | undefined): name is string {
  return !!name && name !== 'Unknown';
}

export function PaymentDialog({ plan, onClose }: { plan: PaidPlan | null; onClose: () => void }) {
  const location = useQuery({ ...billingQueries.location(), enabled: plan !== null });
  const [chosen, setChosen] = useState<Currency | null>(null);

  const inrPrice = plan ? location.data?.pricing[plan].inr : undefined;
  const usdPrice = plan ? (location.data?.pricing[plan].usd ?? PRICES_USD[plan]) : 0;
  const detected = location.data?.detected_currency === 'inr' && inrPrice !== undefined ? 'inr' : 'usd';
  const currency: Currency = chosen === 'inr' && inrPrice === undefined ? 'usd' : (chosen ?? detected);
  const price = currency === 'inr' ? (inrPrice ?? 0) : usdPrice;

  const pay = usePayMutation({
    onRedirected: () => {
      toast.info(MESSAGES.redirectingToPaypal);
      onClose();
    },
    onPaid: () => {
      toast.success(MESSAGES.paymentSuccess);
      onClose();
    },
    onFailed: (message) => toast.error(message),
  });

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open && !pay.isPending) {
          setChosen(null);
          onClose();
        }
      }}
      title={plan ? `Upgrade to ${PLAN_NAMES[plan]}` : 'Upgrade'}
      description="Monthly subscription. Cancel any time."
    >
      {plan && (
        <div className="mt-5 space-y-5">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Globe className="size-4 text-slate-400" aria-hidden="true" />
            {location.isPending
              ? 'Detecting your location…'
              : countryKnown(location.data?.country_name)
                ? `Country: ${location.data?.country_name}`
                : 'Country not detected: pick the currency you pay in'}
          </p>

          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Currency</legend>
            <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1">
              {(['inr', 'usd'] as const).map((option) => {
                const unavailable = option === 'inr' && inrPrice === undefined;
                return (
                  <label
                    key={option}
                    className={cn(
                      'flex cursor-pointer items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                      currency === option ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                      unavailable && 'cursor-not-allowed opacity-50',
                    )}
                  >
                    <input
                      type="radio"
                      name="currency"
                      value={option}
                      className="sr-only"
                      checked={currency === option}
                      disabled={unavailable || pay.isPending}
                      onChange={() => setChosen(option)}
                    />
                    {option === 'inr' ? 'INR (₹)' : 'USD ($)'}
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-center">
            <p className="text-sm text-slate-600">{`${PLAN_NAMES[plan]} plan`}</p>
            <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
              {formatPrice(price, currency)}
              <span className="text-base font-medium text-slate-500">/month</span>
            </p>
          </div>

          <Button
            size="lg"
            className="w-full"
            disabled={pay.isPending}
            // PayPal opens in a new tab, opened during the click so popup blockers allow it.
            onClick={() => pay.mutate({ plan, tab: currency === 'usd' ? openPendingTab('Opening PayPal…') : null })}
          >
            {pay.isPending ? 'Processing...' : `Pay ${formatPrice(price, currency)}`}
          </Button>
          <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <Lock className="size-3.5" aria-hidden="true" />
            {`Secure payment powered by ${PROVIDER[currency]}`}
          </p>
        </div>
      )}
    </Dialog>
  );
}
