/** A run of a search snippet's text; `marked` when it is a matched word or phrase. */
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

/**
 * Splits a search result's `snippet` (HTML-escaped text whose matches are wrapped in
 * `<mark>…</mark>`) into plain-text parts, so that clients render it as text nodes and never as
 * HTML. Only the server's own mark tags count: markup in the book's text arrives escaped.
 */
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
