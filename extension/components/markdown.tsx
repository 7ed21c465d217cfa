import { citationParts } from '@chapterwise/shared';
import ReactMarkdown, { type Components } from 'react-markdown';
import { OpenLink } from './open-link.js';

/** Opens a citation: the printed label it names and the sentence it backs. */
export type CitationHandler = (label: string, sentence: string) => void;

const CITE_PREFIX = '#cite:';

// Minimal mdast shapes: only what the plugin touches.
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** Page citations such as "(p. 34)" become links the panel answers itself (see `a` below). */
function remarkCitations() {
  const visit = (node: MdNode) => {
    if (!node.children || node.type === 'link') return;
    node.children = node.children.flatMap((child): MdNode[] => {
      if (child.type !== 'text' || !child.value) {
        visit(child);
        return [child];
      }
      return citationParts(child.value).map((part) =>
        part.kind === 'text'
          ? { type: 'text', value: part.text }
          : {
              type: 'link',
              url: `${CITE_PREFIX}${encodeURIComponent(part.label)}:${encodeURIComponent(part.sentence)}`,
              children: [{ type: 'text', value: part.text }],
            },
      );
    });
  };
  return (tree: MdNode) => visit(tree);
}

function components(onCitation: CitationHandler | undefined): Components {
  return {
    a: ({ href, children }) => {
      if (href?.startsWith(CITE_PREFIX)) {
        const [label = '', sentence = ''] = href.slice(CITE_PREFIX.length).split(':').map(decodeURIComponent);
        return onCitation ? (
          <button type="button" className="citation-link" onClick={() => onCitation(label, sentence)}>
            {children}
          </button>
        ) : (
          <>{children}</>
        );
      }
      return href ? <OpenLink href={href}>{children}</OpenLink> : <>{children}</>;
    },
    // Images in generated text could beacon out; show their description instead.
    img: ({ alt }) => <>{alt}</>,
  };
}

/**
 * Summaries and explanations are text or Markdown written from untrusted PDFs: raw HTML is dropped
 * (skipHtml) and react-markdown's default URL filter removes javascript: and similar links. Page
 * citations open the page when `onCitation` is given.
 */
export function Markdown({ text, onCitation }: { text: string; onCitation?: CitationHandler }) {
  return (
    <div className="markdown">
      <ReactMarkdown skipHtml remarkPlugins={[remarkCitations]} components={components(onCitation)}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
