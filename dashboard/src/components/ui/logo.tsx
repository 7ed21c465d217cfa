import { useId } from 'react';
import { cn } from '../../lib/cn.js';

export function Logo({
  className,
  wordmarkClassName,
  inverted = false,
}: {
  className?: string;
  /** Lets narrow headers keep only the mark. */
  wordmarkClassName?: string;
  inverted?: boolean;
}) {
  // url(#id) needs an id without the punctuation useId may produce.
  const gradientId = `logo${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#7c3aed" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path
          d="M9 10.5c2.4-.9 4.7-.7 7 .8v11c-2.3-1.5-4.6-1.7-7-.8zM23 10.5c-2.4-.9-4.7-.7-7 .8v11c2.3-1.5 4.6-1.7 7-.8z"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className={cn('text-lg', inverted ? 'text-white' : 'text-slate-900', wordmarkClassName)}>
        Chapter<span className={inverted ? 'text-brand-300' : 'text-brand-600'}>Wise</span>
      </span>
    </span>
  );
}
