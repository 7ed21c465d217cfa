import { memo, useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown.js';
import { type PageLinkResolver } from '../../lib/page-references.js';
import { CitationLink } from './cited-text.js';

/** Study notes in Markdown; raw HTML is shown as text, never rendered, and page citations open the reader. */
export const SummaryMarkdown = memo(function SummaryMarkdown({
  text,
  resolvePageLink,
}: {
  text: string;
  resolvePageLink?: PageLinkResolver;
}) {
  // Read again only when the notes change: the reader re-renders around them at every page turned.
  const rendered = useMemo(
    () =>
      renderMarkdown(text, {
        resolvePageLink,
        citation: ({ href, label, children }) => (
          <CitationLink href={href} label={label} className="page-ref">
            {children}
          </CitationLink>
        ),
      }),
    [text, resolvePageLink],
  );
  return <div className="summary-prose">{rendered}</div>;
});
