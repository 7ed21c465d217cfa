import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders `children` in a second pass that React splits into short slices, so a page's first paint is not held
 * by one long task (on a phone, a summary's Markdown and a topic list take a few hundred milliseconds to build).
 * `reserve` holds their place meanwhile, tall enough that nothing below moves into view and back.
 */
export function AfterFirstPaint({ children, reserve = 'min-h-screen' }: { children: ReactNode; reserve?: string }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : <div className={reserve} aria-busy="true" />;
}
