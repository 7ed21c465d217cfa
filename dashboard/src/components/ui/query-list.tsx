import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.js';
import { Spinner } from './spinner.js';

export interface QueryListProps<Item> {
  query: UseQueryResult<Item[]>;
  /** The section heading ("Your tokens"); the count against `max` sits beside it once loaded. */
  title: string;
  max: number;
  loadingLabel: string;
  errorMessage: string;
  /** Accessible name of the retry button, when "Try again" alone is not enough. */
  retryLabel?: string;
  emptyTitle: string;
  emptyHint: string;
  listLabel: string;
  children: (item: Item) => ReactNode;
}

export function QueryList<Item>({
  query,
  title,
  max,
  loadingLabel,
  errorMessage,
  retryLabel,
  emptyTitle,
  emptyHint,
  listLabel,
  children,
}: QueryListProps<Item>) {
  return (
    <div className="mt-8">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {query.data && <p className="text-xs text-slate-500 tabular-nums">{`${query.data.length} of ${max}`}</p>}
      </div>
      <div className="mt-3">
        {query.isPending ? (
          <div className="flex justify-center py-8 text-brand-600">
            <Spinner label={loadingLabel} />
          </div>
        ) : query.isError ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 px-4 py-8 text-center">
            <p className="text-sm font-medium text-slate-900">{errorMessage}</p>
            <Button
              variant="outline"
              size="sm"
              busy={query.isFetching}
              onClick={() => void query.refetch()}
              aria-label={retryLabel}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              Try again
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <div className="rounded-xl border-2 border-dashed border-slate-200 px-4 py-8 text-center">
            <p className="text-sm font-medium text-slate-900">{emptyTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{emptyHint}</p>
          </div>
        ) : (
          <ul aria-label={listLabel} className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {query.data.map(children)}
          </ul>
        )}
      </div>
    </div>
  );
}
