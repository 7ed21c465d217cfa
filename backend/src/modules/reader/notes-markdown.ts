import { chapterHeadings } from '@chapterwise/shared';

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
  const lines = [`# Notes on ${oneLine(book.title)}`, ''];
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
    const heading = index >= 0 ? oneLine(headings[index]!) : 'Other pages';
    groups.set(heading, [...(groups.get(heading) ?? []), entry]);
  }
  for (const [heading, items] of groups) {
    lines.push(`## ${heading}`, '');
    for (const entry of items) {
      lines.push(`> ${oneLine(entry.text)}`, `>`, `> — p. ${book.labelOf(entry.page)}`, '');
      if (entry.note) lines.push(...entry.note.trim().split(/\r?\n/), '');
    }
  }
  return lines.join('\n');
}

// A heading or quote stays on one line whatever the PDF's text layer held.
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
