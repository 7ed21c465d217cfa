export interface SnippetPart {
  text: string;
  marked: boolean;
}

const MARK_TAG = /<mark>|<\/mark>/;
const ENTITY = /&(amp|lt|gt|quot|#39|#x27);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** The plain text of an HTML-escaped string (the five entities the server escapes, in one pass). */
export function decodeSnippetText(escaped: string): string {
  return escaped.replace(ENTITY, (_entity, name: string) => ENTITIES[name] ?? '');
}

/** Parts are rendered as text nodes, never HTML; only the server's own mark tags count. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  let rest = snippet;
  for (;;) {
    const tag = MARK_TAG.exec(rest);
    const chunk = tag ? rest.slice(0, tag.index) : rest;
    if (chunk) {
      const text = decodeSnippetText(chunk);
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
    if (!tag) return parts;
    marked = tag[0] === '<mark>';
    rest = rest.slice(tag.index + tag[0].length);
  }
}
