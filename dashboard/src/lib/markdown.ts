import { PAGE_REFERENCE, type PageLinkResolver } from './page-references.js';

// Minimal mdast shapes: only what these plugins touch.
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  data?: { hProperties?: Record<string, string | string[]> };
  children?: MdNode[];
}

const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem']);

/**
 * Raw HTML in a summary is shown as the text it is, never rendered (WEB-1): html nodes become
 * text, wrapped in a paragraph where a block is expected.
 */
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

/** Turns page references such as "(p. 143)" into links to that page of the book's PDF. */
export function remarkPageLinks(resolve: PageLinkResolver | undefined) {
  const split = (value: string): MdNode[] => {
    const parts: MdNode[] = [];
    let last = 0;
    for (const match of value.matchAll(PAGE_REFERENCE)) {
      const url = resolve?.(match[2] ?? '');
      if (!url) continue;
      const start = match.index;
      if (start > last) parts.push({ type: 'text', value: value.slice(last, start) });
      parts.push({
        type: 'link',
        url,
        data: { hProperties: { className: ['page-ref'], title: `Open page ${match[2]} of the PDF` } },
        children: [{ type: 'text', value: match[0] }],
      });
      last = start + match[0].length;
    }
    if (parts.length === 0) return [{ type: 'text', value }];
    if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
    return parts;
  };
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
