// Page references inside summaries: "(p. 143)" for one page, "(pp. 143–145)" for a run of pages.
const CITATION = /\s*\((?:pp?\.)\s*([^()]*?)\)/g;

export function formatPageCitation(labels: readonly string[]): string {
  const unique = [...new Set(labels)];
  if (unique.length === 0) return '';
  if (unique.length === 1) return `(p. ${unique[0]})`;
  return `(pp. ${unique[0]}–${unique[unique.length - 1]})`;
}

export function stripPageCitations(text: string): string {
  return text.replace(CITATION, '');
}

export function hasPageCitation(text: string): boolean {
  return new RegExp(CITATION.source).test(text);
}

/** Labels named by the citations in a text ("(pp. 3–5)" gives "3" and "5"; the pages between are not expanded). */
export function citedLabels(text: string): string[] {
  const labels: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    for (const part of (match[1] ?? '').split(/\s*(?:–|—|-|,|and)\s*/)) if (part.trim()) labels.push(part.trim());
  }
  return labels;
}

/** Drops citations that name a page label the chapter does not have (a model can invent them). */
export function removeUnknownCitations(text: string, knownLabels: ReadonlySet<string>): string {
  return text.replace(CITATION, (citation: string, inner: string) => {
    const parts = inner.split(/\s*(?:–|—|-|,|and)\s*/).filter((part) => part.trim());
    return parts.length > 0 && parts.every((part) => knownLabels.has(part.trim())) ? citation : '';
  });
}
