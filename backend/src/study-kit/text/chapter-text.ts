import { englishNlp } from './english-nlp.js';
import { isEverydayWord, isKnownWord } from './plain-words.js';
import { markUnmappedGlyphs, SECTION_NUMBER } from './sentence-hygiene.js';
import { splitFootnotes, withoutFootnoteMarks } from './footnotes.js';
import type { StudyPage } from '../types.js';

/** A token of an analysed sentence (wink-nlp's view of it). */
export interface SentenceToken {
  value: string;
  /** Whitespace before the token in the text (to rebuild phrases as written). */
  space: string;
  normal: string;
  lemma: string;
  pos: string;
  isWord: boolean;
  isStopWord: boolean;
}

/** A sentence in reading order with the page it starts on. */
export interface AnalysedSentence {
  position: number;
  text: string;
  /** Printed page label holding most of the sentence (for summaries, the citation it carried). */
  origin: string;
  /** Which input segment group it came from (the chapter, for a book). */
  group: number;
  tokens: SentenceToken[];
  words: string[];
  /** Lemmas of the content words (no stop words, no punctuation or numbers). */
  terms: string[];
  /** The mark of a quotation an earlier sentence opened and this one starts inside ("Let me think." mid-speech). */
  inQuotation?: '"' | "'";
}

/** A piece of text known to come from one origin (a page, or the part of a summary before a citation). */
export interface TextSegment {
  text: string;
  origin: string;
  group: number;
  /** The segment ends a block of its own (a paragraph, a list item): no sentence runs on into the next one. */
  endsBlock?: boolean;
}

const LINE_KEY_DIGITS = /\d+/g;
const PAGE_NUMBER_LINE = /^\s*(?:\d+|[ivxlcdm]+|page\s+\d+)\s*$/i;
// Running headers and footers live in the first and last lines of a page.
const EDGE_LINES = 2;

/**
 * A page's lines once its running heads, footers and page numbers are taken out, and the lines taken out; its
 * footnotes apart (their text without their numbers), and the reference marks gone from its prose.
 */
export interface PageLines {
  label: string;
  lines: string[];
  furniture: string[];
  footnotes: Array<{ number: string; text: string }>;
}

/**
 * Page furniture: a page number in a page's first or last lines, and a line repeated at the edge of many of the
 * chapter's pages (digits aside: "1.1. Additive Principles 24" and "… 25" are one running head).
 */
export function pageLinesWithoutFurniture(pages: readonly StudyPage[]): PageLines[] {
  const pageLines = pages.map((page) => joinDropCaps(page.text.split(/\r?\n/)));
  const edgeOf = (lines: readonly string[], depth: number) => {
    const filled = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.trim());
    return new Set([...filled.slice(0, depth), ...filled.slice(-depth)].map(({ index }) => index));
  };
  const edges = pageLines.map((lines) => edgeOf(lines, EDGE_LINES));
  // A running head or page counter ("21 / 123") repeated on most pages sits a line lower where a chapter opens.
  const headEdges = pageLines.map((lines) => edgeOf(lines, EDGE_LINES + 1));
  const repeatedLines = new Set<string>();
  if (pages.length >= 4) {
    const pagesPerLine = new Map<string, { count: number; first: number; last: number }>();
    pageLines.forEach((lines, pageIndex) => {
      const keys = new Set([...edges[pageIndex]!].map((index) => lineKey(lines[index]!)));
      for (const key of keys) {
        if (key.length > 80) continue;
        const seen = pagesPerLine.get(key);
        pagesPerLine.set(key, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? pageIndex, last: pageIndex });
      }
    });
    const threshold = Math.max(3, Math.ceil(pages.length * 0.3));
    // The book's running head is on most pages; a chapter's ("ADVENTURE I. A SCANDAL IN BOHEMIA") on most of its own.
    for (const [key, { count, first, last }] of pagesPerLine)
      if (count >= threshold || (count >= 3 && count * 2 >= last - first + 1)) repeatedLines.add(key);
  }
  return pages.map((page, pageIndex) => {
    const edge = edges[pageIndex]!;
    const headEdge = headEdges[pageIndex]!;
    const lines: string[] = [];
    const furniture: string[] = [];
    pageLines[pageIndex]!.forEach((line, index) => {
      const isFurniture =
        (edge.has(index) && PAGE_NUMBER_LINE.test(line)) || (headEdge.has(index) && repeatedLines.has(lineKey(line)));
      (isFurniture ? furniture : lines).push(line);
    });
    const { body, footnotes } = splitFootnotes(lines);
    return { label: page.label, lines: body.map(withoutFootnoteMarks), furniture, footnotes };
  });
}

/** PDF page text to prose without running heads; a "\n" is kept where the layout ends a block (a sentence boundary). */
export function cleanPageTexts(pages: readonly StudyPage[]): StudyPage[] {
  // A footnote is a block of its own after the page's text: it never runs into the sentence it annotates.
  return pageLinesWithoutFurniture(pages).map(({ label, lines, footnotes }) => ({
    label,
    text: [withBlockBreaks(lines), ...footnotes.map((note) => note.text)]
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n[\s]*/g, '\n')
      .trim(),
  }));
}

/**
 * A drop cap set on a line of its own, joined back to its word in the small capitals after it: "T" / "HE Lord St. Simon
 * marriage" reads "The Lord St. Simon marriage", "I" / "HAD called" reads "I had called". An index's letter heading
 * ("B" over "BASE, 47") is no drop cap: the letter and the word make no word, and the word is one alone.
 */
function joinDropCaps(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const letter = /^\s*(\p{Lu})\s*$/u.exec(lines[i]!)?.[1];
    let next = i + 1;
    while (next < lines.length && !lines[next]!.trim()) next += 1;
    // The word goes on into its sentence: a line holding only "T" under an "I" is a heading and an ornament.
    const opening =
      letter && next < lines.length ? /^\s*(\p{Lu}+)(?=[\s,.;:!?'"’”])(?=.*\s\S)/u.exec(lines[next]!) : null;
    if (!letter || !opening) {
      out.push(lines[i]!);
      continue;
    }
    const caps = opening[1]!;
    const joined = letter + caps;
    let word: string | null = null;
    if (isKnownWord(joined)) word = joined;
    else if (/^[AI]$/.test(letter) && isEverydayWord(caps)) word = `${letter} ${caps}`;
    else if (!isEverydayWord(caps) && !caps.startsWith(letter)) word = joined;
    if (!word) {
      out.push(lines[i]!);
      continue;
    }
    // Small capitals read as the word they begin: "The", "I had", not "THE", "I HAD".
    const spoken = word.charAt(0) + word.slice(1).toLowerCase().replace(/^ i$/, ' I');
    out.push(spoken + lines[next]!.trimStart().slice(caps.length));
    i = next;
  }
  return out;
}

export const BULLET = /^\s*[●•▪◦○■□➢►‣⁃∙◆◇❖➤→✱*–-](?:\s+|$)/u;
// "4 – Upcoming Passes view", "b) the second case": an enumerated item starts a block as a bullet does.
export const ENUMERATED = /^\s*(?:\d{1,2}\s+[–-]|\(?[a-z\d]{1,2}\))\s+\S/u;
export const NUMBERED_HEADING =
  /^\s*(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?|[A-Z]\.\d{1,2}(?:\.\d{1,2}){0,3}|[IVX]{1,4}\.)\s+\p{Lu}/u;
export const CHAPTER_LABEL = /^(?:chapter|part|book|lesson|unit)\s+(?:\d{1,3}|[ivxlc]{1,7}|[a-z]+)\.?$/i;
export const DOT_LEADER = /(?:\.\s?){4,}\s*\S{0,6}\s*$/;

// A heading (numbered, or a short unpunctuated line between a finished sentence and a capital), a list item or a lead-in's colon ends a block.
function withBlockBreaks(lines: readonly string[]): string {
  const filled = lines.map((line) => line.trim()).filter(Boolean);
  const lengths = filled.map((line) => line.length).sort((a, b) => a - b);
  const typical = lengths[Math.floor(lengths.length * 0.75)] ?? 0;
  const verse = verseLines(filled);
  let out = '';
  let previous = '';
  let previousWasHeading = false;
  let previousWasItem = false;
  let pendingBreak = false;
  filled.forEach((line, index) => {
    const next = filled[index + 1] ?? '';
    const bullet = BULLET.exec(line);
    const body = bullet ? line.slice(bullet[0].length).trim() : line;
    const words = body.split(/\s+/).length;
    const unpunctuated = isUnpunctuatedLine(body);
    // A heading ends a block as a finished sentence does: "Chapter 1" then "The Water Cycle" are two headings.
    const afterSentence = !previous || previousWasHeading || /[.!?:"”)]$/u.test(previous);
    // "6.2.3" alone on its line, its title on the next: both are the heading.
    const heading =
      SECTION_NUMBER.test(body) ||
      (!bullet &&
        unpunctuated &&
        words <= 12 &&
        (DOT_LEADER.test(body) ||
          // "Chapter VIII" then "The Queen's Croquet-Ground": the line under a chapter's label is its title.
          (previousWasHeading && CHAPTER_LABEL.test(previous) && /^\p{Lu}/u.test(body)) ||
          (NUMBERED_HEADING.test(body) && (afterSentence || body.length < typical * 0.7)) ||
          (words <= 8 &&
            body.length < typical * 0.6 &&
            /^\p{Lu}/u.test(body) &&
            afterSentence &&
            /^\p{Lu}/u.test(next.replace(BULLET, '')))));
    if (!body) {
      pendingBreak = true;
      return;
    }
    if (out && previousWasHeading && headingGoesOn(previous, body, next)) {
      out += ` ${body}`;
      previous = body;
      return;
    }
    if (out && verse[index] && verse[index - 1]) {
      out += ` / ${body}`;
      previous = body;
      previousWasHeading = previousWasItem = false;
      return;
    }
    const breaks =
      heading ||
      bullet ||
      ENUMERATED.test(body) ||
      pendingBreak ||
      /:$/.test(previous) ||
      previousWasHeading ||
      // "4 – Upcoming Passes view" then "The remaining four numbers …": an unpunctuated item ends at a capital.
      (previousWasItem && !/[.,;:!?]$/.test(previous) && /^\p{Lu}/u.test(body));
    pendingBreak = false;
    if (!out) out = body;
    else if (breaks) out += `\n${body}`;
    else if (/[A-Za-z]-$/.test(out) && /^[a-z]/.test(body)) out = out.slice(0, -1) + body;
    else out += ` ${body}`;
    previous = body;
    previousWasHeading = heading;
    previousWasItem = Boolean(bullet) || ENUMERATED.test(body) || (previousWasItem && !breaks);
  });
  return out;
}

/**
 * "2.2.2 Stability properties derived from the amplification" / "factor" / "The factor A is called …": a numbered
 * heading too long for its line ends on the next, a few lower-case words before a capital. Read as a line of its own,
 * the rest of the heading would open the paragraph's first sentence ("factor The factor A is called …").
 */
function headingGoesOn(heading: string, line: string, next: string): boolean {
  return (
    NUMBERED_HEADING.test(heading) &&
    isUnpunctuatedLine(line) &&
    line.split(/\s+/).length <= 3 &&
    /^\p{Ll}/u.test(line) &&
    /^\p{Lu}/u.test(next)
  );
}

// A line ending a sentence or leading in to a list or a description ("Polylines (including boxes):").
const CLOSED_LINE = /[.!?:]["'’”)]*$/u;
const LINE_END_PUNCTUATION = /[,;:.!?]["'’”)]*$/u;

/**
 * Verse: a run of four or more short lines opening with capitals, two in three of them though the line before did not
 * end a sentence, and mostly ending on punctuation ("All in the golden afternoon / Full leisurely we glide; / For both our
 * oars, …"). Its lines are kept apart with " / ", as verse is quoted in prose, instead of running together.
 */
function verseLines(lines: readonly string[]): boolean[] {
  const verse = lines.map(() => false);
  const verseLike = (line: string) =>
    line.length <= 60 &&
    /^["'‘“]?\p{Lu}/u.test(line) &&
    line.split(/\s+/).length >= 3 &&
    /\s\p{Ll}/u.test(line) &&
    !BULLET.test(line) &&
    !DOT_LEADER.test(line);
  let start = 0;
  for (let end = 0; end <= lines.length; end += 1) {
    if (end < lines.length && verseLike(lines[end]!)) continue;
    const run = lines.slice(start, end);
    // Prose only breaks a line before a capital where a sentence ended (or at a name); verse does it throughout.
    const capitalAfterOpenLine = run.filter((_, at) => at > 0 && !CLOSED_LINE.test(run[at - 1]!)).length;
    const punctuated = run.filter((item) => LINE_END_PUNCTUATION.test(item)).length;
    if (run.length >= 4 && capitalAfterOpenLine * 3 >= (run.length - 1) * 2 && punctuated * 2 >= run.length)
      verse.fill(true, start, end);
    start = end + 1;
  }
  return verse;
}

/** A line that does not end as a sentence does; "5.11 Non-Maintainer Uploads (NMUs)": an abbreviation in brackets does not punctuate it. */
export function isUnpunctuatedLine(line: string): boolean {
  const text = line.trim();
  return !/[.,;:!?)\]"'’”]$/u.test(text) || /\s\(\p{Lu}[\p{L}\p{N}]{0,11}\)$/u.test(text);
}

function lineKey(line: string): string {
  return line.trim().toLowerCase().replace(LINE_KEY_DIGITS, '#');
}

/** Splits segments into sentences with wink-nlp, keeping each sentence's origin (the segment holding most of it). */
// "… created for you.1 As of …": a footnote number glued to a full stop hides the end of the sentence.
const FOOTNOTE_AFTER_SENTENCE = /(\p{Ll}[.!?])\d{1,2}(?= \p{Lu})/gu;
// The tokenizer keeps "… in the sun. (The yellow cat sat.) When …" as one sentence: a line break ends each.
const SENTENCE_BEFORE_PARENTHESIS = /(?<!\b(?:Mr|Mrs|Ms|Dr|St|Prof|No|Fig|cf|vs|e\.g|i\.e))([.!?]) (?=\(\p{Lu})/gu;
const PARENTHESIS_BEFORE_SENTENCE = /([.!?]\)) (?=\p{Lu})/gu;

export function analyseSegments(segments: readonly TextSegment[]): AnalysedSentence[] {
  const nlp = englishNlp();
  const its = nlp.its;
  // One document for all segments, so a sentence running across a page break stays whole.
  const starts: number[] = [];
  const ends: number[] = [];
  let text = '';
  for (const segment of segments) {
    const piece = markUnmappedGlyphs(segment.text)
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n\s*/g, '\n')
      .replace(FOOTNOTE_AFTER_SENTENCE, '$1')
      .replace(SENTENCE_BEFORE_PARENTHESIS, '$1\n')
      .replace(PARENTHESIS_BEFORE_SENTENCE, '$1\n')
      .trim();
    if (!piece) {
      starts.push(-1);
      ends.push(-1);
      continue;
    }
    if (text) text += ' ';
    starts.push(text.length);
    text += piece;
    ends.push(text.length);
    if (segment.endsBlock) text += '\n';
  }
  if (!text) return [];
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) breaks.push(at);
  text = text.replace(/\n/g, ' ');
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out() as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const types = tokens.out(its.type) as string[];
  const normals = tokens.out(its.normal) as string[];
  // wink types its.lemma with an addons parameter the other helpers lack; the call is the documented one.
  const lemmas = tokens.out(its.lemma as typeof its.normal) as string[];
  const tags = tokens.out(its.pos) as string[];
  const stopFlags = tokens.out(its.stopWordFlag) as unknown as boolean[];

  // Character offset of every token, re-found in the text so an unexpected token value cannot shift the rest.
  const offsets: number[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] ?? '';
    const expected = cursor + (spaces[i] ?? '').length;
    const found = text.startsWith(value, expected) ? expected : text.indexOf(value, cursor);
    const at = found >= 0 ? found : expected;
    offsets.push(at);
    cursor = at + (found >= 0 ? value.length : 0);
  }

  const sentences: AnalysedSentence[] = [];
  // "the device.count, which …": a full stop with no space and a lower-case next is a dotted name.
  const spans: Array<[number, number]> = [];
  for (const [first, last] of splitAtBreaks(
    doc.sentences().out(its.span) as unknown as Array<[number, number]>,
    offsets,
    breaks,
  )) {
    const previous = spans[spans.length - 1];
    if (
      previous &&
      previous[1] === first - 1 &&
      /[.]$/.test(values[previous[1]] ?? '') &&
      !(spaces[first] ?? '') &&
      /^[\p{Ll}\p{N}_]/u.test(values[first] ?? '')
    )
      previous[1] = last;
    else spans.push([first, last]);
  }
  const kept = spans.flatMap(([first, last]) => {
    const begin = offsets[first] ?? 0;
    const end = (offsets[last] ?? begin) + (values[last] ?? '').length;
    const sentenceText = text.slice(begin, end).trim();
    return sentenceText ? [{ first, last, begin, end, sentenceText }] : [];
  });
  const quotations = quotationsOf(kept.map((sentence) => sentence.sentenceText));
  for (const [index, { first, last, begin, end, sentenceText }] of kept.entries()) {
    const inQuotation = quotations[index];
    const segmentIndex = segmentHoldingMost(starts, ends, begin, end);
    const segment = segments[segmentIndex];
    const sentenceTokens: SentenceToken[] = [];
    for (let i = first; i <= last; i += 1) {
      sentenceTokens.push({
        value: values[i] ?? '',
        space: i === first ? '' : (spaces[i] ?? ''),
        normal: normals[i] ?? '',
        lemma: (lemmas[i] ?? normals[i] ?? '').toLowerCase(),
        pos: tags[i] ?? 'X',
        isWord: types[i] === 'word',
        isStopWord: Boolean(stopFlags[i]),
      });
    }
    sentences.push({
      position: sentences.length,
      text: sentenceText,
      origin: segment?.origin ?? '',
      group: segment?.group ?? 0,
      tokens: sentenceTokens,
      words: sentenceTokens.filter((token) => token.isWord).map((token) => token.normal),
      terms: sentenceTokens.filter(isContentToken).map((token) => token.lemma),
      inQuotation,
    });
  }
  return sentences;
}

// "'em", "'tis", "rock 'n' roll": an apostrophe for left-out letters, not a quotation mark.
const ELISION = /^(?:em|tis|twas|twere|twill|cause|n|til|un|ave|ere|bout|round|fore)\b/i;
// A quotation still open after this many sentences without a quotation mark was a mark misread, not speech, unless
// the next mark closes it: a long speech (a monologue of forty sentences) has marks only at its two ends.
const LONGEST_UNMARKED_SPEECH = 8;

type MarkEvent = 'open-double' | 'close-double' | 'open-single' | 'open-single-at-start' | 'close-single';

/** The quotation marks of a sentence, in order: a mark opens or closes by its neighbours; "don't" has neither. */
function markEvents(sentence: string): MarkEvent[] {
  const events: MarkEvent[] = [];
  for (let at = 0; at < sentence.length; at += 1) {
    const mark = sentence[at]!;
    if (!'"“”\'‘’'.includes(mark)) continue;
    const before = sentence[at - 1] ?? ' ';
    const after = sentence[at + 1] ?? ' ';
    const opens = /[\s([—–-]/u.test(before) && /[\p{L}\p{N}"“‘']/u.test(after);
    const closes = /[\p{L}\p{N}.,!?;:—–-]/u.test(before) && /[\s.,;:!?)\]"'”’—–-]/u.test(after);
    if (mark === '“' || (mark === '"' && opens)) events.push('open-double');
    else if (mark === '”' || (mark === '"' && closes)) events.push('close-double');
    else if ((mark === '‘' || mark === "'") && opens && /\p{L}/u.test(after) && !ELISION.test(sentence.slice(at + 1)))
      events.push(sentence.slice(0, at).trim() ? 'open-single' : 'open-single-at-start');
    else if ((mark === '’' || mark === "'") && closes) events.push('close-single');
  }
  return events;
}

/**
 * Per sentence, the mark of the quotation it starts inside, if any, so the middle of a long speech, which has no mark
 * of its own, is known as speech.
 */
export function quotationsOf(sentences: readonly string[]): Array<'"' | "'" | undefined> {
  const events = sentences.map(markEvents);
  let double = false;
  /** Single quotations open: a speech in single marks may quote someone in single marks too ("Says I, 'Food …'"). */
  let single = 0;
  let unmarked = 0;
  // Whether the next sentence with a mark closes the quotation open now.
  const closedLater = (from: number) => {
    const next = events.slice(from).find((marks) => marks.length > 0)?.[0];
    return double ? next === 'close-double' : next === 'close-single';
  };
  return sentences.map((_, index) => {
    const inside = double ? '"' : single > 0 ? "'" : undefined;
    for (const event of events[index]!) {
      if (event === 'open-double') double = true;
      // A quotation inside the one that closes cannot outlive it.
      else if (event === 'close-double') [double, single] = [false, 0];
      // A sentence opening with the mark starts a speech (or its next paragraph): nothing is nested in it yet.
      else if (event === 'open-single-at-start') single = 1;
      else if (event === 'open-single') single = Math.min(single + 1, 2);
      else single = Math.max(single - 1, 0);
    }
    unmarked = events[index]!.length > 0 ? 0 : unmarked + 1;
    if (unmarked === LONGEST_UNMARKED_SPEECH && !closedLater(index + 1)) [double, single] = [false, 0];
    return inside;
  });
}

// A sentence span cut wherever a layout break falls between two of its tokens.
function splitAtBreaks(
  spans: ReadonlyArray<[number, number]>,
  offsets: readonly number[],
  breaks: readonly number[],
): Array<[number, number]> {
  if (!breaks.length) return [...spans];
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [first, last] of spans) {
    let start = first;
    for (let i = first + 1; i <= last; i += 1) {
      const at = offsets[i] ?? 0;
      while (next < breaks.length && breaks[next]! < (offsets[start] ?? 0)) next += 1;
      if (next < breaks.length && breaks[next]! < at) {
        out.push([start, i - 1]);
        start = i;
      }
    }
    out.push([start, last]);
  }
  return out;
}

export function isContentToken(token: SentenceToken): boolean {
  return token.isWord && !token.isStopWord && token.normal.length > 1 && /[a-z\p{L}]/u.test(token.normal);
}

// The segment with the largest share of [begin, end); on a tie, the earlier one (where the sentence starts).
function segmentHoldingMost(starts: readonly number[], ends: readonly number[], begin: number, end: number): number {
  let found = 0;
  let most = -1;
  for (let i = 0; i < starts.length; i += 1) {
    const start = starts[i] ?? -1;
    if (start < 0) continue;
    if (start > end) break;
    const overlap = Math.min(end, ends[i] ?? start) - Math.max(begin, start);
    if (overlap > most) {
      most = overlap;
      found = i;
    }
  }
  return found;
}

/** Pages of a chapter as analysed sentences (after header/footer clean-up). */
export function analyseChapterPages(pages: readonly StudyPage[]): AnalysedSentence[] {
  return analyseSegments(cleanPageTexts(pages).map((page) => ({ text: page.text, origin: page.label, group: 0 })));
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
