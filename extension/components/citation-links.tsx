import { citationParts } from '@chapterwise/shared';
import type { ReactNode } from 'react';

export type CitationHandler = (label: string, sentence: string) => void;

const CITE_PREFIX = '#cite:';

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** Remark plugin: page citations such as "(p. 34)" become `#cite:` links, answered by CitationAnchor. */
export function remarkCitations() {
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

export function isCitationHref(href: string | undefined): href is string {
  return !!href?.startsWith(CITE_PREFIX);
}

export function CitationAnchor({
  href,
  onCitation,
  children,
}: {
  href: string;
  onCitation: CitationHandler | undefined;
  children: ReactNode;
}) {
  if (!onCitation) return <>{children}</>;
  const [label = '', sentence = ''] = href.slice(CITE_PREFIX.length).split(':').map(decodeURIComponent);
  return (
    <button type="button" className="citation-link" onClick={() => onCitation(label, sentence)}>
      {children}
    </button>
  );
}
