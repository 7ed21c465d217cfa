import type { LayoutLine } from '../../../providers/pdf/page-layout.js';
import type { OutlineNode } from '../../../providers/pdf/pdfjs-document.js';
import type { DetectedChapter } from '../extraction/book-extractor.port.js';

/** A page as detection sees it: running headers, footers and folios already removed from `lines`. */
export interface LayoutPage {
  number: number;
  label: string;
  width: number;
  height: number;
  lines: LayoutLine[];
}

export interface DetectionInput {
  pages: LayoutPage[];
  outline: OutlineNode[];
  bookTitle: string | null;
}

/** Chapters become DetectedChapters; boundaries (parts, contents, index, licence) still end the chapter before them. */
export interface Division {
  title: string;
  page: number;
  kind: 'chapter' | 'boundary';
}

export type { DetectedChapter, LayoutLine, OutlineNode };
