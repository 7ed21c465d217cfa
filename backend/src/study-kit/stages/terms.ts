import type { AnalysedSentence } from '../text/chapter-text.js';
import { pageLinesWithoutFurniture } from '../text/chapter-text.js';
import { findDefinitions, singularKey, type KeyTerm } from '../composers/study-notes.js';
import { roleOfHeading, type Block } from './blocks.js';
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
   * Emphasised terms (bold or italic in the book) are not here: the stored page text keeps no font, so the kit finds
   * a chapter's terms in its definitions, its glossary and the index instead.
   */
}

/**
 * A glossary as textbooks print it after a "Key Terms" heading: a short term on its own line, then its meaning over one
 * or more lines ("authority" / "the entity (person or institution) holding legitimate power in a specific realm"), or
 * "term: meaning" on one line. A short line after a full one is the end of a meaning when a term follows it, and a
 * term when a meaning follows it (a meaning that filled its one line: "… to the ruler" / "civil religion" / "a common
 * religious sentiment, …").
 */
export function glossaryOf(pages: readonly StudyPage[]): KeyTerm[] {
  const lines = pageLinesWithoutFurniture(pages).flatMap((page) =>
    page.lines.map((line) => ({ text: line.trim(), page: page.label })).filter((line) => line.text),
  );
  const lengths = lines.map((line) => line.text.length).sort((a, b) => a - b);
  const full = (lengths[Math.floor(lengths.length * 0.75)] ?? 80) * 0.8;
  const terms: KeyTerm[] = [];
  let inGlossary = false;
  let current: KeyTerm | null = null;
  let previousLength = 0;
  lines.forEach(({ text, page }, at) => {
    const role = text.split(/\s+/).length <= 4 && looksLikeHeading(text) ? roleOfHeading(text) : 'body';
    if (role === 'glossary') {
      inGlossary = true;
      current = null;
      previousLength = 0;
      return;
    }
    if (!inGlossary) return;
    if (role !== 'body' || /^(?:\d{1,2}|\p{Lu})(?:\.\d{1,2})+\s+\p{Lu}/u.test(text)) {
      inGlossary = false;
      return;
    }
    const inline = /^([\p{L}][\p{L}\s'’-]{1,50}?)\s*[:—–]\s+(\S.+)$/u.exec(text);
    if (inline) {
      current = { term: inline[1]!.trim(), definition: inline[2]!.trim(), pages: [page] };
      terms.push(current);
    } else if (
      looksLikeTerm(text) &&
      (previousLength < full || !current || !looksLikeTerm(lines[at + 1]?.text ?? ''))
    ) {
      current = { term: text, definition: '', pages: [page] };
      terms.push(current);
    } else if (current) current.definition = `${current.definition} ${text}`.trim();
    previousLength = text.length;
  });
  return terms
    .filter((entry) => entry.definition.split(/\s+/).length >= 3)
    .map((entry) => ({ ...entry, definition: entry.definition.replace(/-\s(?=\p{Ll})/gu, '') }));
}

// "Key Terms", "Glossary:" open a glossary; "terms." ending a sentence of an exercise does not.
function looksLikeHeading(line: string): boolean {
  return /^\p{Lu}/u.test(line) && !/[.,;]$/.test(line);
}

// A glossary's term: a few words on a line of their own, not the end of a sentence or of a clause.
function looksLikeTerm(line: string): boolean {
  return line.split(/\s+/).length <= 6 && line.length < 50 && !/[.,;:]$/.test(line);
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
  return { index: [...indexTerms], definitions, glossary };
}
