import { citationParts } from '@chapterwise/shared';
import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode } from 'react';
import { type PageLinkResolver } from '../../lib/page-references.js';

/** Citations that name no page of the book stay text. */
export function CitedText({ text, resolvePageLink }: { text: string; resolvePageLink?: PageLinkResolver }) {
  return (
    <>
      {citationParts(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <CitationLink key={index} href={resolvePageLink?.(part.label, part.sentence) ?? null} label={part.label}>
            {part.text}
          </CitationLink>
        ),
      )}
    </>
  );
}

export function CitationLink({
  href,
  label,
  className = 'page-ref',
  children,
}: {
  href: string | null;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  // Outside a router (the summary PDF, a test) the link is a plain link.
  const router = useRouter({ warn: false });
  if (!href) return <>{children}</>;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!router || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} onClick={onClick} className={className} title={`Read page ${label}`}>
      {children}
    </a>
  );
}
