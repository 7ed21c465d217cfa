export const PLANS = ['free', 'pro', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

export const CURRENCIES = ['usd', 'inr'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Monthly upload limits; `null` means unlimited. */
export const MONTHLY_UPLOAD_LIMITS: Record<Plan, number | null> = {
  free: 2,
  pro: 20,
  premium: null,
};

/** Monthly prices in US dollars (INR prices come from the server's configuration). */
export const PRICES_USD: Record<Plan, number> = {
  free: 0,
  pro: 3.99,
  premium: 9.99,
};

export const PLAN_NAMES: Record<Plan, string> = {
  free: 'Free',
  pro: 'Pro',
  premium: 'Premium',
};

export function planLabel(plan: string | null | undefined): string {
  return (plan || 'free').toUpperCase();
}
