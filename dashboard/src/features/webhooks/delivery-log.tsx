import { MESSAGES, WEBHOOK_MAX_ATTEMPTS, type WebhookDelivery, type WebhookDeliveryStatus } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle, RefreshCw, RotateCw } from 'lucide-react';
import { Badge, type BadgeTone } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { webhookQueries } from './queries.js';
import { once } from '../../lib/once.js';

const timeFormat = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }));
const clockFormat = once(() => new Intl.DateTimeFormat('en', { timeStyle: 'medium' }));

export function formatDateTime(iso: string): string {
  return timeFormat().format(new Date(iso));
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

type DeliveryState = 'delivered' | 'failed' | 'retrying' | 'sending';

function deliveryState(status: WebhookDeliveryStatus, attempts: number): DeliveryState {
  if (status === 'succeeded') return 'delivered';
  if (status === 'failed') return 'failed';
  return attempts > 0 ? 'retrying' : 'sending';
}

const STATES: Record<DeliveryState, { label: string; tone: BadgeTone; icon: typeof CircleCheck; spin?: boolean }> = {
  delivered: { label: 'Delivered', tone: 'green', icon: CircleCheck },
  failed: { label: 'Failed', tone: 'red', icon: CircleX },
  retrying: { label: 'Retrying', tone: 'yellow', icon: RotateCw },
  sending: { label: 'Sending', tone: 'brand', icon: LoaderCircle, spin: true },
};

/** Delivered green, failed red, waiting for a retry yellow, not tried yet brand. */
export function DeliveryStatusBadge({ status, attempts }: { status: WebhookDeliveryStatus; attempts: number }) {
  const state = STATES[deliveryState(status, attempts)];
  const Icon = state.icon;
  return (
    <Badge tone={state.tone}>
      <Icon className={state.spin ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden="true" />
      {state.label}
    </Badge>
  );
}

/** The newest deliveries of one webhook with every try; refreshed while one is in flight. */
export function DeliveryLog({ id, webhookId }: { id: string; webhookId: string }) {
  const deliveries = useQuery(webhookQueries.deliveries(webhookId));
  return (
    <div id={id} className="mt-4 rounded-xl border border-slate-200 bg-slate-50/70 p-3 sm:p-4">
      <h4 className="text-sm font-semibold text-slate-900">Delivery log</h4>
      <div className="mt-3">
        {deliveries.isPending ? (
          <div className="flex justify-center py-6 text-brand-600">
            <Spinner label="Loading deliveries" />
          </div>
        ) : deliveries.isError ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm font-medium text-slate-900">{MESSAGES.loadWebhookDeliveriesFailed}</p>
            <Button
              variant="outline"
              size="sm"
              busy={deliveries.isFetching}
              onClick={() => void deliveries.refetch()}
              aria-label="Try loading deliveries again"
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              Try again
            </Button>
          </div>
        ) : deliveries.data.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600">
            No deliveries yet. Events appear here when a book finishes processing, or send a test event.
          </p>
        ) : (
          <ol aria-label="Deliveries, newest first" className="space-y-2">
            {deliveries.data.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const last = delivery.attempts.at(-1);
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts.length} />
        <code className="font-mono text-[13px] font-medium text-slate-800">{delivery.event_type}</code>
        <time dateTime={delivery.created_at} className="text-xs text-slate-500 tabular-nums sm:ml-auto">
          {formatDateTime(delivery.created_at)}
        </time>
      </div>
      <p className="mt-1.5 text-xs text-slate-600">
        {last ? `Attempt ${last.attempt} of ${WEBHOOK_MAX_ATTEMPTS}` : 'Waiting for the first attempt'}
        {last && ` · ${last.status_code ? `HTTP ${last.status_code}` : 'No response'}`}
        {delivery.next_retry_at && ` · next try at ${clockFormat().format(new Date(delivery.next_retry_at))}`}
      </p>
      {delivery.attempts.length > 0 && (
        <details className="group mt-2">
          <summary className="w-fit cursor-pointer rounded text-xs font-medium text-brand-700 hover:underline">
            {delivery.attempts.length === 1 ? 'Show the attempt' : `Show all ${delivery.attempts.length} attempts`}
          </summary>
          <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.attempt} className="text-xs text-slate-700">
                <p className="flex flex-wrap gap-x-2 gap-y-0.5">
                  <span className="font-semibold text-slate-900">{`#${attempt.attempt}`}</span>
                  <span
                    className={
                      attempt.status_code && attempt.status_code >= 200 && attempt.status_code < 300
                        ? 'font-medium text-emerald-700'
                        : 'font-medium text-red-700'
                    }
                  >
                    {attempt.status_code ? `HTTP ${attempt.status_code}` : 'No response'}
                  </span>
                  <span className="text-slate-500">{formatDuration(attempt.duration_ms)}</span>
                  <time dateTime={attempt.attempted_at} className="text-slate-500 tabular-nums">
                    {formatDateTime(attempt.attempted_at)}
                  </time>
                </p>
                {attempt.error && <p className="mt-0.5 break-words text-red-700">{attempt.error}</p>}
                {attempt.next_retry_at && (
                  <p className="mt-0.5 text-slate-500">
                    {'Retry scheduled for '}
                    <time dateTime={attempt.next_retry_at}>
                      {clockFormat().format(new Date(attempt.next_retry_at))}
                    </time>
                  </p>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
