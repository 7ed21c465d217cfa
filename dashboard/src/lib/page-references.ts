/** Where a chapter starts: its physical page and the label printed on that page. */
export interface PageAnchor {
  startPage: number;
  startLabel: string | null;
}

// "p. 143", "pp. 12-14", "p.xii": the first page of the reference is the link target.
export const PAGE_REFERENCE = /\b(pp?)\.\s?(\d+|[ivxlcdm]+)(?:\s?[-–]\s?(?:\d+|[ivxlcdm]+))?\b/gi;

const NUMERIC = /^\d+$/;

/**
 * Physical page (1-based) for a printed page label. A label that starts a chapter maps exactly;
 * a numeric label is offset from the nearest chapter start with a numeric label at or before it
 * (labels run on within a chapter). Returns null when the label cannot be placed in the book.
 */
export function physicalPageForLabel(label: string, anchors: PageAnchor[], totalPages: number): number | null {
  const wanted = label.trim().toLowerCase();
  const exact = anchors.find((anchor) => anchor.startLabel?.trim().toLowerCase() === wanted);
  if (exact) return exact.startPage;
  if (!NUMERIC.test(wanted)) return null;

  const value = Number(wanted);
  const numeric = anchors
    .filter((anchor) => anchor.startLabel !== null && NUMERIC.test(anchor.startLabel.trim()))
    .map((anchor) => ({ page: anchor.startPage, label: Number(anchor.startLabel) }))
    .sort((a, b) => a.label - b.label);
  const before = numeric.filter((anchor) => anchor.label <= value).at(-1);
  const reference = before ?? numeric[0];
  const page = reference ? value + (reference.page - reference.label) : value;
  return page >= 1 && (totalPages <= 0 || page <= totalPages) ? page : null;
}

/** The PDF link for a physical page; PDF viewers read `#page=N`. */
export function pdfPageUrl(pdfUrl: string, page: number): string {
  return `${pdfUrl.split('#')[0]}#page=${page}`;
}

/** Resolves a printed label to a link into the PDF, or null when there is none. */
export type PageLinkResolver = (label: string) => string | null;

export function createPageLinkResolver(
  pdfUrl: string | null | undefined,
  anchors: PageAnchor[],
  totalPages: number,
): PageLinkResolver | undefined {
  if (!pdfUrl) return undefined;
  return (label) => {
    const page = physicalPageForLabel(label, anchors, totalPages);
    return page === null ? null : pdfPageUrl(pdfUrl, page);
  };
}
