import type { ReactNode } from 'react';
import { browser } from 'wxt/browser';

/**
 * A link that opens in a new tab through the tabs API, which also reaches chrome:// pages (extension
 * details) that a plain anchor in an extension page cannot open.
 */
export function OpenLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noreferrer"
      onClick={(event) => {
        event.preventDefault();
        void browser.tabs.create({ url: href });
      }}
    >
      {children}
    </a>
  );
}
