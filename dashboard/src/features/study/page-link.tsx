import { type PageLinkResolver } from '../../lib/page-references.js';
import { CitationLink } from './cited-text.js';

/**
 * A page a student sees ("p. 8", "Re-read page 8"), as a link into the reader at that page with `sentence` marked;
 * plain text until the book's page labels are known or when the label is not in the book.
 */
export function PageLink({
  label,
  sentence,
  resolvePageLink,
  text = `p. ${label}`,
}: {
  label: string;
  sentence?: string;
  resolvePageLink?: PageLinkResolver;
  text?: string;
}) {
  const href = resolvePageLink?.(label, sentence) ?? null;
  if (!href) return <>{text}</>;
  return (
    <CitationLink href={href} label={label} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {text}
    </CitationLink>
  );
}
