import { PLAN_NAMES, PRICES_USD, uploadsUsed, type UpgradeRequired } from '@chapterwise/shared';
import { useNavigate } from '@tanstack/react-router';
import { Check, Crown, Zap } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { cn } from '../../lib/cn.js';

interface UpgradeOffer {
  plan: 'pro' | 'premium';
  features: string[];
  bestValue?: boolean;
}

/** What each plan is offered when it runs out of uploads (spec §2, upload-limit modal). */
export function upgradeOffers(currentPlan: UpgradeRequired['current_plan']): UpgradeOffer[] {
  if (currentPlan === 'pro') {
    return [
      {
        plan: 'premium',
        features: ['Unlimited uploads', 'Priority processing', 'API access', 'Premium support'],
      },
    ];
  }
  return [
    { plan: 'pro', features: ['20 uploads per month', 'Priority processing', 'Email support'] },
    {
      plan: 'premium',
      features: ['Unlimited uploads', 'Everything in Pro', 'Priority support'],
      bestValue: true,
    },
  ];
}

export function UploadLimitDialog({ limit, onClose }: { limit: UpgradeRequired | null; onClose: () => void }) {
  const navigate = useNavigate();
  const choose = () => {
    onClose();
    void navigate({ to: '/pricing' });
  };
  const percent = limit ? (limit.used / Math.max(limit.limit, 1)) * 100 : 0;

  return (
    <Dialog
      open={limit !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Upload Limit Reached"
      description={
        limit ? `You've ${uploadsUsed(limit.used, limit.limit, PLAN_NAMES[limit.current_plan])} this month.` : undefined
      }
      className="max-w-lg"
    >
      {limit && (
        <>
          <div className="mt-4">
            <div className="mb-1.5 flex justify-between text-xs font-medium text-slate-500">
              <span>Monthly uploads</span>
              <span className="tabular-nums">{`${limit.used} / ${limit.limit}`}</span>
            </div>
            <ProgressBar value={Math.min(100, percent)} label="Monthly uploads used" tone="red" />
          </div>
          <p className="mt-5 text-sm font-medium text-slate-700">Upgrade to keep uploading:</p>
          <div className={cn('mt-3 grid gap-3', upgradeOffers(limit.current_plan).length > 1 && 'sm:grid-cols-2')}>
            {upgradeOffers(limit.current_plan).map((offer) => (
              <button
                key={offer.plan}
                type="button"
                onClick={choose}
                className={cn(
                  'relative rounded-xl border-2 p-4 text-left transition hover:-translate-y-0.5 hover:shadow-md',
                  offer.plan === 'premium'
                    ? 'border-violet-300 bg-violet-50/60 hover:border-violet-400'
                    : 'border-brand-200 bg-brand-50/60 hover:border-brand-400',
                )}
              >
                {offer.bestValue && (
                  <span className="absolute -top-2.5 right-3 rounded-full bg-gradient-to-r from-amber-400 to-orange-500 px-2 py-0.5 text-[11px] font-bold text-white shadow-sm">
                    Best Value
                  </span>
                )}
                <span className="flex items-center gap-2 font-semibold text-slate-900">
                  {offer.plan === 'premium' ? (
                    <Crown className="size-4 text-violet-600" aria-hidden="true" />
                  ) : (
                    <Zap className="size-4 text-brand-600" aria-hidden="true" />
                  )}
                  {PLAN_NAMES[offer.plan]}
                </span>
                <span className="mt-1 block text-2xl font-bold text-slate-900">
                  ${PRICES_USD[offer.plan]}
                  <span className="text-sm font-medium text-slate-600">/month</span>
                </span>
                <ul className="mt-3 space-y-1.5">
                  {offer.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </button>
            ))}
          </div>
          <Button variant="ghost" className="mt-4 w-full" onClick={onClose}>
            Maybe later
          </Button>
        </>
      )}
    </Dialog>
  );
}
