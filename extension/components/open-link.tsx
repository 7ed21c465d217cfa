import type { ReactNode } from 'react';
import { browser } from 'wxt/browser';

// The tabs API also reaches chrome:// pages (extension details), which a plain anchor in an extension page cannot.
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
