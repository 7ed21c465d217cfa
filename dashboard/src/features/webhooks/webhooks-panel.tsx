import {
  MESSAGES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOKS_PER_USER_MAX,
  WEBHOOKS_PLAN,
  WebhooksUpgradeRequiredSchema,
  WebhookUrlSchema,
  errorMessage,
  type CreatedWebhook,
  type Webhook,
  type WebhookEventType,
} from '@chapterwise/shared';
import { type UseQueryResult } from '@tanstack/react-query';
import { ChevronDown, Plus, ScrollText, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { QueryList } from '../../components/ui/query-list.js';
import { cn } from '../../lib/cn.js';
import { isUnauthorized, toastError } from '../../lib/errors.js';
import { ApiReferenceLink, PremiumFeaturePanel, usePremiumQuery } from '../settings/premium-feature-panel.js';
import { DeleteWebhookDialog } from './delete-webhook-dialog.js';
import { DeliveryLog, DeliveryStatusBadge, formatDateTime } from './delivery-log.js';
import { NewWebhookSecret } from './new-webhook-secret.js';
import { useCreateWebhookMutation, useSendWebhookTestMutation, webhookQueries } from './queries.js';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'book.completed': 'A book finished processing',
  'book.failed': 'A book could not be processed',
};

/** Settings panel: register, test and remove webhooks and read their delivery logs (Premium), or an upgrade prompt. */
export function WebhooksPanel() {
  const { query: webhooks, locked } = usePremiumQuery(webhookQueries.list(), {
    plan: WEBHOOKS_PLAN,
    upgradeSchema: WebhooksUpgradeRequiredSchema,
  });
  return (
    <PremiumFeaturePanel
      id="webhooks-heading"
      icon={<WebhookIcon className="size-5" aria-hidden="true" />}
      title="Webhooks"
      description={
        <>
          Get a signed POST at your own URL when a book finishes processing or fails, to connect ChapterWise to your
          tools. <ApiReferenceLink />
        </>
      }
      locked={locked}
      upgrade={{
        title: 'Webhooks are a Premium feature',
        text: 'Upgrade to Premium to have ChapterWise notify your apps the moment a book is ready. Webhooks you added on Premium before start receiving events again as soon as you upgrade.',
        action: 'Get Premium',
      }}
    >
      <WebhookManager webhooks={webhooks} />
    </PremiumFeaturePanel>
  );
}

function WebhookManager({ webhooks }: { webhooks: UseQueryResult<Webhook[]> }) {
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const count = webhooks.data?.length ?? 0;

  return (
    <>
      {created && <NewWebhookSecret webhook={created} onDone={() => setCreated(null)} />}
      <CreateWebhookForm onCreated={setCreated} full={count >= WEBHOOKS_PER_USER_MAX} />

      <QueryList
        query={webhooks}
        title="Your webhooks"
        max={WEBHOOKS_PER_USER_MAX}
        loadingLabel="Loading your webhooks"
        errorMessage={MESSAGES.loadWebhooksFailed}
        retryLabel="Try loading webhooks again"
        emptyTitle="No webhooks yet"
        emptyHint="Add an endpoint above to be told when your books are ready."
        listLabel="Webhooks"
      >
        {(webhook) => <WebhookItem key={webhook.id} webhook={webhook} onDelete={setToDelete} />}
      </QueryList>
      <SignatureHelp />
      <DeleteWebhookDialog webhook={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function CreateWebhookForm({ onCreated, full }: { onCreated: (webhook: CreatedWebhook) => void; full: boolean }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [error, setError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const eventsErrorId = useId();
  const create = useCreateWebhookMutation({
    onCreated: (webhook) => {
      setUrl('');
      onCreated(webhook);
      toast.success(MESSAGES.webhookCreated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WebhookUrlSchema.safeParse(url);
    const urlProblem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please enter a valid URL');
    const eventsProblem = events.length ? null : 'Choose at least one event';
    setError(urlProblem);
    setEventsError(eventsProblem);
    if (!parsed.success || eventsProblem) return;
    create.mutate(
      { url: parsed.data, events },
      {
        onError: (failure) => {
          if (!isUnauthorized(failure)) setError(errorMessage(failure, MESSAGES.createWebhookFailed));
        },
      },
    );
  };

  const toggle = (type: WebhookEventType, checked: boolean) => {
    setEvents((current) =>
      WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? checked : current.includes(candidate))),
    );
    setEventsError(null);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Endpoint URL"
        hint={
          full
            ? `You have ${WEBHOOKS_PER_USER_MAX} webhooks, the most allowed. Delete one to add another.`
            : 'An https URL on the internet that accepts POST requests with a JSON body.'
        }
        error={error}
        type="url"
        inputMode="url"
        value={url}
        maxLength={WEBHOOK_URL_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/chapterwise"
        disabled={full}
        onChange={(changed) => {
          setUrl(changed.target.value);
          if (error) setError(null);
        }}
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <fieldset aria-describedby={eventsError ? eventsErrorId : undefined} disabled={full}>
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-5">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex cursor-pointer items-start gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={events.includes(type)}
                  onChange={(changed) => toggle(type, changed.target.checked)}
                />
                <span>
                  <code className="font-mono text-[13px] font-medium text-slate-900">{type}</code>
                  <span className="block text-xs text-slate-500">{EVENT_LABELS[type]}</span>
                </span>
              </label>
            ))}
          </div>
          {eventsError && (
            <p id={eventsErrorId} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
              {eventsError}
            </p>
          )}
        </fieldset>
        <Button
          type="submit"
          className="h-11 w-full sm:w-auto"
          busy={create.isPending}
          disabled={full}
          icon={<Plus className="size-4" aria-hidden="true" />}
        >
          Add webhook
        </Button>
      </div>
    </form>
  );
}

function WebhookItem({ webhook, onDelete }: { webhook: Webhook; onDelete: (webhook: Webhook) => void }) {
  const [logOpen, setLogOpen] = useState(false);
  const urlId = useId();
  const logId = useId();
  const test = useSendWebhookTestMutation(webhook.id, {
    onQueued: () => {
      toast.success(MESSAGES.webhookTestQueued);
      setLogOpen(true);
    },
  });

  return (
    <li className="px-4 py-4">
      <p id={urlId} className="font-mono text-[13px] font-medium break-all text-slate-900">
        {webhook.url}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-500">
        <span className="flex flex-wrap gap-1.5">
          <span className="sr-only">Events: </span>
          {webhook.events.map((type) => (
            <code key={type} className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[12px] text-slate-700">
              {type}
            </code>
          ))}
        </span>
        {webhook.last_delivery ? (
          <span className="flex flex-wrap items-center gap-1.5">
            <span>Last delivery:</span>
            <DeliveryStatusBadge status={webhook.last_delivery.status} attempts={webhook.last_delivery.attempt_count} />
            <time dateTime={webhook.last_delivery.created_at} className="tabular-nums">
              {formatDateTime(webhook.last_delivery.created_at)}
            </time>
          </span>
        ) : (
          <span>No deliveries yet</span>
        )}
      </div>
      {/* Phones: the test button on its own row, then the log toggle and an icon-only delete. */}
      <div className="mt-3 grid grid-cols-[1fr_auto] gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="outline"
          size="sm"
          className="col-span-2"
          busy={test.isPending}
          onClick={() => test.mutate(undefined, { onError: (error) => toastError(error, MESSAGES.webhookTestFailed) })}
          aria-describedby={urlId}
          icon={<Send className="size-4" aria-hidden="true" />}
        >
          Send test event
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          aria-describedby={urlId}
          onClick={() => setLogOpen((open) => !open)}
          icon={<ScrollText className="size-4" aria-hidden="true" />}
        >
          Delivery log
          <ChevronDown className={cn('size-4 transition-transform', logOpen && 'rotate-180')} aria-hidden="true" />
        </Button>
        <Button
          variant="danger"
          size="sm"
          className="max-sm:px-2.5 sm:ml-auto"
          onClick={() => onDelete(webhook)}
          aria-describedby={urlId}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
        >
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      </div>
      {logOpen && <DeliveryLog id={logId} webhookId={webhook.id} />}
    </li>
  );
}

const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the ${WEBHOOK_SIGNATURE_HEADER} value; rawBody: the request body exactly as received
const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')));
const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
const valid = v1?.length === 64
  && timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'))
  && Math.abs(Date.now() / 1000 - Number(t)) < 300;`;

function SignatureHelp() {
  return (
    <details className="mt-6 rounded-xl border border-slate-200 bg-slate-50/60 px-4 py-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">How deliveries work</summary>
      <div className="mt-3 space-y-3 text-sm text-slate-600">
        <p>
          {'Each event is POSTed as JSON with '}
          <code className="font-mono text-[13px] text-slate-800">id</code>,{' '}
          <code className="font-mono text-[13px] text-slate-800">type</code>,{' '}
          <code className="font-mono text-[13px] text-slate-800">created_at</code>
          {' and '}
          <code className="font-mono text-[13px] text-slate-800">data</code>
          {
            ' (the book id, title, status, page count, and its chapter count or failure reason). Answer with any 2xx status; otherwise we retry up to 4 more times, waiting longer each time.'
          }
        </p>
        <p>
          {'The '}
          <code className="font-mono text-[13px] break-all text-slate-800">{`${WEBHOOK_SIGNATURE_HEADER}: t=<unix time>,v1=<hex>`}</code>
          {' header is the HMAC-SHA256 of '}
          <code className="font-mono text-[13px] text-slate-800">{'<t>.<raw body>'}</code>
          {' keyed with your signing secret. Check it, and refuse old timestamps, before trusting a delivery:'}
        </p>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs leading-5 text-slate-100">
          {VERIFY_SNIPPET}
        </pre>
      </div>
    </details>
  );
}
