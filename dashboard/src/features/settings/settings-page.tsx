import { BackLink } from '../../components/back-link.js';
import { ApiTokensPanel } from '../api-tokens/api-tokens-panel.js';
import { WebhooksPanel } from '../webhooks/webhooks-panel.js';
import { DeleteAccountPanel } from './delete-account-panel.js';
import { ExportDataPanel } from './export-data-panel.js';
import { SessionsPanel } from './sessions-panel.js';
import { PasswordPanel, PlanPanel, ProfilePanel } from './account-panels.js';

/** /settings: profile, password and plan, then one panel per Premium feature (API tokens first). */
export function SettingsPage() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Settings · ChapterWise</title>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-1.5 text-slate-600">Your account and how other apps reach your library.</p>
      <div className="mt-8 space-y-6">
        {/* The account first; the Premium developer panels (API tokens, webhooks) below it. */}
        <ProfilePanel />
        <PasswordPanel />
        <PlanPanel />
        <SessionsPanel />
        <ExportDataPanel />
        <DeleteAccountPanel />
        <ApiTokensPanel />
        <WebhooksPanel />
      </div>
    </main>
  );
}
