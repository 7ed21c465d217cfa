import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.js';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({
  size = 'md',
  label = 'Loading',
  decorative = false,
  className,
}: {
  size?: keyof typeof SIZES;
  label?: string;
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
  className?: string;
}) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('animate-spin', SIZES[size], className)} />;
  if (decorative) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centered spinner for a whole page or section that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-brand-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}
