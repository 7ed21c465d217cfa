import { planLabel } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { BackLink } from '../../components/back-link.js';
import { Badge } from '../../components/ui/badge.js';
import { Card } from '../../components/ui/card.js';
import { useSession } from '../../lib/session.js';
import { ApiTokensPanel } from '../api-tokens/api-tokens-panel.js';
import { WebhooksPanel } from '../webhooks/webhooks-panel.js';
import { DeleteAccountPanel } from './delete-account-panel.js';
import { ExportDataPanel } from './export-data-panel.js';
import { SessionsPanel } from './sessions-panel.js';

/** /settings: the account at a glance, then one panel per feature (API tokens first). */
export function SettingsPage() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Settings · ChapterWise</title>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-1.5 text-slate-600">Your account and how other apps reach your library.</p>
      <div className="mt-8 space-y-6">
        <AccountPanel />
        <ApiTokensPanel />
        <WebhooksPanel />
        <SessionsPanel />
        <ExportDataPanel />
        <DeleteAccountPanel />
      </div>
    </main>
  );
}

function AccountPanel() {
  const { user } = useSession();
  const plan = user?.plan ?? 'free';
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="account-heading" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <UserRound className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
              Account
            </h2>
            <p className="mt-1 text-sm break-words text-slate-600">
              {user?.name ? `${user.name} · ` : ''}
              {user?.email}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Badge tone={plan === 'free' ? 'slate' : 'brand'} className="tracking-wide">
            <span className="sr-only">Plan: </span>
            {planLabel(plan)}
          </Badge>
          <Link to="/pricing" className="text-sm font-semibold whitespace-nowrap text-brand-600 hover:underline">
            {plan === 'premium' ? 'View plans' : 'Upgrade plan'}
          </Link>
        </div>
      </section>
    </Card>
  );
}
