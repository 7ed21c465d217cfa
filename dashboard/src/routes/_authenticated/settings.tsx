import { API_ACCESS_PLAN, WEBHOOKS_PLAN } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { apiTokenQueries } from '../../features/api-tokens/queries.js';
import { webhookQueries } from '../../features/webhooks/queries.js';
import { SettingsPage } from '../../features/settings/settings-page.js';
import { getSession } from '../../lib/session.js';

export const Route = createFileRoute('/_authenticated/settings')({
  loader: ({ context: { queryClient } }) => {
    // Only Premium has tokens and webhooks to list; the page shows its own loading and error states.
    if (getSession().user?.plan === API_ACCESS_PLAN) void queryClient.prefetchQuery(apiTokenQueries.list());
    if (getSession().user?.plan === WEBHOOKS_PLAN) void queryClient.prefetchQuery(webhookQueries.list());
  },
  component: SettingsPage,
});
