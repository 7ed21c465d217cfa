import { isNonChapterTitle } from './book-matter.js';
import type { Division, OutlineNode } from './detection.types.js';
import { matchDivisionLabel } from './numbering.js';
import { cleanTitle } from './title-match.js';

interface Entry {
  title: string;
  page: number;
  children: OutlineNode[];
}

function countEntries(nodes: OutlineNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countEntries(node.children), 0);
}

/** Entries with a page; an entry without its own destination takes its first child's page. */
function located(nodes: OutlineNode[]): Entry[] {
  const entries: Entry[] = [];
  for (const node of nodes) {
    const page = node.page ?? located(node.children)[0]?.page ?? null;
    if (page !== null) entries.push({ title: cleanTitle(node.title), page, children: node.children });
  }
  return entries;
}

const isPart = (entry: Entry) => matchDivisionLabel(entry.title)?.kind === 'part' && entry.children.length > 0;
const isChapterLabel = (entry: Entry) => matchDivisionLabel(entry.title)?.kind === 'chapter';
const isAppendixLike = (entry: Entry) =>
  matchDivisionLabel(entry.title)?.kind === 'appendix' ||
  /^(appendix|appendices|epilogue|afterword|postscript|conclusion|glossary|notes|endnotes)\b/i.test(entry.title);

/**
 * Chapters from a PDF outline: the top level, descending when the top level is a single book-title entry,
 * a list of Parts, or title-page lines around one entry that holds most of the outline.
 */
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
    if (dominant && level.length > 1) {
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
  level.forEach((entry, index) => {
    if (isNonChapterTitle(entry.title, bookTitle)) return asBoundary(entry);
    if (numbered) {
      // Between numbered chapters, unnumbered siblings are sections a converter flattened ('QUESTIONS AND EXERCISES').
      if (index > first && index < last && !labelled[index]) return;
      if (index > last && !isAppendixLike(entry)) return;
    }
    chapters.push({ title: entry.title, page: entry.page, kind: 'chapter' });
  });
  return [...chapters, ...boundaries].sort((a, b) => a.page - b.page);
}
