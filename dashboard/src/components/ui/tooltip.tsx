import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A trigger that explains itself: the tip shows on hover and on keyboard focus (a tap focuses it on a phone), is
 * the trigger's description for screen readers, and Escape hides it (WCAG 1.4.13: dismissable, hoverable).
 */
export function Tooltip({
  tip,
  children,
  className,
  align = 'start',
  label,
}: {
  tip: ReactNode;
  /** The trigger's accessible name when its visible text alone is ambiguous; it should begin with that text. */
  label?: string;
  /** The trigger's visible content; it is rendered inside a button, so keep it phrasing content. */
  children: ReactNode;
  className?: string;
  align?: 'start' | 'end';
}) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;
  return (
    <span
      className="relative inline-flex"
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        aria-describedby={id}
        aria-label={label}
        className={cn('cursor-help rounded-md', className)}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setDismissed(true);
          }
        }}
      >
        {children}
      </button>
      <span
        id={id}
        role="tooltip"
        className={cn(
          'absolute top-full z-30 mt-1.5 w-64 max-w-[calc(100vw-2rem)] rounded-lg bg-slate-900 px-3 py-2 text-left text-xs leading-5 font-normal text-white shadow-lg',
          align === 'end' ? 'right-0' : 'left-0',
        )}
        hidden={!open}
      >
        {tip}
      </span>
    </span>
  );
}
