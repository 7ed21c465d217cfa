export interface LabelledChapter {
  title: string;
  label: string | null;
}

/** Roman numerals that are also appendix letters: in a book numbered in roman they are chapters. */
const ROMAN_LETTERS = /^[IVXL]$/;

/** A single letter is an appendix, except I, V, X and L in a book whose chapters carry roman numbers. */
export function chapterHeading(chapter: LabelledChapter, options: { romanBook?: boolean } = {}): string {
  const { label, title } = chapter;
  if (!label) return title;
  const appendix = /^[A-Z]$/.test(label) && !(options.romanBook && ROMAN_LETTERS.test(label));
  const kind = appendix ? 'Appendix' : 'Chapter';
  // A title that is the number alone is "Chapter 12"; one that names its number already ("Chapter 1",
  // "Chapter One", "Appendix B: Tables") is not numbered again.
  if (title.trim().toLowerCase() === label.toLowerCase()) return `${kind} ${label}`;
  if (new RegExp(`^${kind}\\b`, 'i').test(title.trim())) return title;
  return `${kind} ${label}: ${title}`;
}

/** Headings for a book's chapters in order, telling roman chapter numbers from appendix letters by the whole list. */
export function chapterHeadings(chapters: LabelledChapter[]): string[] {
  const romanBook = chapters.some((chapter) => chapter.label !== null && /^[IVXLC]{2,}$/.test(chapter.label));
  return chapters.map((chapter) => chapterHeading(chapter, { romanBook }));
}
