export interface NotesBook {
  title: string;
  chapters: { title: string; chapterNumber: number; startPage: number; endPage: number }[];
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
  const groups = new Map<string, NotesEntry[]>();
  for (const entry of sorted) {
    const chapter = book.chapters.find((item) => entry.page >= item.startPage && entry.page <= item.endPage);
    const heading = chapter ? chapterHeading(chapter.chapterNumber, oneLine(chapter.title)) : 'Other pages';
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

// A chapter the book calls "Chapter One" is not "Chapter 1: Chapter One".
function chapterHeading(number: number, title: string): string {
  return /^chapter\b/i.test(title) ? title : `Chapter ${number}: ${title}`;
}
