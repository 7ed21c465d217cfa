import { isKnownWord } from './plain-words.js';
import { looksLikeCode } from './sentence-hygiene.js';

// Footnotes as a PDF's text layer gives them: the note at the page's foot opens with its number run into its first
// word ("1You might wonder …", "13Throughout this book …") or set before it ("1 We use the expression method …"), and
// the reference mark in the prose is a superscript run into the word or punctuation it follows ("… the law.12 Next",
// "… the state of nature16 to …") or set on a line of its own. Neither is text a student reads.

/** A page's body lines with its footnotes taken out, and the footnotes by number. */
export interface PageFootnotes {
  body: string[];
  footnotes: Array<{ number: string; text: string }>;
}

// "1You", "13Throughout", "3An", "1A set": a small number run into a capitalised word. "3D printing" is no note: a
// capital glued to a number opens a note only when a lower-case letter follows it, or when it is the word A or I.
const GLUED_OPENING = /^(\d{1,2})(?=\p{Lu}\p{Ll}|[AI]\s)/u;
// "1 We use …": a small number, a space, a capitalised word; a note only when the page carries its mark.
const SPACED_OPENING = /^(\d{1,2})\s+(?=\p{Lu}\p{Ll})/u;
// The end of a line that finishes a sentence: a note below it starts on the next line.
const ENDS_SENTENCE = /[.!?:]["'’”)]*(?:\d{1,3})?$/u;

/** The number a line opens a footnote with, or null. A spaced number counts only when the body marks it. */
function footnoteNumber(line: string, marked: ReadonlySet<string>): string | null {
  const glued = GLUED_OPENING.exec(line);
  if (glued) return glued[1]!;
  const spaced = SPACED_OPENING.exec(line);
  return spaced && marked.has(spaced[1]!) ? spaced[1]! : null;
}

// A mark set in the prose: a number alone on its line (the superscript the layout lifted out), or run into the end
// of a word or its punctuation ("method1", "sets.2").
const MARK_ALONE = /^(\d{1,2})$/;
const MARK_AFTER_WORD = /\p{L}{2}[.,;:!?"'’”)]?(\d{1,2})(?=\s|$)/gu;

function marksOf(lines: readonly string[], { aloneOnly = false } = {}): Set<string> {
  const marks = new Set<string>();
  for (const line of lines) {
    const alone = MARK_ALONE.exec(line);
    if (alone) marks.add(alone[1]!);
    if (!aloneOnly) for (const match of line.matchAll(MARK_AFTER_WORD)) marks.add(match[1]!);
  }
  return marks;
}

/**
 * The footnotes at a page's foot taken out of its lines. A page's notes are its last lines: each starts after a blank
 * line or a finished sentence with a footnote number one higher than the note before. A page's first line never opens
 * a note: notes stand under a text.
 */
export function splitFootnotes(lines: readonly string[]): PageFootnotes {
  const trimmed = lines.map((line) => line.trim());
  const start = footStart(trimmed);
  if (start === null) return { body: [...lines], footnotes: [] };
  const marked = marksOf(trimmed.slice(0, start));
  const footnotes: Array<{ number: string; text: string }> = [];
  for (const line of trimmed.slice(start)) {
    if (!line) continue;
    const number = footnoteNumber(line, marked);
    const last = footnotes.at(-1);
    if (number && (!last || Number(number) > Number(last.number))) {
      footnotes.push({ number, text: line.slice(number.length).trim() });
    } else if (last) {
      last.text =
        /[A-Za-z]-$/.test(last.text) && /^[a-z]/.test(line) ? last.text.slice(0, -1) + line : `${last.text} ${line}`;
    }
  }
  // The marks that stand alone on a line are the notes' superscripts: no line of the body.
  const numbers = new Set(footnotes.map((note) => note.number));
  const body = lines.slice(0, start).filter((line) => !numbers.has(MARK_ALONE.exec(line.trim())?.[1] ?? ''));
  return { body, footnotes };
}

// A note runs to a few lines; a longer run after a numbered line is the page's own text.
const MAX_NOTE_LINES = 10;

/**
 * Where a page's footnotes start, or null when it has none: the last line opening a note (after a blank line or a
 * finished sentence, or marked by a superscript on a line of its own; a few lines from the foot), then each note
 * above it with the number one lower, a few lines up.
 */
function footStart(lines: readonly string[]): number | null {
  const filled = lines.map((line, index) => ({ line, index })).filter(({ line }) => line);
  // Most pages have no line near the foot opening as a note does: nothing to look for.
  const foot = filled.slice(-(2 * MAX_NOTE_LINES + 2));
  if (!foot.some(({ line }) => GLUED_OPENING.test(line) || SPACED_OPENING.test(line))) return null;
  // The page's marks, read once from its lines that do not open with a number (a note's own text marks nothing).
  const text = lines.filter((line) => !/^\d+\D/.test(line));
  const marked = marksOf(text);
  const lifted = marksOf(text, { aloneOnly: true });
  const opensNote = (at: number): string | null => {
    const { line, index } = filled[at]!;
    const above = filled[at - 1];
    const number = above ? footnoteNumber(line, marked) : null;
    if (!number) return null;
    // Under a code listing the note follows no sentence: a superscript lifted onto a line of its own marks it.
    const afterBreak = above!.index < index - 1 || ENDS_SENTENCE.test(above!.line);
    return afterBreak || lifted.has(number) ? number : null;
  };
  let at = filled.length - 1;
  while (at > 0 && filled.length - 1 - at <= MAX_NOTE_LINES && !opensNote(at)) at -= 1;
  let number = at > 0 ? opensNote(at) : null;
  if (!number || filled.length - 1 - at > MAX_NOTE_LINES) return null;
  let start = at;
  for (let above = at - 1; above > 0 && start - above <= MAX_NOTE_LINES; above -= 1) {
    const lower = opensNote(above);
    if (lower && Number(lower) === Number(number) - 1) {
      start = above;
      number = lower;
    }
  }
  return filled[start]!.index;
}

// A reference mark after a word's punctuation: "difference.37", "rights.18 In", "Year,”35".
const MARK_AFTER_PUNCTUATION = /(\p{Ll}{2}[.,;:!?]["”’)]?)\d{1,3}(?=\s|$)/gu;
// A reference mark run into a word: "nature16 to", "women34 and", "Americans35 were". The word is one of English of
// four letters or more, so "CO2", "x2", "tmp1", "arg1" or "log2" keep their numbers, and the mark is followed by a
// space or by punctuation and a space, so "python2.7" and "day8.php" keep theirs.
const MARK_AFTER_WORD_IN_PROSE = /(?<![\p{L}\p{N}_./\\-])(\p{L}*\p{Ll}{2})([1-9]\d{0,2})(?=[,.;:!?)"”’]*(?:\s|$))/gu;
const PROSE_WORD = /^["'(“‘]?[A-Za-z][a-z]+(?:['’-][a-z]+)*[,.;:!?)"'”’]*$/;

function readsAsProse(line: string): boolean {
  const words = line.split(/\s+/).filter(Boolean);
  const prose = words.filter((word) => PROSE_WORD.test(word.replace(/\d+(?=[,.;:!?)"'”’]*$)/, ''))).length;
  // "dummy1, bins, dummy2 = hist(": an assignment is program text, whatever its words.
  return words.length >= 4 && prose / words.length >= 0.6 && !looksLikeCode(line) && !line.includes('=');
}

const MARK_CANDIDATE = /\p{Ll}[.,;:!?"”’)]{0,2}\d/u;

/** A line without the footnote reference marks run into its words; lines of code and formulas keep their digits. */
export function withoutFootnoteMarks(line: string): string {
  // Most lines hold no digit after a letter: nothing to take out, and nothing to test.
  if (!MARK_CANDIDATE.test(line) || looksLikeCode(line)) return line;
  const text = line.replace(MARK_AFTER_PUNCTUATION, '$1');
  if (!readsAsProse(text)) return text;
  const marked = [...text.matchAll(MARK_AFTER_WORD_IN_PROSE)].filter(([, word]) => isMarkedWord(word!));
  // "cell0 cell1 cell2 …", "step1, step2": numbered names, not a page's notes, which are seldom more than two a line.
  if (marked.length > MAX_MARKS_PER_LINE || new Set(marked.map(([, word]) => word)).size < marked.length) return text;
  return text.replace(MARK_AFTER_WORD_IN_PROSE, (whole, word: string) => (isMarkedWord(word) ? word : whole));
}

const MAX_MARKS_PER_LINE = 2;

function isMarkedWord(word: string): boolean {
  return word.length >= 4 && isKnownWord(word);
}
