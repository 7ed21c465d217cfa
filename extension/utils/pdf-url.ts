export type TabPdfState =
  /** A PDF at `url`; `bookId` when it is already in the library. */
  | { kind: 'pdf'; url: string; bookId: string | null }
  /** A web page whose type cannot be read without access to its site. */
  | { kind: 'maybe-pdf'; url: string }
  /** A PDF opened from disk while the browser denies the extension file access. */
  | { kind: 'file-access-off'; url: string }
  | { kind: 'not-pdf' };

// Viewers that show a PDF under their own address and carry the document's address in a parameter
// (Firefox's pdf.js, PDF viewer extensions).
const VIEWER_PARAMS = ['file', 'src', 'url'];

/** The document's address when `tabUrl` is a PDF viewer page, otherwise `tabUrl` itself. */
export function documentUrlOf(tabUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(tabUrl);
  } catch {
    return tabUrl;
  }
  const isViewer =
    parsed.protocol === 'resource:' ||
    parsed.protocol === 'chrome-extension:' ||
    parsed.protocol === 'moz-extension:' ||
    parsed.protocol === 'edge:';
  if (!isViewer) return tabUrl;
  for (const name of VIEWER_PARAMS) {
    const inner = parsed.searchParams.get(name);
    if (inner && isFetchableUrl(inner)) return inner;
  }
  return tabUrl;
}

export function isFetchableUrl(url: string): boolean {
  return /^(https?|file):\/\//i.test(url);
}

export function hasPdfPath(url: string): boolean {
  try {
    return /\.pdf$/i.test(decodeURIComponent(new URL(url).pathname));
  } catch {
    return false;
  }
}

/** The address a book is remembered under: the fragment (#page=3) names a place, not a document. */
export function sourceKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** The match pattern that grants access to the site serving `url` (any port, any path). */
export function originPattern(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol === 'file:') return 'file:///*';
  return `${parsed.protocol}//${parsed.hostname}/*`;
}

export function pdfFileName(url: string, contentDisposition?: string | null): string {
  const fromHeader = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
  let name = fromHeader ? safeDecode(fromHeader) : '';
  if (!name) {
    try {
      name = safeDecode(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
    } catch {
      name = '';
    }
  }
  name = name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'document';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
