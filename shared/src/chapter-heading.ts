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
  const numbered = `${appendix ? 'Appendix' : 'Chapter'} ${label}`;
  // A chapter the book names by its number alone is "Chapter 1", not "Chapter 1: Chapter 1".
  const named = title.trim().toLowerCase();
  if (named === label.toLowerCase()) return numbered;
  if (named === numbered.toLowerCase() || named.startsWith(`${numbered.toLowerCase()}:`)) return title;
  return `${numbered}: ${title}`;
}

/** Headings for a book's chapters in order, telling roman chapter numbers from appendix letters by the whole list. */
export function chapterHeadings(chapters: LabelledChapter[]): string[] {
  const romanBook = chapters.some((chapter) => chapter.label !== null && /^[IVXLC]{2,}$/.test(chapter.label));
  return chapters.map((chapter) => chapterHeading(chapter, { romanBook }));
}
