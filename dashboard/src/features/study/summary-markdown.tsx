import Markdown, { type Components } from 'react-markdown';
import { remarkHtmlAsText, remarkPageLinks } from '../../lib/markdown.js';
import { type PageLinkResolver } from '../../lib/page-references.js';

const components: Components = {
  // Every link leaves the dashboard in a new tab: page references open the PDF, others their site.
  a: ({ node: _node, children, ...props }) => (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

/**
 * A summary rendered as markdown. Raw HTML is shown as text, never rendered, and page references
 * such as "(p. 143)" link to that page of the book's PDF.
 */
export function SummaryMarkdown({ text, resolvePageLink }: { text: string; resolvePageLink?: PageLinkResolver }) {
  return (
    <div className="summary-prose">
      <Markdown
        remarkPlugins={[remarkHtmlAsText, [remarkPageLinks, resolvePageLink]]}
        components={components}
        disallowedElements={['img']}
        unwrapDisallowed
      >
        {text}
      </Markdown>
    </div>
  );
}
