import { MESSAGES, type ApiToken, type CreatedApiToken } from '@chapterwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, json, mockApi, type ApiCall } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const premiumUser = { ...testUser, plan: 'premium' as const };

function apiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 't1',
    name: 'Reading list script',
    prefix: 'cw_abcdefgh1234',
    created_at: '2026-03-01T10:00:00.000Z',
    last_used_at: null,
    ...overrides,
  };
}

const upgradeBody = {
  detail: 'API access is part of the Premium plan.',
  code: 'UPGRADE_REQUIRED',
  upgrade_required: true,
  current_plan: 'pro',
  required_plan: 'premium',
  feature: 'api_access',
  message: 'API access is part of the Premium plan.',
};

/** A small in-memory token store behind the three token calls. */
function tokensApi(initial: ApiToken[] = [], overrides: Record<string, unknown> = {}) {
  let tokens = [...initial];
  const secret = 'cw_newtoken0001_' + 's'.repeat(43);
  return mockApi({
    'GET /api/auth/me': premiumUser,
    'GET /api/tokens': () => tokens,
    'POST /api/tokens': (call: ApiCall) => {
      const { name } = call.body as { name: string };
      const created: CreatedApiToken = { ...apiToken({ id: 'new', name, prefix: 'cw_newtoken0001' }), token: secret };
      const { token: _secret, ...listed } = created;
      tokens = [listed, ...tokens];
      return json(created, 201);
    },
    'DELETE /api/tokens/t1': () => {
      tokens = tokens.filter((token) => token.id !== 't1');
      return { message: 'API token revoked' };
    },
    ...overrides,
  });
}

describe('SettingsPage', () => {
  it('is linked from the header and shows the account', async () => {
    tokensApi([], { 'GET /api/books': [], 'GET /api/billing/usage': apiError(404) });
    const app = renderApp('/dashboard', { signedIn: true, user: premiumUser });
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    await app.user.click(within(nav).getByRole('link', { name: 'Settings' }));
    await app.expectPath('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Priya');
    expect(screen.getByLabelText('Email')).toHaveValue('priya@example.com');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    // The account comes first; the Premium developer panels follow it.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 3)).toEqual(['Profile', 'Password', 'Plan and billing']);
  });

  it('saves a new name and shows it', async () => {
    const { callsTo } = tokensApi([], {
      'GET /api/auth/me': testUser,
      'GET /api/billing/usage': apiError(404),
      'PATCH /api/auth/me': { ...testUser, name: 'Priya R' },
    });
    const app = renderApp('/settings', { signedIn: true });
    const name = await screen.findByLabelText('Name');
    await app.user.clear(name);
    await app.user.type(name, 'Priya R');
    await app.user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await findToast('Name saved')).toBeInTheDocument();
    expect(callsTo('PATCH /api/auth/me')[0]?.body).toEqual({ name: 'Priya R' });
  });

  it('cancels a paid plan after confirmation; it then says when the plan ends', async () => {
    let cancelled = false;
    const { callsTo } = tokensApi([], {
      'GET /api/auth/me': { ...testUser, plan: 'pro' },
      'GET /api/billing/usage': () => ({
        plan: 'pro',
        limit: 20,
        used: 1,
        period: '2026-11',
        renews_at: '2026-12-24T10:00:00Z',
        cancelled,
      }),
      'POST /api/billing/cancel-subscription': () => {
        cancelled = true;
        return { plan: 'pro', ends_at: '2026-12-24T10:00:00Z' };
      },
    });
    const app = renderApp('/settings', { signedIn: true, user: { ...testUser, plan: 'pro' } });
    // Changing one's mind names what is kept, never a second "Cancel".
    await app.user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel subscription' })).getByRole('button', {
        name: 'Keep subscription',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/billing/cancel-subscription')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(within(dialog).getByText(/You keep Pro until December 24, 2026/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await findToast('Subscription cancelled. Pro stays until December 24, 2026.')).toBeInTheDocument();
    expect(await screen.findByText(/cancelled, ends on December 24, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(callsTo('POST /api/billing/cancel-subscription')).toHaveLength(1);
  });

  it('changes the password: checks the confirmation first, then keeps this session with the new token', async () => {
    const { callsTo } = tokensApi([], {
      'GET /api/auth/me': testUser,
      'GET /api/billing/usage': {
        plan: 'pro',
        limit: 20,
        used: 3,
        period: '2026-11',
        renews_at: '2026-12-24T10:00:00Z',
      },
      'POST /api/auth/change-password': { token: 'tok-new', user: testUser },
    });
    const app = renderApp('/settings', { signedIn: true });
    expect(await screen.findByText(/renews on December 24, 2026/)).toBeInTheDocument();
    expect(screen.getByText('3 of 20 uploads used this month')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Current password'), 'correct horse');
    await app.user.type(screen.getByLabelText('New password'), 'battery staple');
    await app.user.type(screen.getByLabelText('Confirm new password'), 'battery stable');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/change-password')).toHaveLength(0);
    await app.user.clear(screen.getByLabelText('Confirm new password'));
    await app.user.type(screen.getByLabelText('Confirm new password'), 'battery staple');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await findToast(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(callsTo('POST /api/auth/change-password')[0]?.body).toEqual({
      current_password: 'correct horse',
      new_password: 'battery staple',
    });
    expect(localStorage.getItem('chapterwise.token')).toBe('tok-new');
  });

  it('shows an upgrade prompt to /pricing below Premium, without calling the token API', async () => {
    const { callsTo } = tokensApi([], { 'GET /api/auth/me': testUser });
    const app = renderApp('/settings', { signedIn: true });
    expect(await screen.findByText('API access is a Premium feature')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: /Upgrade to Premium/ }));
    await app.expectPath('/pricing');
    expect(callsTo('GET /api/tokens')).toHaveLength(0);
  });

  it('shows the upgrade prompt when the server says the plan no longer includes API access', async () => {
    tokensApi([], {
      'GET /api/auth/me': premiumUser,
      'GET /api/tokens': apiError(403, upgradeBody.detail, upgradeBody),
    });
    renderApp('/settings', { signedIn: true, user: premiumUser });
    expect(await screen.findByText('API access is a Premium feature')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create token/ })).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no tokens', async () => {
    tokensApi();
    renderApp('/settings', { signedIn: true, user: premiumUser });
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    expect(screen.getByText('0 of 20')).toBeInTheDocument();
  });

  it('lists tokens with name, prefix, created and last used', async () => {
    tokensApi([
      apiToken(),
      apiToken({ id: 't2', name: 'Zapier', prefix: 'cw_zzzzzzzz9999', last_used_at: '2026-03-05T09:30:00.000Z' }),
    ]);
    renderApp('/settings', { signedIn: true, user: premiumUser });
    const list = await screen.findByRole('list', { name: 'API tokens' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Reading list script');
    expect(rows[0]).toHaveTextContent('cw_abcdefgh1234…');
    expect(rows[0]).toHaveTextContent(/Created\s*Mar 1, 2026/);
    expect(rows[0]).toHaveTextContent(/Last used\s*Never/);
    expect(rows[1]).toHaveTextContent('Zapier');
    expect(within(rows[1]!).getByText(/Mar 5, 2026/)).toBeInTheDocument();
    expect(screen.getByText('2 of 20')).toBeInTheDocument();
  });

  it('reports a failed load with a retry', async () => {
    let fail = true;
    tokensApi([apiToken()], {
      // A 4xx is not retried, so the failure shows at once.
      'GET /api/tokens': () => (fail ? apiError(429, 'Too many requests') : [apiToken()]),
    });
    const app = renderApp('/settings', { signedIn: true, user: premiumUser });
    expect(await screen.findByText('Failed to load API tokens')).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'API tokens' })).toBeInTheDocument();
  });

  it('creates a token, shows it once with a copy button, then lists it', async () => {
    const { callsTo } = tokensApi();
    // user-event puts a clipboard stub on navigator for each setup.
    const app = renderApp('/settings', { signedIn: true, user: premiumUser });
    await screen.findByText('No API tokens yet');

    await app.user.type(screen.getByLabelText('Token name'), '  CI pipeline ');
    await app.user.click(screen.getByRole('button', { name: 'Create token' }));

    const notice = await screen.findByRole('region', { name: 'Your new token “CI pipeline”' });
    expect(callsTo('POST /api/tokens')[0]?.body).toEqual({ name: 'CI pipeline' });
    const value = within(notice).getByLabelText('New API token');
    expect(value).toHaveValue('cw_newtoken0001_' + 's'.repeat(43));
    expect(value).toHaveAttribute('readonly');
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(await findToast('API token created. Copy it now: it will not be shown again.')).toBeInTheDocument();

    await app.user.click(within(notice).getByRole('button', { name: 'Copy token' }));
    expect(await within(notice).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('cw_newtoken0001_' + 's'.repeat(43));

    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(list).toHaveTextContent('CI pipeline');
    expect(list).not.toHaveTextContent('s'.repeat(43));
    expect(screen.getByLabelText('Token name')).toHaveValue('');

    await app.user.click(within(notice).getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByRole('region', { name: /Your new token/ })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('s'.repeat(43));
  });

  it('checks the name before sending and shows the server detail on a rejected one', async () => {
    const { callsTo } = tokensApi([], {
      'POST /api/tokens': apiError(400, 'Token name must be at most 60 characters'),
    });
    const app = renderApp('/settings', { signedIn: true, user: premiumUser });
    await screen.findByText('No API tokens yet');
    await app.user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Token name is required');
    expect(screen.getByLabelText('Token name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST /api/tokens')).toHaveLength(0);

    await app.user.type(screen.getByLabelText('Token name'), 'Name');
    await app.user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Token name must be at most 60 characters'),
    );
  });

  it('revokes a token after confirmation', async () => {
    const { callsTo } = tokensApi([apiToken()]);
    const app = renderApp('/settings', { signedIn: true, user: premiumUser });
    await app.user.click(await screen.findByRole('button', { name: 'Revoke Reading list script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    expect(dialog).toHaveTextContent('will stop working at once');
    expect(dialog).toHaveTextContent('cw_abcdefgh1234…');
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await findToast('API token revoked')).toBeInTheDocument();
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    expect(callsTo('DELETE /api/tokens/t1')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the token when the revoke dialog is cancelled', async () => {
    const { callsTo } = tokensApi([apiToken()]);
    const app = renderApp('/settings', { signedIn: true, user: premiumUser });
    await app.user.click(await screen.findByRole('button', { name: 'Revoke Reading list script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /api/tokens/t1')).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'API tokens' })).toHaveTextContent('Reading list script');
  });
});
