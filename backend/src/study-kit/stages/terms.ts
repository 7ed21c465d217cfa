import type { AnalysedSentence } from '../text/chapter-text.js';
import { pageLinesWithoutFurniture } from '../text/chapter-text.js';
import { findDefinitions, kindOfText, singularKey, type KeyTerm } from '../composers/study-notes.js';
import { roleOfHeading, type Block } from './blocks.js';
import { emphasisedTerms } from './emphasised-terms.js';
import type { StudyPage } from '../types.js';

/** The terms a chapter gives a student, each with where the book explains it. */
export interface ChapterTerms {
  /** Entries of the book's back-of-book index that point into the chapter (none when the book has no index). */
  index: string[];
  /** Terms the chapter defines in a sentence ("A multiset is …"), in the book's words. */
  definitions: KeyTerm[];
  /** Terms of the chapter's own glossary ("Key Terms": a term, then its meaning). */
  glossary: KeyTerm[];
  /**
   * Terms the book sets in bold or italic where it introduces them, each with the sentence that does (see
   * emphasisedTerms). Empty when the pages were read without fonts (pdf.js, OCR, text stored before).
   */
  emphasised: KeyTerm[];
}

/**
 * A glossary as textbooks print it after a "Key Terms" heading: a short term on its own line, then its meaning over one
 * or more lines ("authority" / "the entity (person or institution) holding legitimate power in a specific realm"), or
 * "term: meaning" on one line. The page text keeps no bold, so an entry's start is told by the layout of the whole
 * list: a meaning wraps onto its next line only from a full line, so the line after a short one opens the next entry,
 * and a term is followed by its meaning. A short line after a full one is ambiguous (the end of a meaning, or the next
 * term); the reading that keeps every other line in its place settles it ("… environmental protection" /
 * "intergovernmental organizations (IGOs)" / "organizations whose members are state governments" / "International Court
 * of Justice (ICJ)" / "the judicial organ …": the second short line cannot be a meaning's end, since the long line two
 * below it cannot be a term).
 */
export function glossaryOf(pages: readonly StudyPage[]): KeyTerm[] {
  const lines = pageLinesWithoutFurniture(pages).flatMap((page) =>
    page.lines.map((line) => ({ text: line.trim(), page: page.label })).filter((line) => line.text),
  );
  const lengths = lines.map((line) => line.text.length).sort((a, b) => a - b);
  const full = (lengths[Math.floor(lengths.length * 0.75)] ?? 80) * 0.8;
  return glossaryRuns(lines)
    .flatMap((run) => readGlossaryRun(run.map((line) => ({ ...line, full: line.text.length >= full }))))
    .filter((entry) => entry.definition.split(/\s+/).length >= 3)
    .map((entry) => ({ ...entry, definition: entry.definition.replace(/-\s(?=\p{Ll})/gu, '') }));
}

interface PageLine {
  text: string;
  page: string;
}

interface GlossaryLine extends PageLine {
  /** The line reaches the width of the page's text: a meaning may go on below it. */
  full: boolean;
}

// The lines under each glossary heading, up to the next heading.
function glossaryRuns(lines: readonly PageLine[]): PageLine[][] {
  const runs: PageLine[][] = [];
  let run: PageLine[] | null = null;
  for (const line of lines) {
    const role = line.text.split(/\s+/).length <= 4 && looksLikeHeading(line.text) ? roleOfHeading(line.text) : 'body';
    if (role === 'glossary') {
      run = [];
      runs.push(run);
    } else if (role !== 'body' || /^(?:\d{1,2}|\p{Lu})(?:\.\d{1,2})+\s+\p{Lu}/u.test(line.text)) run = null;
    else run?.push(line);
  }
  return runs;
}

// What a reading of a glossary pays for each line it cannot place as the layout expects.
const MISPLACED_LINE = 10;
// A meaning that filled its last line exactly: possible, but rarer than one that ends short.
const ENTRY_AFTER_FULL_LINE = 1;
// No entry of a glossary runs this long; bounds the search.
const LONGEST_ENTRY_LINES = 20;

interface Reading {
  cost: number;
  entries: KeyTerm[];
}

/**
 * Splits a glossary's lines into entries, choosing of all the splits the one that places the most lines as the layout
 * expects (a term line that looks like a term, a meaning that wraps only from full lines).
 */
function readGlossaryRun(lines: readonly GlossaryLine[]): KeyTerm[] {
  const best: Reading[] = [{ cost: 0, entries: [] }];
  for (let end = 1; end <= lines.length; end++) {
    const skipped = best[end - 1]!;
    let chosen: Reading = { cost: skipped.cost + MISPLACED_LINE, entries: skipped.entries };
    for (let start = Math.max(0, end - LONGEST_ENTRY_LINES); start < end; start++) {
      const entry = glossaryEntry(lines, start, end);
      if (!entry) continue;
      const cost = best[start]!.cost + entry.cost;
      if (cost < chosen.cost) chosen = { cost, entries: [...best[start]!.entries, entry.term] };
    }
    best.push(chosen);
  }
  return best[lines.length]!.entries;
}

// The entry made of lines [start, end) and what it costs, or null when those lines cannot be one entry.
function glossaryEntry(
  lines: readonly GlossaryLine[],
  start: number,
  end: number,
): { term: KeyTerm; cost: number } | null {
  const head = lines[start]!;
  const inline = /^([\p{L}][\p{L}\s'’-]{1,50}?)\s*[:—–]\s+(\S.+)$/u.exec(head.text);
  const meaningLines = lines.slice(start + 1, end);
  if (!inline && (!meaningLines.length || !looksLikeTerm(head))) return null;
  // Every line of the entry but its last wraps onto the next, so it is full.
  const wrapping = inline ? [head, ...meaningLines.slice(0, -1)] : meaningLines.slice(0, -1);
  let cost = wrapping.filter((line) => !line.full).length * MISPLACED_LINE;
  if (start > 0 && lines[start - 1]!.full) cost += ENTRY_AFTER_FULL_LINE;
  const meaning = [...(inline ? [inline[2]!] : []), ...meaningLines.map((line) => line.text)].join(' ').trim();
  const term = inline ? inline[1]!.trim() : head.text;
  return { term: { term, definition: meaning, pages: [head.page] }, cost };
}

// "Key Terms", "Glossary:" open a glossary; "terms." ending a sentence of an exercise does not.
function looksLikeHeading(line: string): boolean {
  return /^\p{Lu}/u.test(line) && !/[.,;]$/.test(line);
}

// A glossary's term: a few words on a line of their own, short of the page's width, not the end of a sentence or of
// a clause ("Organization for Security and Co-operation in Europe (OSCE)").
function looksLikeTerm(line: GlossaryLine): boolean {
  return !line.full && line.text.split(/\s+/).length <= 10 && !/[.,;:]$/.test(line.text);
}

/**
 * A box that names a concept and states it ("Multiplicative Principle" over "The multiplicative principle states
 * that …"): its label is a term and the sentence that names it is its definition.
 */
function boxDefinitions(blocks: readonly Block[], sentences: readonly AnalysedSentence[]): KeyTerm[] {
  const found: KeyTerm[] = [];
  blocks.forEach((block, at) => {
    if (block.kind !== 'heading' || block.number || block.text.split(/\s+/).length > 5) return;
    if (!/^\p{Lu}\p{Ll}/u.test(block.text)) return;
    const next = blocks[at + 1];
    if (!next || (next.kind !== 'paragraph' && next.kind !== 'list')) return;
    const key = singularKey(block.text);
    const sentence = sentences.find(
      (candidate) => next.text.startsWith(candidate.text.slice(0, 40)) && singularKey(candidate.text).includes(key),
    );
    if (sentence) found.push({ term: block.text, definition: sentence.text, pages: [sentence.origin] });
  });
  return found;
}

/** The terms stage: index entries, definitions (sentences and boxes) and the glossary, each once. */
export function chapterTerms(
  pages: readonly StudyPage[],
  blocks: readonly Block[],
  sentences: readonly AnalysedSentence[],
  indexTerms: readonly string[] = [],
): ChapterTerms {
  const glossary = glossaryOf(pages);
  const seen = new Set(glossary.map((entry) => singularKey(entry.term)));
  const definitions = [...boxDefinitions(blocks, sentences), ...findDefinitions(sentences, 60)].filter((entry) => {
    const key = singularKey(entry.term);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A story sets in italics what a character stresses or thinks, a ship's or a book's name: no terms to learn.
  const emphasised = kindOfText(sentences) === 'non-fiction' ? emphasisedTerms(pages, sentences) : [];
  return { index: [...indexTerms], definitions, glossary, emphasised };
}
