import { type CreatedWebhook, type User, type Webhook, type WebhookDelivery } from '@chapterwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.js';
import { apiError, json, mockApi, pending, type ApiCall } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const premiumUser = { ...testUser, plan: 'premium' as const };
const SECRET = 'whsec_' + 'k'.repeat(43);

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'w1',
    url: 'https://hooks.example.com/chapterwise',
    events: ['book.completed', 'book.failed'],
    created_at: '2026-03-01T10:00:00.000Z',
    last_delivery: null,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd1',
    event_id: 'e1',
    event_type: 'book.completed',
    status: 'succeeded',
    created_at: '2026-03-01T10:05:00.000Z',
    next_retry_at: null,
    attempts: [
      {
        attempt: 1,
        status_code: 200,
        error: null,
        duration_ms: 84,
        attempted_at: '2026-03-01T10:05:00.100Z',
        next_retry_at: null,
      },
    ],
    ...overrides,
  };
}

const upgradeBody = {
  detail: 'Webhooks are part of the Premium plan.',
  code: 'UPGRADE_REQUIRED',
  upgrade_required: true,
  current_plan: 'pro',
  required_plan: 'premium',
  feature: 'webhooks',
  message: 'Webhooks are part of the Premium plan.',
};

/** An in-memory webhook store behind the webhook calls (and empty token and account calls around it). */
function webhooksApi(initial: Webhook[] = [], overrides: Record<string, unknown> = {}) {
  let webhooks = [...initial];
  return mockApi({
    'GET /api/auth/me': premiumUser,
    'GET /api/tokens': [],
    'GET /api/webhooks': () => webhooks,
    'POST /api/webhooks': (call: ApiCall) => {
      const body = call.body as { url: string; events: Webhook['events'] };
      const created: CreatedWebhook = { ...webhook({ id: 'new', ...body }), secret: SECRET };
      const { secret: _secret, ...listed } = created;
      webhooks = [...webhooks, listed];
      return json(created, 201);
    },
    'DELETE /api/webhooks/w1': () => {
      webhooks = webhooks.filter((item) => item.id !== 'w1');
      return { message: 'Webhook deleted' };
    },
    'GET /api/webhooks/w1/deliveries': [],
    ...overrides,
  });
}

async function openPanel(user: User = premiumUser) {
  const app = renderApp('/settings', { signedIn: true, user });
  const panel = (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section');
  if (!panel) throw new Error('no webhooks panel');
  return { app, panel };
}

describe('WebhooksPanel', () => {
  it('shows an upgrade prompt to /pricing below Premium, without calling the webhook API', async () => {
    const { callsTo } = webhooksApi([], { 'GET /api/auth/me': testUser });
    const { app, panel } = await openPanel(testUser);
    expect(within(panel).getByText('Webhooks are a Premium feature')).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Endpoint URL')).not.toBeInTheDocument();
    await app.user.click(within(panel).getByRole('link', { name: 'Get Premium' }));
    await app.expectPath('/pricing');
    expect(callsTo('GET /api/webhooks')).toHaveLength(0);
  });

  it('shows the upgrade prompt when the server says the plan no longer includes webhooks', async () => {
    webhooksApi([], { 'GET /api/webhooks': apiError(403, upgradeBody.detail, upgradeBody) });
    const { panel } = await openPanel();
    expect(await within(panel).findByText('Webhooks are a Premium feature')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Add webhook/ })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading', async () => {
    webhooksApi([], { 'GET /api/webhooks': pending });
    const { panel } = await openPanel();
    expect(await within(panel).findByText('Loading your webhooks')).toBeInTheDocument();
  });

  it('lists webhooks with their events and the outcome of the newest delivery', async () => {
    webhooksApi([
      webhook({
        last_delivery: {
          status: 'succeeded',
          event_type: 'book.completed',
          created_at: '2026-03-01T10:05:00.000Z',
          attempt_count: 1,
        },
      }),
      webhook({
        id: 'w2',
        url: 'https://ci.example.org/hooks/failed',
        events: ['book.failed'],
        last_delivery: {
          status: 'pending',
          event_type: 'book.failed',
          created_at: '2026-03-02T09:00:00.000Z',
          attempt_count: 2,
        },
      }),
      webhook({
        id: 'w3',
        url: 'https://old.example.net/in',
        last_delivery: {
          status: 'failed',
          event_type: 'webhook.test',
          created_at: '2026-03-03T09:00:00.000Z',
          attempt_count: 5,
        },
      }),
    ]);
    const { panel } = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Webhooks' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('https://hooks.example.com/chapterwise');
    expect(first).toHaveTextContent('book.completedbook.failed');
    expect(within(first!).getByText('Delivered')).toHaveClass('bg-emerald-50');
    expect(second).toHaveTextContent('book.failed');
    expect(within(second!).getByText('Retrying')).toHaveClass('bg-yellow-50');
    expect(within(third!).getByText('Failed')).toHaveClass('bg-red-50');
    expect(within(panel).getByText('3 of 5')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    webhooksApi();
    const { panel } = await openPanel();
    expect(await within(panel).findByText('No webhooks yet')).toBeInTheDocument();
    expect(within(panel).getByText('0 of 5')).toBeInTheDocument();
  });

  it('adds a webhook, shows the signing secret once with a copy button, then lists it', async () => {
    const { callsTo } = webhooksApi();
    const { app, panel } = await openPanel();
    await within(panel).findByText('No webhooks yet');

    await app.user.type(within(panel).getByLabelText('Endpoint URL'), '  https://hooks.example.com/in  ');
    await app.user.click(within(panel).getByRole('checkbox', { name: /book\.failed/ }));
    await app.user.click(within(panel).getByRole('button', { name: 'Add webhook' }));

    const notice = await within(panel).findByRole('region', { name: 'Your signing secret' });
    expect(callsTo('POST /api/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['book.completed'],
    });
    const value = within(notice).getByLabelText('Webhook signing secret');
    expect(value).toHaveValue(SECRET);
    expect(value).toHaveAttribute('readonly');
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(
      await findToast('Webhook added. Copy the signing secret now: it will not be shown again.'),
    ).toBeInTheDocument();

    await app.user.click(within(notice).getByRole('button', { name: 'Copy secret' }));
    expect(await within(notice).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const list = await within(panel).findByRole('list', { name: 'Webhooks' });
    expect(list).toHaveTextContent('https://hooks.example.com/in');
    expect(list).not.toHaveTextContent(SECRET);
    expect(within(panel).getByLabelText('Endpoint URL')).toHaveValue('');

    await app.user.click(within(notice).getByRole('button', { name: 'Done, I have copied it' }));
    expect(within(panel).queryByRole('region', { name: 'Your signing secret' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('checks the URL and the events before sending, and shows the server reason', async () => {
    const { callsTo } = webhooksApi([], {
      'POST /api/webhooks': apiError(400, 'Webhook URLs must use https'),
    });
    const { app, panel } = await openPanel();
    await within(panel).findByText('No webhooks yet');
    const url = within(panel).getByLabelText('Endpoint URL');

    await app.user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('url is required');
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await app.user.type(url, 'ftp://files.example.com');
    await app.user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please enter a valid http:// or https:// URL');

    await app.user.clear(url);
    await app.user.type(url, 'https://hooks.example.com/in');
    await app.user.click(within(panel).getByRole('checkbox', { name: /book\.completed/ }));
    await app.user.click(within(panel).getByRole('checkbox', { name: /book\.failed/ }));
    await app.user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Choose at least one event');
    expect(callsTo('POST /api/webhooks')).toHaveLength(0);

    await app.user.click(within(panel).getByRole('checkbox', { name: /book\.completed/ }));
    await app.user.click(within(panel).getByRole('button', { name: 'Add webhook' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Webhook URLs must use https');
    expect(callsTo('POST /api/webhooks')).toHaveLength(1);
  });

  it('stops adding at 5 webhooks', async () => {
    webhooksApi(Array.from({ length: 5 }, (_, i) => webhook({ id: `w${i}`, url: `https://hooks.example.com/${i}` })));
    const { panel } = await openPanel();
    expect(await within(panel).findByText('5 of 5')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Endpoint URL')).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Add webhook' })).toBeDisabled();
    expect(within(panel).getByText('You have 5 webhooks, the most allowed. Delete one to add another.')).toBeVisible();
  });

  it('deletes a webhook after confirmation', async () => {
    const { callsTo } = webhooksApi([webhook()]);
    const { app, panel } = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Webhooks' });

    await app.user.click(within(list).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this webhook? Pending retries stop.');
    expect(dialog).toHaveTextContent('https://hooks.example.com/chapterwise');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /api/webhooks/w1')).toHaveLength(0);

    await app.user.click(within(list).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    expect(await findToast('Webhook deleted')).toBeInTheDocument();
    expect(await within(panel).findByText('No webhooks yet')).toBeInTheDocument();
    expect(callsTo('DELETE /api/webhooks/w1')).toHaveLength(1);
  });

  it('sends a test event and follows it in the delivery log until it is delivered', async () => {
    let polls = 0;
    const retrying = delivery({
      id: 'd2',
      event_type: 'webhook.test',
      status: 'pending',
      next_retry_at: '2026-03-01T10:06:00.000Z',
      attempts: [
        {
          attempt: 1,
          status_code: 500,
          error: 'Answered 500; a 2xx status is expected',
          duration_ms: 1250,
          attempted_at: '2026-03-01T10:05:30.000Z',
          next_retry_at: '2026-03-01T10:06:00.000Z',
        },
      ],
    });
    const delivered = delivery({
      ...retrying,
      status: 'succeeded',
      next_retry_at: null,
      attempts: [
        retrying.attempts[0]!,
        { ...delivery().attempts[0]!, attempt: 2, attempted_at: '2026-03-01T10:06:00.000Z' },
      ],
    });
    const { callsTo } = webhooksApi([webhook()], {
      'POST /api/webhooks/w1/test': json({ ...retrying, status: 'pending', attempts: [] }, 202),
      'GET /api/webhooks/w1/deliveries': () => {
        polls += 1;
        return polls === 1 ? [retrying] : [delivered];
      },
    });
    const { app, panel } = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Webhooks' });
    const toggle = within(list).getByRole('button', { name: 'Delivery log' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await app.user.click(within(list).getByRole('button', { name: 'Send test event' }));
    expect(await findToast('Test event sent. Its delivery appears in the log below.')).toBeInTheDocument();
    expect(callsTo('POST /api/webhooks/w1/test')).toHaveLength(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const log = await within(list).findByRole('list', { name: 'Deliveries, newest first' });
    expect(within(log).getByText('Retrying')).toHaveClass('bg-yellow-50');
    expect(log).toHaveTextContent('webhook.test');
    expect(log).toHaveTextContent(/Attempt 1 of 5 · HTTP 500 · next try at/);
    await app.user.click(within(log).getByText('Show the attempt'));
    expect(within(log).getByText('Answered 500; a 2xx status is expected')).toBeVisible();
    expect(log).toHaveTextContent('1.3 s');
    expect(log).toHaveTextContent('Retry scheduled for');

    // Polled while pending: the retry's success shows without a reload.
    expect(await within(log).findByText('Delivered', {}, { timeout: 4000 })).toHaveClass('bg-emerald-50');
    expect(log).toHaveTextContent('Attempt 2 of 5 · HTTP 200');
    const settled = callsTo('GET /api/webhooks/w1/deliveries').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(callsTo('GET /api/webhooks/w1/deliveries')).toHaveLength(settled);
  }, 12_000);

  it('shows an empty delivery log, and a failed one with a retry', async () => {
    let fail = true;
    webhooksApi([webhook()], {
      'GET /api/webhooks/w1/deliveries': () => (fail ? apiError(500, 'boom') : []),
    });
    const { app, panel } = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Webhooks' });
    await app.user.click(within(list).getByRole('button', { name: 'Delivery log' }));
    expect(await within(list).findByText('Failed to load deliveries', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(within(list).getByRole('button', { name: 'Try loading deliveries again' }));
    expect(await within(list).findByText(/No deliveries yet\. Events appear here/)).toBeInTheDocument();
  }, 12_000);

  it('reports a failed test event', async () => {
    webhooksApi([webhook()], {
      'POST /api/webhooks/w1/test': apiError(429, 'Too many attempts. Please wait a minute and try again.'),
    });
    const { app, panel } = await openPanel();
    const list = await within(panel).findByRole('list', { name: 'Webhooks' });
    await app.user.click(within(list).getByRole('button', { name: 'Send test event' }));
    expect(await findToast('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('reports a failed load and retries on demand', async () => {
    let fail = true;
    webhooksApi([webhook()], { 'GET /api/webhooks': () => (fail ? apiError(404, 'nope') : [webhook()]) });
    const { app, panel } = await openPanel();
    expect(await within(panel).findByText('Failed to load webhooks')).toBeInTheDocument();
    fail = false;
    await app.user.click(within(panel).getByRole('button', { name: 'Try loading webhooks again' }));
    expect(await within(panel).findByRole('list', { name: 'Webhooks' })).toBeInTheDocument();
  });
});
