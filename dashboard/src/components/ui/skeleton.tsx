import { cn } from '../../lib/cn.js';

/** A grey placeholder block while content loads; the surrounding region says what is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80', className)} />;
}
