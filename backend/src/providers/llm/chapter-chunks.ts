import { teachingPages } from '../../study-kit/index.js';
import type { StudyPage } from './study-engine.port.js';
import { countTokens, splitByTokens } from './token-counter.js';

/** A piece of a chapter small enough for one model call, with "[p. N]" markers where each page starts. */
export interface TextChunk {
  text: string;
  /** Printed labels of the pages the chunk covers, in reading order. */
  labels: string[];
  tokens: number;
}

interface Unit {
  label: string;
  text: string;
  tokens: number;
}

/** The marker put before a page's text so the model can cite it. */
export function pageMarker(label: string): string {
  return `[p. ${label}]`;
}

/**
 * Token-aware chunks of a chapter: sentences (Intl.Segmenter, in the book's language) packed into chunks
 * of at most `maxTokens`, balanced so the last chunk is not a sliver. The pages are read as the offline engine reads
 * them (the kit's blocks: headers, footers and page numbers gone, headings marked, code fenced); each chunk names the
 * pages it covers.
 */
export function chunkChapterPages(
  pages: readonly StudyPage[],
  maxTokens: number,
  language: string | null,
): TextChunk[] {
  const units = sentenceUnits(teachingPages(pages), maxTokens, language);
  // A unit costs its tokens plus a space, or plus a "[p. N]" marker when it starts a page.
  const costOf = (unit: Unit, previous: Unit | undefined) => unit.tokens + (previous?.label === unit.label ? 1 : 5);
  const total = units.reduce((sum, unit, index) => sum + costOf(unit, units[index - 1]), 0);
  if (total === 0) return [];

  const chunks: TextChunk[] = [];
  let current: Unit[] = [];
  let currentTokens = 0;
  let remaining = total;
  let chunksLeft = Math.ceil(total / maxTokens);
  let target = total / chunksLeft;
  for (const unit of units) {
    const cost = costOf(unit, current.at(-1));
    // Close before this unit when it would overflow, or (not in the last chunk) when stopping here lands nearer the target.
    const nearerTarget = chunksLeft > 1 && currentTokens + cost - target > target - currentTokens;
    if (current.length && (currentTokens + cost > maxTokens || nearerTarget)) {
      chunks.push(assemble(current));
      current = [];
      currentTokens = 0;
      chunksLeft = Math.max(1, chunksLeft - 1);
      target = remaining / chunksLeft;
    }
    const placed = costOf(unit, current.at(-1));
    current.push(unit);
    currentTokens += placed;
    remaining -= placed;
  }
  if (current.length) chunks.push(assemble(current));
  return chunks;
}

function assemble(units: readonly Unit[]): TextChunk {
  const parts: string[] = [];
  const labels: string[] = [];
  for (const unit of units) {
    if (labels.at(-1) !== unit.label) {
      labels.push(unit.label);
      parts.push(`${parts.length ? '\n' : ''}${pageMarker(unit.label)} ${unit.text}`);
    } else {
      parts.push(` ${unit.text}`);
    }
  }
  const text = parts.join('');
  return { text, labels, tokens: countTokens(text) };
}

function sentenceUnits(pages: readonly StudyPage[], maxTokens: number, language: string | null): Unit[] {
  const segmenter = sentenceSegmenter(language);
  const units: Unit[] = [];
  for (const page of pages) {
    for (const { segment } of segmenter.segment(page.text)) {
      const text = segment.trim();
      if (!text) continue;
      const tokens = countTokens(text);
      if (tokens <= maxTokens - 16) {
        units.push({ label: page.label, text, tokens });
        continue;
      }
      // A "sentence" longer than a chunk (a table, code, no punctuation): cut it by tokens.
      for (const piece of splitByTokens(text, maxTokens - 16))
        units.push({ label: page.label, text: piece, tokens: countTokens(piece) });
    }
  }
  return units;
}

function sentenceSegmenter(language: string | null): Intl.Segmenter {
  try {
    return new Intl.Segmenter(language ?? undefined, { granularity: 'sentence' });
  } catch {
    return new Intl.Segmenter(undefined, { granularity: 'sentence' });
  }
}
