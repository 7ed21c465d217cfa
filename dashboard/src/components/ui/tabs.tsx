import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
}

/**
 * An ARIA tab list: arrows, Home and End move between tabs (automatic activation). The panel is the caller's,
 * labelled by `tabPanelProps`.
 */
export function Tabs<T extends string>({
  baseId,
  tabs,
  value,
  onChange,
  label,
  className,
}: {
  /** Prefix of the tabs' and panels' element ids (unique on the page). */
  baseId: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (tab: T) => void;
  label: string;
  className?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn('flex gap-1 overflow-x-auto rounded-xl border border-slate-200 bg-slate-100/70 p-1', className)}
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(baseId, tab.id)}
            aria-selected={selected}
            aria-controls={panelId(baseId, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={cn(
              'inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors',
              selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props of the panel shown for `tab`: a tabpanel labelled by its tab. */
export function tabPanelProps(baseId: string, tab: string) {
  return { role: 'tabpanel', id: panelId(baseId, tab), 'aria-labelledby': tabId(baseId, tab), tabIndex: 0 } as const;
}

const tabId = (baseId: string, tab: string) => `${baseId}-tab-${tab}`;
const panelId = (baseId: string, tab: string) => `${baseId}-panel-${tab}`;
