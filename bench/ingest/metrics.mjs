// Scoring for the ingestion benchmark: chapter boundary F1 and character error rate.
import { distance } from 'fastest-levenshtein';

/**
 * The ways a chapter is shown: its title, and with its printed number ('2 Basic Usage', 'Chapter 2 Basic Usage',
 * 'Appendix A Templates'), so a manifest title that keeps the number still matches one that stores it apart.
 */
export function headingsOf(chapter) {
  if (!chapter.label) return [chapter.title];
  return [
    chapter.title,
    ...['', 'Chapter ', 'Appendix ', 'Chapter '].map((prefix) => `${prefix}${chapter.label} ${chapter.title}`),
  ];
}

const SPELLED =
  '(?:(?:twenty|thirty|forty|fifty)[- ]?)?(?:one|two|three|four|five|six|seven|eight|nine)|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty';
const NUMBER_PREFIX = new RegExp(
  `^(?:(?:chapter|appendix)\\s+)?(?:\\d+(?:\\.\\d+)*|[ivxlc]+|[a-z]|${SPELLED})[.:)]?\\s+(?=\\S)`,
  'i',
);
/** A manifest title without its printed number ('CHAPTER ONE THE EVE OF THE WAR' -> 'THE EVE OF THE WAR'). */
export const withoutNumber = (title) => title.replace(NUMBER_PREFIX, '');

/**
 * One-to-one matching of detected chapters to the manifest's: a detected chapter counts when it starts within
 * `tolerance` pages of an unmatched true chapter and (unless titles are ignored) its title is similar enough.
 */
export function boundaryF1(detected, truth, { similarity, tolerance = 1, minSimilarity = 0.8, ignoreTitles = false }) {
  const used = new Set();
  let matched = 0;
  for (const chapter of truth) {
    let best = null;
    detected.forEach((candidate, index) => {
      if (used.has(index) || Math.abs(candidate.startPage - chapter.page) > tolerance) return;
      const truths = [chapter.title, withoutNumber(chapter.title)];
      const score = ignoreTitles
        ? 1
        : Math.max(...headingsOf(candidate).flatMap((title) => truths.map((truth) => similarity(title, truth))));
      if (score >= minSimilarity && (!best || score > best.score)) best = { index, score };
    });
    if (best) {
      used.add(best.index);
      matched += 1;
    }
  }
  const precision = detected.length ? matched / detected.length : 0;
  const recall = truth.length ? matched / truth.length : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { f1, precision, recall, matched, detected: detected.length, truth: truth.length };
}

/** The same light normalisation for every text compared: line-end hyphens joined, quotes and dashes folded, spaces collapsed. */
export function normalizeForCer(text) {
  return text
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Pages without their running heads and page numbers, by one rule for every text compared: our page text drops
 * them (they are not the book's prose) while pdftotext and the tesseract CLI keep them, so comparing raw texts
 * would count that clean-up as OCR errors. Among the first and last two lines of each page, a line goes when it is
 * only a page number or when its words, digits aside, open or close at least a quarter of the pages.
 */
export function withoutRunningLines(pages) {
  const key = (line) =>
    line
      .toLowerCase()
      .replace(/[^\p{L}]+/gu, ' ')
      .trim();
  const edges = (lines) => [...new Set([0, 1, lines.length - 2, lines.length - 1].filter((i) => i >= 0))];
  const split = pages.map((page) => page.split('\n').filter((line) => line.trim()));
  const seen = new Map();
  for (const lines of split) {
    for (const k of new Set(edges(lines).map((i) => key(lines[i])))) if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const running = (line) => {
    const k = key(line);
    return k === '' ? /^\s*[\divxlc]+\s*$/i.test(line) : (seen.get(k) ?? 0) >= Math.max(3, pages.length / 4);
  };
  return split.map((lines) => {
    const drop = new Set(edges(lines).filter((i) => running(lines[i])));
    return lines.filter((_, i) => !drop.has(i)).join('\n');
  });
}

/** Character error rate over pages: total edit distance / total reference length, per-page alignment. */
export function characterErrorRate(hypothesisPages, referencePages) {
  let edits = 0;
  let length = 0;
  referencePages.forEach((reference, index) => {
    const ref = normalizeForCer(reference);
    const hyp = normalizeForCer(hypothesisPages[index] ?? '');
    edits += distance(hyp, ref);
    length += ref.length;
  });
  return length ? edits / length : 0;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1);

/** Prints rows of objects as an aligned table. */
export function printTable(title, rows) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((row) => row[i].length)));
  const line = (values) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
  console.log(`\n${title}`);
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of cells) console.log(line(row));
}
