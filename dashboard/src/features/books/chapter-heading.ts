import { chapterHeading as bookHeading, type Chapter } from '@chapterwise/shared';

// Apart from the chapter list (and its accordion code) so the chapter page and the reader name chapters without it.

/** 'Chapter 2: Basic Usage', 'Appendix A: …', or the title alone ('Preface'): numbered as the book numbers it. */
export function chapterHeading(chapter: Pick<Chapter, 'label' | 'title'>): string {
  return bookHeading(chapter);
}

export function pageRange(chapter: Chapter): string {
  const first = chapter.start_label ?? String(chapter.start_page);
  const last = chapter.end_label ?? String(chapter.end_page);
  return first === last ? `Page ${first}` : `Pages ${first}–${last}`;
}
