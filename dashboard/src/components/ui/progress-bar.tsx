import { cn } from '../../lib/cn.js';

/** A determinate progress bar; the value is clamped to 0-100. */
export function ProgressBar({
  value,
  label,
  tone = 'brand',
  className,
}: {
  value: number;
  label: string;
  tone?: 'brand' | 'amber' | 'red';
  className?: string;
}) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  const fill = { brand: 'bg-brand-600', amber: 'bg-amber-500', red: 'bg-red-500' }[tone];
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500 ease-out', fill)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
