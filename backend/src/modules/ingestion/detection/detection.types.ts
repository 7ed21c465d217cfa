import type { DetectedChapter } from '../extraction/book-extractor.port.js';

/** One line of a page as laid out: text in reading order with its position and font size (points). */
export interface LayoutLine {
  text: string;
  /** Left edge, points from the page's left. */
  x: number;
  /** Baseline, points from the page's top. */
  top: number;
  /** Font size in points (for OCR pages, the line height). */
  size: number;
}

/** A page as detection sees it: running headers, footers and folios already removed from `lines`. */
export interface LayoutPage {
  number: number;
  label: string;
  width: number;
  height: number;
  lines: LayoutLine[];
}

/** A PDF outline entry resolved to a 1-based physical page (null when its destination is missing). */
export interface OutlineNode {
  title: string;
  page: number | null;
  children: OutlineNode[];
}

export interface DetectionInput {
  pages: LayoutPage[];
  outline: OutlineNode[];
  /** The book's title from its metadata, used to recognise title pages. */
  bookTitle: string | null;
}

/**
 * A place where the book's structure changes. Chapters become DetectedChapters; boundaries (parts, contents,
 * index, licence pages...) are not chapters but still end the chapter before them.
 */
export interface Division {
  title: string;
  page: number;
  kind: 'chapter' | 'boundary';
}

export type { DetectedChapter };
