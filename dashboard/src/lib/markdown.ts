import { citationParts } from '@chapterwise/shared';
import { type PageLinkResolver } from './page-references.js';

// Minimal mdast shapes: only what these plugins touch.
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  data?: { hProperties?: Record<string, string | string[]> };
  children?: MdNode[];
}

const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem']);

/** Raw HTML in a summary is shown as the text it is, never rendered (WEB-1). */
export function remarkHtmlAsText() {
  const visit = (node: MdNode) => {
    if (!node.children) return;
    node.children = node.children.map((child): MdNode => {
      if (child.type !== 'html') {
        visit(child);
        return child;
      }
      const text: MdNode = { type: 'text', value: child.value ?? '' };
      return BLOCK_PARENTS.has(node.type) ? { type: 'paragraph', children: [text] } : text;
    });
  };
  return (tree: MdNode) => visit(tree);
}

/** Links carry the sentence a citation backs, for the reader to highlight. */
export function remarkPageLinks(resolve: PageLinkResolver | undefined) {
  const split = (value: string): MdNode[] =>
    citationParts(value).map((part): MdNode => {
      if (part.kind === 'text') return { type: 'text', value: part.text };
      const url = resolve?.(part.label, part.sentence);
      if (!url) return { type: 'text', value: part.text };
      return {
        type: 'link',
        url,
        data: { hProperties: { className: ['page-ref'], title: `Read page ${part.label}` } },
        children: [{ type: 'text', value: part.text }],
      };
    });
  const visit = (node: MdNode) => {
    if (!node.children || node.type === 'link') return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'text' && child.value) return split(child.value);
      visit(child);
      return [child];
    });
  };
  return (tree: MdNode) => {
    if (resolve) visit(tree);
  };
}
