import { MESSAGES, PLAN_NAMES, PLANS, PRICES_USD, type PaidPlan, type Plan } from '@chapterwise/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { Check, Cloud, ScanText, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Logo } from '../../components/ui/logo.js';
import { cn } from '../../lib/cn.js';
import { useSession } from '../../lib/session.js';
import { PaymentDialog } from './payment-dialog.js';
import { formatPrice, PLAN_DETAILS, type PlanDetails } from './plans.js';
import { StudyToolsSection } from '../marketing/study-tools-section.js';

const INCLUDED = [
  { icon: Sparkles, title: 'AI summaries', text: 'Chapter and whole-book summaries with page references.' },
  { icon: ScanText, title: 'OCR support for scanned PDFs', text: 'Photographed or scanned books are read too.' },
  { icon: Cloud, title: 'Cloud storage', text: 'Your library and study notes, on every device.' },
];

function PlanButton({
  details,
  userPlan,
  onUpgrade,
}: {
  details: PlanDetails;
  userPlan: Plan | null;
  onUpgrade: (plan: PaidPlan) => void;
}) {
  const rank = PLANS.indexOf(details.plan);
  const current = userPlan ?? 'free';
  if (details.plan === 'free' || rank <= PLANS.indexOf(current)) {
    return (
      <Button variant="outline" size="lg" className="w-full" disabled>
        {details.plan === current ? 'Current Plan' : 'Included in your plan'}
      </Button>
    );
  }
  const plan = details.plan as PaidPlan;
  return (
    <Button
      variant={plan === 'pro' ? 'primary' : 'upgrade'}
      size="lg"
      className="w-full"
      onClick={() => onUpgrade(plan)}
    >
      {plan === 'pro' ? 'Upgrade to Pro' : 'Go Premium'}
    </Button>
  );
}

export function PricingPage() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const [paying, setPaying] = useState<PaidPlan | null>(null);

  const upgrade = (plan: PaidPlan) => {
    if (!token) {
      toast.error(MESSAGES.loginFirst);
      void navigate({ to: '/auth' });
      return;
    }
    setPaying(plan);
  };

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <Link to="/" aria-label="ChapterWise home" className="rounded-lg">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            {token ? (
              <Link to="/dashboard" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Dashboard
              </Link>
            ) : (
              <>
                <Link to="/" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  Home
                </Link>
                <Link to="/auth" className={buttonClasses({ size: 'sm' })}>
                  Login
                </Link>
              </>
            )}
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="flex-1">
        <title>Pricing · ChapterWise</title>
        <section className="mx-auto max-w-6xl px-4 pt-12 pb-8 text-center sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Pricing</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Simple plans for every reader
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Start free. Upgrade when your reading list grows — cancel any time.
          </p>
        </section>

        <section aria-label="Plans" className="mx-auto grid max-w-6xl gap-6 px-4 pb-12 sm:px-6 lg:grid-cols-3">
          {PLAN_DETAILS.map((details) => {
            const highlighted = details.plan === 'pro';
            return (
              <article
                key={details.plan}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
                  highlighted
                    ? 'border-brand-500 shadow-lg ring-1 ring-brand-500 lg:-my-3 lg:py-11'
                    : 'border-slate-200',
                )}
              >
                {details.badge && (
                  <span
                    className={cn(
                      'absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap text-white shadow-sm',
                      details.badge === 'Most Popular'
                        ? 'bg-brand-600'
                        : 'bg-gradient-to-r from-amber-400 to-orange-500',
                    )}
                  >
                    {details.badge}
                  </span>
                )}
                <h2 className="text-xl font-semibold text-slate-900">{PLAN_NAMES[details.plan]}</h2>
                <p className="mt-1 text-sm text-slate-600">{details.tagline}</p>
                <p className="mt-5 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-slate-900">
                    {formatPrice(PRICES_USD[details.plan], 'usd')}
                  </span>
                  <span className="text-sm font-medium text-slate-500">
                    {details.plan === 'free' ? 'forever' : '/month'}
                  </span>
                </p>
                <ul className="mt-6 mb-8 space-y-3">
                  {details.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2.5 text-sm text-slate-700">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <div className="mt-auto">
                  <PlanButton details={details} userPlan={token ? (user?.plan ?? 'free') : null} onUpgrade={upgrade} />
                </div>
              </article>
            );
          })}
        </section>

        <section aria-labelledby="included" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="included" className="text-center text-2xl font-bold tracking-tight text-slate-900">
              All Plans Include
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-3">
              {INCLUDED.map(({ icon: Icon, title, text }) => (
                <li key={title} className="text-center">
                  <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                    <Icon className="size-6" aria-hidden="true" />
                  </div>
                  <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
            <p className="mt-10 text-center text-sm text-slate-500">
              Payments in India are handled by Razorpay; international payments by PayPal. Prices in INR are shown at
              checkout.
            </p>
          </div>
        </section>
        <StudyToolsSection className="border-t border-slate-200" />
      </main>
      <PaymentDialog plan={paying} onClose={() => setPaying(null)} />
    </>
  );
}
