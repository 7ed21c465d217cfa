import { chapterHeadings, sanitiseUserText } from '@chapterwise/shared';

export interface NotesBook {
  title: string;
  chapters: { title: string; label: string | null; startPage: number; endPage: number }[];
  labelOf: (page: number) => string;
}

export interface NotesEntry {
  page: number;
  text: string;
  note: string | null;
}

// Passages outside every chapter go under "Other pages".
export function notesMarkdown(book: NotesBook, entries: readonly NotesEntry[]): string {
  const lines = [`# Notes on ${inline(book.title)}`, ''];
  if (entries.length === 0) {
    lines.push('No highlights or notes yet.', '');
    return lines.join('\n');
  }
  const sorted = [...entries].sort((a, b) => a.page - b.page);
  const headings = chapterHeadings(book.chapters);
  const groups = new Map<string, NotesEntry[]>();
  for (const entry of sorted) {
    const index = book.chapters.findIndex((item) => entry.page >= item.startPage && entry.page <= item.endPage);
    // Numbered as the book page and the exports number it.
    const heading = index >= 0 ? inline(headings[index]!) : 'Other pages';
    groups.set(heading, [...(groups.get(heading) ?? []), entry]);
  }
  for (const [heading, items] of groups) {
    lines.push(`## ${heading}`, '');
    for (const entry of items) {
      lines.push(`> ${inline(entry.text)}`, `>`, `> — p. ${inline(book.labelOf(entry.page))}`, '');
      const note = entry.note && sanitiseUserText(entry.note, { multiline: true }).trim();
      if (note) lines.push(...note.split('\n').map((line) => escapeMarkdown(line.trim())), '');
    }
  }
  return lines.join('\n');
}

// A heading or quote stays on one line whatever the PDF's text layer held, and renders as the text it is.
function inline(text: string): string {
  return escapeMarkdown(sanitiseUserText(text).replace(/\s+/g, ' ').trim());
}

// Characters that start Markdown or HTML anywhere in a line: links and images ([ ]), raw HTML and autolinks
// (< >), entities (&), emphasis (* _ ~), code (`), table cells (|) and the escape itself.
const INLINE_SYNTAX = /[\\`*_[\]<>&~|]/g;
// What starts a block at the beginning of a line (a quote's > is escaped above): a heading, a list item or a
// setext underline.
const LINE_START_SYNTAX = /^(#|[-+=]|\d+[.)])/;

/**
 * User text as literal Markdown: a note's `<script>` or `[x](javascript:…)` shows as typed, never as HTML or a
 * link. Backslash escapes are CommonMark's own, so every renderer shows the characters and not the backslashes.
 */
function escapeMarkdown(text: string): string {
  const escaped = text.replace(INLINE_SYNTAX, (char) => `\\${char}`);
  return escaped.replace(LINE_START_SYNTAX, (marker) =>
    /^\d/.test(marker) ? `${marker.slice(0, -1)}\\${marker.slice(-1)}` : `\\${marker}`,
  );
}
