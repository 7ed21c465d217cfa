import { renderMarkdown } from '../../lib/markdown.js';
import { type PageLinkResolver } from '../../lib/page-references.js';
import { CitationLink } from './cited-text.js';

/** Study notes in Markdown; raw HTML is shown as text, never rendered, and page citations open the reader. */
export function SummaryMarkdown({ text, resolvePageLink }: { text: string; resolvePageLink?: PageLinkResolver }) {
  return (
    <div className="summary-prose">
      {renderMarkdown(text, {
        resolvePageLink,
        citation: ({ href, label, children }) => (
          <CitationLink href={href} label={label} className="page-ref">
            {children}
          </CitationLink>
        ),
      })}
    </div>
  );
}
