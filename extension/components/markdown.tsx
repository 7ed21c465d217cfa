import ReactMarkdown, { type Components } from 'react-markdown';
import { CitationAnchor, isCitationHref, remarkCitations, type CitationHandler } from './citation-links.js';
import { OpenLink } from './open-link.js';

export type { CitationHandler };

function components(onCitation: CitationHandler | undefined): Components {
  return {
    a: ({ href, children }) =>
      isCitationHref(href) ? (
        <CitationAnchor href={href} onCitation={onCitation}>
          {children}
        </CitationAnchor>
      ) : href ? (
        <OpenLink href={href}>{children}</OpenLink>
      ) : (
        <>{children}</>
      ),
    // Images in generated text could beacon out; show their description instead.
    img: ({ alt }) => <>{alt}</>,
  };
}

// Text from untrusted PDFs: raw HTML is dropped (skipHtml) and the default URL filter removes javascript: links.
export function Markdown({ text, onCitation }: { text: string; onCitation?: CitationHandler }) {
  return (
    <div className="markdown">
      <ReactMarkdown skipHtml remarkPlugins={[remarkCitations]} components={components(onCitation)}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
