import { isNonChapterTitle } from './book-matter.js';
import { splitChapterLabels } from './chapter-labels.js';
import type { Division, OutlineNode } from './detection.types.js';
import { matchDivisionLabel } from './numbering.js';
import { cleanTitle, normalizeTitle } from './title-match.js';

interface Entry {
  title: string;
  page: number;
  children: OutlineNode[];
}

function countEntries(nodes: OutlineNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countEntries(node.children), 0);
}

function located(nodes: OutlineNode[]): Entry[] {
  const entries: Entry[] = [];
  for (const node of nodes) {
    const page = node.page ?? located(node.children)[0]?.page ?? null;
    if (page !== null) entries.push({ title: cleanTitle(node.title), page, children: node.children });
  }
  return entries;
}

const ROMAN_LEAD = /^([IVXLC]{1,6})\.?\s+\S/;
const APPENDICES = /^(appendices|appendixes|annexes|anh[aä]nge)$/i;

// A roman-numbered container (LaTeX's \part) is a Part only when its siblings count on in roman numerals.
function partTest(level: Entry[]): (entry: Entry) => boolean {
  const romanLed = level.filter((entry) => entry.children.length > 0 && ROMAN_LEAD.test(entry.title));
  const romanParts = romanLed.length >= 2 && romanLed.some((entry) => /^II\b/.test(entry.title));
  const numberedPart = (entry: Entry) =>
    entry.children.length > 0 &&
    (matchDivisionLabel(entry.title)?.kind === 'part' || (romanParts && ROMAN_LEAD.test(entry.title)));
  // 'Appendices' holds chapters only beside numbered Parts; alone it is one back-matter chapter.
  const withParts = level.some(numberedPart);
  return (entry) =>
    numberedPart(entry) || (withParts && entry.children.length > 0 && APPENDICES.test(cleanTitle(entry.title)));
}
const isChapterLabel = (entry: Entry) => matchDivisionLabel(entry.title)?.kind === 'chapter';
const isAppendixLike = (entry: Entry) =>
  matchDivisionLabel(entry.title)?.kind === 'appendix' ||
  /^(appendix|appendices|epilogue|afterword|postscript|conclusion|glossary|notes|endnotes)\b/i.test(entry.title);

export function divisionsFromOutline(outline: OutlineNode[], bookTitle: string | null): Division[] {
  const boundaries: Division[] = [];
  const asBoundary = (entry: Entry) => boundaries.push({ title: entry.title, page: entry.page, kind: 'boundary' });
  let level = located(outline);

  for (let depth = 0; depth < 4; depth++) {
    if (level.length === 1 && level[0]!.children.length >= 2) {
      asBoundary(level[0]!);
      level = located(level[0]!.children);
      continue;
    }
    const isPart = partTest(level);
    const parts = level.filter(isPart);
    if (parts.length >= 1 && parts.length >= level.filter((entry) => entry.children.length > 0).length * 0.5) {
      level = level.flatMap((entry) => {
        if (!isPart(entry)) return [entry];
        asBoundary(entry);
        return located(entry.children);
      });
      break;
    }
    const total = countEntries(outline);
    const dominant = level.find((entry) => entry.children.length >= 3 && countEntries(entry.children) >= total * 0.5);
    // Not when it is numbered like its siblings ('7) Supported Options' after '1) Introduction'): it is a long chapter.
    const numberedLead = /^(\d{1,3}|[A-Z])[.)]?\s/;
    const descendable =
      !dominant ||
      !numberedLead.test(dominant.title) ||
      level.filter((entry) => entry !== dominant && numberedLead.test(entry.title)).length < 2;
    if (dominant && level.length > 1 && descendable) {
      level.filter((entry) => entry !== dominant).forEach(asBoundary);
      asBoundary(dominant);
      level = located(dominant.children);
      continue;
    }
    break;
  }

  const chapters: Division[] = [];
  const labelled = level.map(isChapterLabel);
  const first = labelled.indexOf(true);
  const last = labelled.lastIndexOf(true);
  const numbered = labelled.filter(Boolean).length >= 3;
  // Numbered in the sequence of its siblings ('B GNU Free Documentation License' after 'A Templates'): the book's own.
  const inSequence = splitChapterLabels(level.map((entry) => entry.title)).map(({ label }) => label !== null);
  level.forEach((entry, index) => {
    if (!inSequence[index] && isNonChapterTitle(entry.title, bookTitle)) return asBoundary(entry);
    if (numbered) {
      // Between numbered chapters, unnumbered siblings are sections a converter flattened ('QUESTIONS AND EXERCISES').
      if (index > first && index < last && !labelled[index]) return;
      if (index > last && !isAppendixLike(entry)) return;
    }
    // Converters that flatten HTML (htmldoc) repeat an entry for each link to it: one chapter per title and place.
    const repeated = chapters.some(
      (chapter) =>
        Math.abs(chapter.page - entry.page) <= 1 && normalizeTitle(chapter.title) === normalizeTitle(entry.title),
    );
    if (!repeated) chapters.push({ title: entry.title, page: entry.page, kind: 'chapter' });
  });
  return [...chapters, ...boundaries].sort((a, b) => a.page - b.page);
}
