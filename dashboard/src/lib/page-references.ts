import { physicalPageForLabel, readerPath, type PageAnchor, type PageLabelMap } from '@chapterwise/shared';

export type { PageAnchor };

/** Null when the label is not in the book. */
export type PageLinkResolver = (label: string, sentence?: string) => string | null;

/** `near` is a page of the text that cites (a chapter's first page): repeated labels resolve near it. */
export function createPageLinkResolver(
  bookId: string | undefined,
  map: PageLabelMap,
  near?: number,
): PageLinkResolver | undefined {
  if (!bookId) return undefined;
  return (label, sentence) => {
    const page = physicalPageForLabel(label, map, near);
    return page === null ? null : readerPath(bookId, page, sentence || undefined);
  };
}
