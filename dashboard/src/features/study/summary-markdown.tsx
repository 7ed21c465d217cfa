import Markdown, { type Components } from 'react-markdown';
import { remarkHtmlAsText, remarkPageLinks } from '../../lib/markdown.js';
import { type PageLinkResolver } from '../../lib/page-references.js';
import { CitationLink } from './cited-text.js';

const components: Components = {
  // Page citations open the reader inside the dashboard; every other link leaves in a new tab.
  a: ({ node: _node, children, ...props }) =>
    props.href?.startsWith('/') ? (
      <CitationLink href={props.href} label={String(props.title ?? '').replace(/^Read page /, '')}>
        {children}
      </CitationLink>
    ) : (
      <a {...props} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
};

/** Raw HTML is shown as text, never rendered. */
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
