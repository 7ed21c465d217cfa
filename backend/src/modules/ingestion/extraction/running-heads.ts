import { parseRoman } from '../detection/numbering.js';
import { bodyFontSize } from '../detection/layout-stats.js';
import type { PageLine } from '../../../providers/pdf/page-layout.js';

export interface LaidOutPage {
  number: number;
  width: number;
  height: number;
  lines: PageLine[];
  /** Phrases the page sets in bold or italic (poppler's text layer tells them; pdf.js and OCR do not). */
  emphasis?: string[];
}

export interface Folio {
  value: number;
  roman: boolean;
  text: string;
}

export interface RunningHeads {
  running: Set<PageLine>[];
  folios: Folio[][];
}

// Roman page numbers are printed in lower case; a capital 'C' alone is an index letter.
const FOLIO_ONLY = /^(?:[Pp]age\s+)?[-–—]?\s*(\d{1,4}|[ivxlcdm]{1,8})\s*[-–—]?(?:\s+of\s+\d{1,5})?$/;

export function folioCandidates(text: string): Folio[] {
  const trimmed = text.trim();
  const only = FOLIO_ONLY.exec(trimmed);
  const tokens = only ? [only[1]!] : [trimmed.split(/\s+/)[0]!, trimmed.split(/\s+/).at(-1)!];
  const folios: Folio[] = [];
  for (const token of new Set(tokens)) {
    if (/^\d{1,4}$/.test(token)) folios.push({ value: Number(token), roman: false, text: token });
    // A roman numeral inside a longer head is only taken in lower case: 'CHAPTER VII' is not a page number.
    else if ((only || /^[ivxlcdm]+$/.test(token)) && parseRoman(token) !== null) {
      folios.push({ value: parseRoman(token)!, roman: true, text: token });
    }
  }
  return folios;
}

function shape(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/[^\p{L}#]+/gu, ' ')
    .trim();
}

export function findRunningHeads(pages: LaidOutPage[]): RunningHeads {
  const body = bodyFontSize(pages);
  const zoneLines = pages.map((page) => {
    const candidates = new Set<PageLine>();
    const lines = page.lines;
    for (const line of [...lines.slice(0, 2), ...lines.slice(-2)]) {
      const inBand = line.top < page.height * 0.15 || line.top > page.height * 0.85;
      if (inBand && line.text.split(/\s+/).length <= 15) candidates.add(line);
    }
    return candidates;
  });
  // Only body-size lines count: a chapter's large opening heading does not make its words a running head.
  const pagesPerShape = new Map<string, Set<number>>();
  // A line that always sits right over a larger heading is a label ('CHAPTER' over 'ONE'), not a running head.
  const overHeading = new Map<string, boolean>();
  const keyOf = (line: PageLine, index: number) =>
    `${line.top < pages[index]!.height / 2 ? 'head' : 'foot'}:${shape(line.text)}`;
  zoneLines.forEach((candidates, index) => {
    const lines = pages[index]!.lines;
    for (const line of candidates) {
      if (line.size > body * 1.05) continue;
      const key = keyOf(line, index);
      pagesPerShape.set(key, (pagesPerShape.get(key) ?? new Set()).add(index));
      const below = lines[lines.indexOf(line) + 1];
      overHeading.set(key, (overHeading.get(key) ?? true) && below !== undefined && below.size >= body * 1.2);
    }
  });
  const running = zoneLines.map((candidates, index) => {
    const pagesWith = (line: PageLine) => pagesPerShape.get(keyOf(line, index))?.size ?? 0;
    const found = new Set<PageLine>();
    const folioOnly = (line: PageLine) => FOLIO_ONLY.test(line.text.trim());
    for (const line of candidates) {
      const label = overHeading.get(keyOf(line, index)) === true;
      if (!folioOnly(line) && !label && pagesWith(line) >= 3 && line.size <= body * 1.05) found.add(line);
    }
    for (const line of candidates) {
      if (!folioOnly(line)) continue;
      // A number on the row of a one-off line (a contents entry) is that line's page number, not the folio.
      const entryRow = pages[index]!.lines.some(
        (other) =>
          other !== line &&
          !found.has(other) &&
          !folioOnly(other) &&
          (!candidates.has(other) || pagesWith(other) < 2) &&
          Math.abs(other.top - line.top) < 0.3 * Math.min(other.size, line.size),
      );
      if (!entryRow) found.add(line);
    }
    return found;
  });
  const folios = running.map((lines) => [...lines].flatMap((line) => folioCandidates(line.text)));
  return { running, folios };
}
