import ReactMarkdown, { type Components } from 'react-markdown';
import { OpenLink } from './open-link.js';

const components: Components = {
  a: ({ href, children }) => (href ? <OpenLink href={href}>{children}</OpenLink> : <>{children}</>),
  // Images in generated text could beacon out; show their description instead.
  img: ({ alt }) => <>{alt}</>,
};

/**
 * Summaries and explanations are text or Markdown written from untrusted PDFs: raw HTML is dropped
 * (skipHtml) and react-markdown's default URL filter removes javascript: and similar links.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
