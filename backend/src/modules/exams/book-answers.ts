import answerTitles from '../../study-kit/data/answer-titles.json' with { type: 'json' };
import exerciseLeads from '../../study-kit/data/exercise-leads.json' with { type: 'json' };
import matterTitles from '../../study-kit/data/matter-titles.json' with { type: 'json' };
import { escapeRegExp, pageBlocks } from '../../study-kit/index.js';

/*
 * The answers a book prints to its own exercises: its "Solutions to Exercises", "Answer Key" or "Hints and Solutions"
 * part, in the back matter or at a chapter's end. Each answer is keyed the way the book numbers its exercises
 * ("0.2.1": exercise 1 of section 0.2), so a chapter's exercises find theirs by number.
 */

export interface AnswerPage {
  /** Physical PDF page, 1-based. */
  number: number;
  label: string;
  text: string;
}

export interface PrintedAnswer {
  /** The exercise's number with the part of the book it belongs to: "0.2.1", "3.14", "4.2". */
  key: string;
  /** The answer as the book prints it, its parts ("(a) …", "(b) …") on lines of their own. */
  text: string;
  /** The answer's lettered parts, by letter ("a" -> "A ∩ B = {3, 4, 5}."); empty when it has none. */
  parts: Record<string, string>;
  /** Where the answer starts: the physical page and its printed label. */
  page: number;
  pageLabel: string;
}

/** Longest answer shown whole; a longer one is cut at a word with an ellipsis. */
export const MAX_ANSWER_CHARS = 700;

// A title's words stand apart by spaces or a hyphen ("Odd-Numbered Exercises", "odd numbered exercises").
const escape = (word: string) => escapeRegExp(word).replace(/[\s-]+/g, '[\\s-]+');
const alternatives = (words: readonly string[]) => words.map(escape).join('|');

// A part's number as books print it: "3", "0.2", "A.1", "2.4.10".
const NUMBER = String.raw`(?:\d{1,3}|[A-Z])(?:\.\d{1,3}){0,3}`;
// "Appendix B", "B", "7." before a part's title.
const TITLE_LEAD = String.raw`(?:appendix\s+)?(?:[A-Z]|\d{1,2})[.:]?\s+`;
const ANSWERS_TITLE = new RegExp(`^(?:${TITLE_LEAD})?(?:${alternatives(answerTitles.titles)})\\s*[:.]?$`, 'i');
// "Solutions for Section 0.2", "Chapter 3", "Answers to Chapter 3 Exercises", "Exercises 2.4".
const SCOPE_HEADING = new RegExp(
  String.raw`^(?:(?:${alternatives(answerTitles.titles)})\s+(?:for|to|of|in)\s+)?(?:the\s+)?` +
    String.raw`(?:${alternatives(answerTitles.scopes)})\s+(${NUMBER})` +
    String.raw`(?:\s*[:.]?\s*(?:${alternatives(answerTitles.scopes)}|review(?:\s+exercises)?))?\s*[:.]?$`,
  'i',
);
// "0.2.1. (a) …", "3.14 The …", "12. No.", "4) …": a number, dotted or closed, then the answer.
const NUMBERED_ENTRY = /^(\d{1,3}(?:\.\d{1,3}){0,3}|[A-Z](?:\.\d{1,3}){1,3})(\.|\)|:|(?=\s))\s*(.*)$/u;
// "Exercise 1.2:", "Problem 3." before the answer.
const LEAD_ENTRY = new RegExp(`^(?:${alternatives(exerciseLeads.exercise)})\\s+(${NUMBER})\\s*[.:)]?\\s*(.*)$`, 'i');
// A back-matter part that follows the answers ("Index", "Bibliography", "List of Symbols").
const matter = new Set(matterTitles.titles);
const MATTER_OPENINGS = matterTitles.titles.filter((title) => title.split(' ').length > 1 && title.endsWith(' of'));
const FURNITURE_EDGE = 3;
const DOTS = /(?:\.\s?){4,}/;
const PART_MARK = /(?:^|\s)\(([a-z])\)\s/g;

/** A line that opens a book's answers part ("Solutions to Exercises", "Appendix B Answers", "Answer Key"). */
export function isAnswersTitle(line: string): boolean {
  const text = line.replace(/\s+/g, ' ').trim();
  return text.length <= 80 && ANSWERS_TITLE.test(text);
}

function endsAnswers(line: string): boolean {
  const text = line.toLowerCase().replace(/\s+/g, ' ').trim();
  return matter.has(text) || MATTER_OPENINGS.some((opening) => text.startsWith(`${opening} `));
}

/** "2.1" before "2.1.1" before "2.2" before "10.1"; an appendix ("A.1") after the chapters, in its letter's order. */
export function compareKeys(a: string, b: string): number {
  const parts = (key: string) =>
    key.split('.').map((part) => (/^[A-Z]$/i.test(part) ? 1000 + part.toUpperCase().charCodeAt(0) : Number(part)));
  const x = parts(a);
  const y = parts(b);
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const difference = (x[index] ?? -1) - (y[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The answer's lettered parts in order ("(a)", "(b)", …): a letter counts only where it follows the one before. */
function lettered(text: string): Array<{ letter: string; at: number; end: number }> {
  const marks: Array<{ letter: string; at: number; end: number }> = [];
  for (const match of text.matchAll(PART_MARK)) {
    const letter = match[1]!;
    const expected = String.fromCharCode('a'.charCodeAt(0) + marks.length);
    if (letter !== expected) continue;
    const at = match.index + match[0].indexOf('(');
    marks.push({ letter, at, end: match.index + match[0].length });
  }
  return marks;
}

/** Lines joined into one text, each lettered part on a line of its own. */
export function withPartsOnLines(lines: readonly string[]): { text: string; parts: Record<string, string> } {
  // Control characters stand where the text layer lost a glyph (a "=" set in a maths font).
  const flat = lines
    .join(' ')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const marks = lettered(flat);
  if (marks.length < 2) return { text: flat, parts: {} };
  const parts: Record<string, string> = {};
  marks.forEach((mark, index) => {
    parts[mark.letter] = flat.slice(mark.end, marks[index + 1]?.at ?? flat.length).trim();
  });
  const stem = flat.slice(0, marks[0]!.at).trim();
  const partLines = marks.map((mark, index) => flat.slice(mark.at, marks[index + 1]?.at ?? flat.length).trim());
  return { text: [stem, ...partLines].filter(Boolean).join('\n'), parts };
}

/** The text cut at a word before `max` characters, with an ellipsis; whole when it fits. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

interface OpenAnswer {
  key: string;
  lines: string[];
  page: number;
  pageLabel: string;
}

/**
 * The answers printed in the book's answers part(s) among `pages`: entries after a title such as "Solutions to
 * Exercises" or "Answer Key", keyed by their own number ("0.2.1.") or by the sub-heading's number and theirs
 * ("Solutions for Section 0.2" then "1."; `defaultScope`, a chapter's number, before any sub-heading). An entry opens only
 * on a number past the one before, so a numbered step inside an answer stays in it. Pages without such a title give
 * none; running heads and page numbers are left out.
 */
export function readBookAnswers(
  pages: readonly AnswerPage[],
  options: { defaultScope?: string | null } = {},
): PrintedAnswer[] {
  if (!pages.some((page) => page.text.split(/\r?\n/).some(isAnswersTitle))) return [];
  const furniture = new Map<string, Set<string>>();
  for (const block of pageBlocks(pages.map((page) => ({ label: page.label, text: page.text }))))
    if (block.kind === 'furniture') {
      const set = furniture.get(block.page) ?? new Set<string>();
      set.add(block.text.trim());
      furniture.set(block.page, set);
    }
  const answers: PrintedAnswer[] = [];
  let inAnswers = false;
  let scope: string | null = options.defaultScope ?? null;
  let open: OpenAnswer | null = null;
  let last: string | null = null;
  const close = () => {
    if (open) {
      const { text, parts } = withPartsOnLines(open.lines);
      if (text)
        answers.push({
          key: open.key,
          text: shortened(text, MAX_ANSWER_CHARS),
          parts,
          page: open.page,
          pageLabel: open.pageLabel,
        });
    }
    open = null;
  };
  for (const page of pages) {
    const skip = furniture.get(page.label) ?? new Set<string>();
    const lines = page.text
      .split(/\r?\n/)
      .map((raw) => raw.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    for (const [at, line] of lines.entries()) {
      // Running heads and page numbers stand at a page's top or foot ("Solutions for 0.3", "233"); a line of the
      // answers that the furniture stage takes for a contents line ("0, 4, 4, . . .." reads as a dot leader) stays.
      const edge = at < FURNITURE_EDGE || at >= lines.length - FURNITURE_EDGE;
      if (edge && skip.has(line) && !DOTS.test(line)) continue;
      if (isAnswersTitle(line)) {
        close();
        inAnswers = true;
        continue;
      }
      if (!inAnswers) continue;
      if (endsAnswers(line)) {
        close();
        inAnswers = false;
        continue;
      }
      const scoped = SCOPE_HEADING.exec(line);
      if (scoped) {
        close();
        scope = scoped[1]!;
        continue;
      }
      const entry = entryOf(line, scope, last);
      if (entry && (last === null || compareKeys(entry.key, last) > 0)) {
        close();
        last = entry.key;
        open = { key: entry.key, lines: entry.rest ? [entry.rest] : [], page: page.number, pageLabel: page.label };
        continue;
      }
      (open as OpenAnswer | null)?.lines.push(line);
    }
  }
  close();
  return answers;
}

function entryOf(line: string, scope: string | null, last: string | null): { key: string; rest: string } | null {
  const lead = LEAD_ENTRY.exec(line);
  if (lead) return { key: keyWithin(lead[1]!, scope), rest: lead[2]!.trim() };
  const numbered = NUMBERED_ENTRY.exec(line);
  if (!numbered) return null;
  const [, number, close, rest] = numbered as unknown as [string, string, string, string];
  const dotted = number.includes('.');
  // "12 cards…" continues an answer; "12." or "3.14 …" opens one.
  if (!dotted && !close) return null;
  // "0.5 is the probability …" is a number in the text, not an entry: a key without its closing dot lies in the
  // sub-heading's part, or is as deep as the entry before.
  if (dotted && !close) {
    const inScope = scope !== null && number.startsWith(`${scope}.`);
    const asDeep = last !== null && last.split('.').length === number.split('.').length;
    if (!inScope && !asDeep) return null;
  }
  return { key: keyWithin(number, scope), rest: rest.trim() };
}

/** An entry's number within the part the sub-heading names: "1." under "Section 0.2" is "0.2.1"; "0.2.1." is itself. */
function keyWithin(number: string, scope: string | null): string {
  if (!scope || number.includes('.')) return number;
  return `${scope}.${number}`;
}
