export interface SummaryDocument {
  title: string;
  originalPages: number;
  generatedAt: Date;
  /** Said on the cover, e.g. 'Extractive summary (offline engine)'; null when nothing needs saying. */
  engineNote: string | null;
  bookSummary: string | null;
  chapters: SummaryChapter[];
}

export interface SummaryChapter {
  number: number;
  title: string;
  /** As the book numbers it ('Chapter 2: Basic Usage', 'Appendix A: …', 'Preface'); else 'Chapter {number}: {title}'. */
  heading?: string;
  pageRange: string;
  /** Markdown-ish text that may hold "(p. 12)" references; null when not generated yet. */
  summary: string | null;
  topics: string[];
}

const MAX_TARGET_PAGES = 30;

export function targetPagesFor(originalPages: number): number {
  return Math.min(MAX_TARGET_PAGES, Math.max(1, Math.round(originalPages / 10)));
}

export function chaptersInOrder(doc: SummaryDocument): SummaryChapter[] {
  return [...doc.chapters].sort((a, b) => a.number - b.number);
}

export function summaryChapterHeading(chapter: SummaryChapter): string {
  if (chapter.heading) return chapter.heading;
  return /^chapter\b/i.test(chapter.title) ? chapter.title : `Chapter ${chapter.number}: ${chapter.title}`;
}
