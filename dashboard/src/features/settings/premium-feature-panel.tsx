import { ApiError, type Plan } from '@chapterwise/shared';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Crown, ExternalLink } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { useSession } from '../../lib/session.js';
import { accountKeys } from '../account/queries.js';

/** The shared contract's schema of a feature's 403 upgrade_required answer. */
type UpgradeSchema = { safeParse(value: unknown): { success: boolean } };

/** Whether a failed call is the server refusing the feature of `schema` (its 403 upgrade_required answer). */
export function isUpgradeRequired(error: unknown, schema: UpgradeSchema): boolean {
  return error instanceof ApiError && error.status === 403 && schema.safeParse(error.body).success;
}

/**
 * A Premium feature's list, fetched only on that plan, and whether the feature is locked. The stored plan may be
 * behind the server's (a lapsed period): the server's 403 decides then, and the stored user (header badge, upload
 * page) is brought up to date.
 */
export function usePremiumQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  feature: { plan: Plan; upgradeSchema: UpgradeSchema },
) {
  const { user } = useSession();
  const premium = user?.plan === feature.plan;
  const query = useQuery({ ...options, enabled: premium });
  const downgraded = isUpgradeRequired(query.error, feature.upgradeSchema);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (downgraded) void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
  }, [downgraded, queryClient]);
  return { query, locked: !premium || downgraded };
}

export interface PremiumFeaturePanelProps {
  id: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  locked: boolean;
  /** What the upgrade prompt says in place of the feature. */
  upgrade: { title: string; text: string; action: string };
  children: ReactNode;
}

/** A settings card for a Premium feature: its heading and description, then the feature or an upgrade prompt. */
export function PremiumFeaturePanel({
  id,
  icon,
  title,
  description,
  locked,
  upgrade,
  children,
}: PremiumFeaturePanelProps) {
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby={id}>
        <div className="flex items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            {icon}
          </div>
          <div className="min-w-0">
            <h2 id={id} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
        </div>
        <div className="mt-6">{locked ? <UpgradePrompt {...upgrade} /> : children}</div>
      </section>
    </Card>
  );
}

function UpgradePrompt({ title, text, action }: PremiumFeaturePanelProps['upgrade']) {
  return (
    <div className="rounded-xl border border-violet-200 bg-violet-50/60 p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Crown className="mt-0.5 size-5 shrink-0 text-violet-600" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        </div>
        <Link to="/pricing" className={buttonClasses({ variant: 'upgrade', className: 'w-full sm:w-auto' })}>
          <Crown className="size-4" aria-hidden="true" />
          {action}
        </Link>
      </div>
    </div>
  );
}

/** The API reference (/api/docs) in a new tab. */
export function ApiReferenceLink() {
  return (
    <a
      href="/api/docs"
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline"
    >
      API reference
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
