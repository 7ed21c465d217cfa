import { MONTHLY_UPLOAD_LIMITS, type Plan } from '@chapterwise/shared';

export interface PlanDetails {
  plan: Plan;
  tagline: string;
  features: string[];
  badge?: 'Most Popular' | 'Best Value';
}

const uploads = (plan: Plan) => {
  const limit = MONTHLY_UPLOAD_LIMITS[plan];
  return limit === null ? 'Unlimited PDF uploads' : `${limit} PDF uploads per month`;
};

/** The three plans as the pricing page presents them. */
export const PLAN_DETAILS: PlanDetails[] = [
  {
    plan: 'free',
    tagline: 'Try ChapterWise on your next book.',
    features: [
      uploads('free'),
      'Chapter and book summaries',
      'Key topics and ELI12 explanations',
      'Audio, summary PDF and slide exports',
    ],
  },
  {
    plan: 'pro',
    tagline: 'For students with a full reading list.',
    features: [uploads('pro'), 'Everything in Free', 'Priority processing', 'Email support'],
    badge: 'Most Popular',
  },
  {
    plan: 'premium',
    tagline: 'For power users and whole libraries.',
    features: [
      uploads('premium'),
      'Everything in Pro',
      'API access',
      'Batch upload',
      'Custom integrations',
      'Priority support',
    ],
    badge: 'Best Value',
  },
];

export function formatPrice(amount: number, currency: 'usd' | 'inr'): string {
  return new Intl.NumberFormat(currency === 'inr' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
