import sectionRoles from '../data/section-roles.json' with { type: 'json' };
import exerciseLeads from '../data/exercise-leads.json' with { type: 'json' };
import {
  BULLET,
  CHAPTER_LABEL,
  DOT_LEADER,
  ENUMERATED,
  isUnpunctuatedLine,
  pageLinesWithoutFurniture,
} from '../text/chapter-text.js';
import { looksLikeCode, looksLikeTableRow } from '../text/sentence-hygiene.js';
import type { StudyPage } from '../types.js';

/**
 * What a run of a page's text is. Only paragraphs and lists are prose a student reads as sentences; the rest is shown
 * as it stands (code, formula, table, caption), kept apart (exercise, example, footnote) or dropped (furniture).
 */
export type BlockKind =
  | 'heading'
  | 'paragraph'
  | 'list'
  | 'code'
  | 'formula'
  | 'caption'
  | 'table'
  | 'exercise'
  | 'example'
  | 'footnote'
  | 'furniture';

/** The part of a chapter a heading opens: its teaching text, or one of the parts printed around it. */
export type SectionRole = 'body' | 'exercises' | 'summary' | 'glossary' | 'references';

export interface Block {
  kind: BlockKind;
  text: string;
  /** Printed label of the page the block starts on. */
  page: string;
  /**
   * Headings: the printed number ("1.2") or null, the depth (1 for "1", 2 for "1.2"; 0 when unnumbered), the role of
   * what follows. Footnotes: the note's number (its text is without it).
   */
  number?: string | null;
  level?: number;
  role?: SectionRole;
  /** Prose blocks running over a page break: the text on each page, so every sentence cites its own page. */
  parts?: Array<{ page: string; text: string }>;
}

const roleNames = new Map<string, SectionRole>(
  (['exercises', 'summary', 'glossary', 'references'] as const).flatMap((role) =>
    sectionRoles[role].map((name): [string, SectionRole] => [name, role]),
  ),
);

/** The role a heading's words name ("Key Terms" -> glossary, "1.3 Exercises" -> exercises), body otherwise. */
export function roleOfHeading(title: string): SectionRole {
  const name = title
    .toLowerCase()
    .replace(/[:.\s\d]+$/u, '')
    .trim();
  return roleNames.get(name) ?? 'body';
}

const leadWords = (words: readonly string[]) =>
  words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const leadPattern = (words: readonly string[]) =>
  new RegExp(String.raw`^(?:${leadWords(words)})(?:\s+[\dA-Z]+(?:\.\d+)*)?\s*[:.)]`, 'i');
const EXERCISE_LEAD = leadPattern(exerciseLeads.exercise);
const EXAMPLE_LEAD = leadPattern(exerciseLeads.example);
// "Exercise 3.1: Experiment with precision", "Problem 1.2. Differentiate a function": an exercise's own number, then
// what its line goes on with (its title, or its first words).
const NUMBERED_EXERCISE_LEAD = new RegExp(
  String.raw`^(?:${leadWords(exerciseLeads.exercise)})\s+(?:\d{1,3}|[A-Z])(?:\.\d{1,3}){0,3}\s*[:.)]\s*(\S.*)$`,
  'i',
);
// A title ends on a word of its own: "… the size of", "… such that" or "… and" break off a sentence (nor does a
// sentence end on one).
const CANNOT_END_TITLE =
  /\s(?:a|an|the|of|to|in|on|at|by|for|from|with|into|onto|and|or|nor|but|as|that|than|whose|which|where|when|if|is|are|be)$/i;
// "a) Write …", "(b) Use …": the first of an exercise's lettered parts.
const PART_LABEL = /^\(?[a-z]\)\s+/;
// A title wraps onto a line of a few words ("… and the size" / "of u").
const MAX_TITLE_RUNOVER_WORDS = 4;
const MAX_TITLE_WORDS = 16;

// "1.2 Binomial Coefficients", "4.3.1 Trees", "A.2 Introduction to Number Theory" (an appendix's section): a dotted
// section number, then a capitalised title.
const SECTION_HEADING = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){1,3})\.?\s+(\p{Lu}.{1,100})$/u;
const CAPTION_LEAD = /^(?:fig(?:ure)?|table|listing|exhibit|chart|diagram)\.?\s+\d+(?:[.-]\d+)*[.:]?(?:\s|$)/i;
// A line of code as books print it, assembled from its kinds of opening.
const CODE_OPENINGS = {
  prompt: String.raw`>>>|\.\.\.\s|\$\s|\w+>\s|In \[\d+\]:`,
  python: String.raw`def\s+\w+\(|class\s+\w+[(:]|import\s+\w|from\s+[\w.]+\s+import\s|return\b|print\s*\(`,
  block: String.raw`(?:for\s+\w+\s+in|while|if|elif|except)\b.*:$|else:$|try:$`,
  cFamily: String.raw`#include|(?:public|private|static)\s+\w|function\s+\w*\(|(?:var|let|const)\s+\w+\s*=`,
  assignment: String.raw`[\w.[\]]+\s*=\s*[^=\s].*[\w)\]]$`,
  call: String.raw`[\w.]+\([^()]*\)$`,
  brace: String.raw`[{}]$`,
};
const CODE_START = new RegExp(`^(?:${Object.values(CODE_OPENINGS).join('|')})`);
const TYPESET_MATH = /[−·≈∆≤≥∑∏∫√∞∈∉⊂⊆∪∩θλσμ∂]/u;
// A box's label set in capitals ("LEARNING OUTCOMES", "VIDEO"): a heading of the box, not a formula.
const CAPITALS_LABEL = /^\p{Lu}[\p{Lu}\s&'’-]{2,40}$/u;
const MATH_SYMBOL = /[=≈≠≤≥<>+−×÷·∑∏∫√∞∈∉⊂⊆∪∩→⇒⇔∀∃±^|′]/gu;
const EQUATION_NUMBER = /^\(\d+(?:\.\d+)*\)$/;
// A word of prose: two letters or more ("in", "of", "choices"); a letter alone is a variable.
const PROSE_WORD = /^["'(“‘]?[A-Za-z][a-z]+(?:['’-][a-z]+)*[,.;:!?)"'”’]*$/;
const SECTION_NUMBER_ALONE = /^(\d{1,2}(?:\.\d{1,2}){1,3})\.?$/;
const SENTENCE_END = /[.!?:]["'’”)]*$/u;

function proseShare(line: string): number {
  const words = line.split(/\s+/).filter(Boolean);
  return words.length ? words.filter((word) => PROSE_WORD.test(word)).length / words.length : 0;
}

/** A line of mathematics rather than of prose: symbols among few words, or a short line of letters and numbers only. */
export function isFormulaLine(line: string): boolean {
  const text = line.trim();
  if (EQUATION_NUMBER.test(text)) return true;
  const symbols = (text.match(MATH_SYMBOL) ?? []).length;
  const share = proseShare(text);
  if (symbols >= 1 && share < 0.5) return true;
  // "n", "k", "(x + y )5", "u(0) = I": what is left of typeset mathematics.
  return share === 0 && text.length <= 24 && /[\p{L}\p{N}]/u.test(text) && !/^\p{Lu}\p{Ll}+$/u.test(text);
}

/** A line of program text: a code shape and little prose. */
export function isCodeLine(line: string): boolean {
  const text = line.trim();
  // Typeset mathematics ("un+1 = un − a∆t un") is a formula: program text is written in ASCII.
  if (TYPESET_MATH.test(text)) return false;
  const share = proseShare(text);
  if (share >= 0.6 && SENTENCE_END.test(text)) return false;
  return (CODE_START.test(text) && share < 0.6) || (looksLikeCode(text) && share < 0.5);
}

/**
 * What follows an exercise's number reads as its title: a capitalised phrase, no sentence in it, ending on a word of
 * its own ("Experiment with precision in tests and the size of u", not "Let A be a set such that").
 */
function readsAsTitle(text: string): boolean {
  return (
    text.split(/\s+/).length <= MAX_TITLE_WORDS &&
    /^\p{Lu}/u.test(text) &&
    !/[.,;:!?]$/.test(text) &&
    !/[.!?]\s+\p{Lu}/u.test(text) &&
    !CANNOT_END_TITLE.test(text) &&
    proseShare(text) >= 0.5 &&
    !isFormulaLine(text)
  );
}

/**
 * A line an exercise's text starts on: its first lettered part ("a) Write …"), or a sentence opening on a capitalised
 * word ("It is claimed …", "A Leapfrog scheme for the ODE u0 (t) = …"), not on a symbol ("B ⊆ A.") or program text.
 */
function opensExerciseText(line: string): boolean {
  if (PART_LABEL.test(line)) return true;
  const first = line.split(/\s+/)[0] ?? '';
  return (
    /^\p{Lu}/u.test(first) &&
    (PROSE_WORD.test(first) || /^[AI]\s+\S/.test(line)) &&
    !NUMBERED_EXERCISE_LEAD.test(line) &&
    !isCodeLine(line)
  );
}

/**
 * How many of `lines` an exercise's title takes: its numbered lead and a title ("Exercise 3.1: Experiment with
 * precision in tests and the size", "of u"), with the exercise's text on the line after ("It is claimed …"). 0 when
 * the first line opens no numbered exercise or runs on into its text ("Problem 3.4. Show that the sum of two even").
 */
export function exerciseTitleLines(lines: readonly string[]): number {
  const lead = NUMBERED_EXERCISE_LEAD.exec(lines[0]?.trim() ?? '');
  if (!lead) return 0;
  const title = lead[1]!.trim();
  const next = lines[1]?.trim() ?? '';
  if (readsAsTitle(title) && opensExerciseText(next)) return 1;
  // A title too long for its line goes on with a few words: in lower case, or after a word that cannot end it.
  const runsOver =
    next.split(/\s+/).length <= MAX_TITLE_RUNOVER_WORDS &&
    isUnpunctuatedLine(next) &&
    (/^\p{Ll}/u.test(next) || CANNOT_END_TITLE.test(title));
  return runsOver && readsAsTitle(`${title} ${next}`) && opensExerciseText(lines[2]?.trim() ?? '') ? 2 : 0;
}

interface Open {
  kind: BlockKind;
  lines: string[];
  pages: string[];
  page: string;
}

/**
 * A chapter's pages as typed blocks in reading order: running heads, footers and page numbers become furniture,
 * numbered section headings and the book's own chapter-end parts (Exercises, Key Terms, Summary, References) are
 * headings, and code, formulas, tables and captions are kept apart from the prose they interrupt.
 */
export function pageBlocks(pages: readonly StudyPage[]): Block[] {
  const cleaned = pageLinesWithoutFurniture(pages);
  const textLines = cleaned.flatMap((page) => page.lines.map((line) => line.trim()).filter(Boolean));
  const lengths = textLines.map((line) => line.length).sort((a, b) => a - b);
  const typical = lengths[Math.floor(lengths.length * 0.75)] ?? 80;
  const blocks: Block[] = [];
  let open: Open | null = null;
  // A page's footnotes follow the block their marks stand in, which may run on over the page break.
  let footnotes: Block[] = [];
  const placeFootnotes = () => {
    blocks.push(...footnotes);
    footnotes = [];
  };
  const close = () => {
    const done = open as Open | null;
    open = null;
    if (!done || !done.lines.length) return placeFootnotes();
    const block: Block = { kind: done.kind, text: joinLines(done.lines, done.kind), page: done.page };
    if (new Set(done.pages).size > 1) {
      block.parts = [];
      done.lines.forEach((line, at) => {
        const last = block.parts!.at(-1);
        if (last && last.page === done.pages[at]) last.text = joinLines([last.text, line], done.kind);
        else block.parts!.push({ page: done.pages[at]!, text: line });
      });
    }
    blocks.push(block);
    placeFootnotes();
  };
  const add = (kind: BlockKind, line: string, page: string) => {
    if (!open || open.kind !== kind) {
      close();
      open = { kind, lines: [], pages: [], page };
    }
    open.lines.push(line);
    open.pages.push(page);
  };
  let previous = '';
  for (const { label, lines, furniture, footnotes: notes } of cleaned) {
    for (const line of furniture) if (line.trim()) blocks.push({ kind: 'furniture', text: line.trim(), page: label });
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index]!.trim();
      if (!line) {
        if (!runsOnPastBlank(open, lines, index, typical)) close();
        continue;
      }
      if (DOT_LEADER.test(line)) {
        close();
        blocks.push({ kind: 'furniture', text: line, page: label });
        continue;
      }
      const next =
        lines
          .slice(index + 1)
          .find((candidate) => candidate.trim())
          ?.trim() ?? '';
      // A line going on with the sentence the line before broke off opens nothing: "0.5. There is also no change …"
      // after "… No change occurs with probability" is no section 0.5, and "Exercise 4.16. Demonstrate …" after
      // "… the scheme derived in" refers to that exercise.
      const runsOn = continuesSentence(open, label, typical);
      // "1.2" alone on its line, the section's title on the next.
      const numberAlone = SECTION_NUMBER_ALONE.exec(line);
      const withTitle =
        numberAlone &&
        !runsOn &&
        next &&
        next.split(/\s+/).length <= 12 &&
        /^\p{Lu}/u.test(next) &&
        isUnpunctuatedLine(next)
          ? headingOf(`${numberAlone[1]} ${next}`, { previous, next: '', typical, runsOn })
          : null;
      const heading = withTitle ? { ...withTitle, joined: true } : headingOf(line, { previous, next, typical, runsOn });
      if (heading) {
        close();
        const { joined, ...fields } = { joined: false, ...heading };
        blocks.push({ kind: 'heading', text: fields.title, page: label, ...fields });
        previous = line;
        if (joined) index = lines.findIndex((candidate, at) => at > index && candidate.trim());
        continue;
      }
      // "Example:", "Solution:", "Exercise 1.2:" open a block of their own.
      const lead = !runsOn && (EXAMPLE_LEAD.test(line) || EXERCISE_LEAD.test(line));
      if (lead) close();
      // An exercise's title is a block of its own, so it does not run into the first sentence of its text.
      const ahead = lead && EXERCISE_LEAD.test(line) ? [index, ...nextTextLines(lines, index, 2)] : [];
      const titleLines = exerciseTitleLines(ahead.map((at) => lines[at]!.trim()));
      if (titleLines > 0) {
        for (const at of ahead.slice(0, titleLines)) add('paragraph', lines[at]!.trim(), label);
        close();
        index = ahead[titleLines - 1]!;
        previous = lines[index]!.trim();
        continue;
      }
      const current = open as Open | null;
      if (CAPTION_LEAD.test(line)) add('caption', line, label);
      else if (current?.kind === 'caption' && !SENTENCE_END.test(current.lines.at(-1) ?? ''))
        add('caption', line, label);
      else if ((BULLET.test(line) || ENUMERATED.test(line)) && proseShare(line.replace(BULLET, '')) >= 0.4) {
        close();
        open = { kind: 'list', lines: [line.replace(BULLET, '')], pages: [label], page: label };
      } else if (isCodeLine(line) || (current?.kind === 'code' && /^(?:#|\/\/)\s?/.test(line)))
        add('code', line, label);
      else if (isFormulaLine(line)) add('formula', line, label);
      else if (looksLikeTableRow(line) && proseShare(line) < 0.4) add('table', line, label);
      else if (current && (current.kind === 'paragraph' || current.kind === 'list')) add(current.kind, line, label);
      else add('paragraph', line, label);
      // A paragraph's last line ends a sentence short of the measure.
      const now = open as Open | null;
      if (now?.kind === 'paragraph' && SENTENCE_END.test(line) && line.length < typical * 0.8) close();
      previous = line;
    }
    // A paragraph runs on over the page break; code, formulas and tables are drawn page by page.
    footnotes.push(...notes.map(({ number, text }): Block => ({ kind: 'footnote', text, page: label, number })));
    const last = open as Open | null;
    if (last && last.kind !== 'paragraph' && last.kind !== 'list') close();
  }
  close();
  return withRoles(blocks);
}

/** The indexes of the next `count` lines with text after `index`. */
function nextTextLines(lines: readonly string[], index: number, count: number): number[] {
  const found: number[] = [];
  for (let at = index + 1; at < lines.length && found.length < count; at += 1) if (lines[at]!.trim()) found.push(at);
  return found;
}

/**
 * The open paragraph's last line, on the same page, runs to the measure and stops inside a sentence, on a word ("… the
 * scheme derived in", "… occurs with probability"): the next line goes on with that sentence, whatever it opens with. A
 * heading stands after a finished sentence or a blank line; one atop the next page may follow any line. A list's item
 * often ends unpunctuated ("5. To implement … core elements of the regime"), so only a word no sentence ends on ("… Here
 * is the") breaks one off.
 */
function continuesSentence(open: Open | null, page: string, typical: number): boolean {
  if (open?.kind !== 'paragraph' && open?.kind !== 'list') return false;
  const last = open.lines.at(-1) ?? '';
  if (open.pages.at(-1) !== page || last.length < typical * 0.8 || proseShare(last) < 0.5) return false;
  // A line in title case ("Pause Enables the Mind of the Speaker to Gather His Forces Before") is a heading's first.
  const words = last.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  if (words.filter((word) => /^\p{Ll}/u.test(word)).length < words.length / 2) return false;
  return open.kind === 'list' ? CANNOT_END_TITLE.test(last) : /\p{Ll}$/u.test(last);
}

/**
 * A blank line the text layer set inside a paragraph (a hanging indent, a run-in heading, a formula's taller line): the
 * paragraph's last line runs to the measure and stops mid-sentence, and the next line goes on in lower case ("… from
 * less than 10% of the population, this" / "condition is satisfied."). A glossary's term ("public opinion" over
 * "in empirical political science, …") is a short line, and ends its entry.
 */
function runsOnPastBlank(open: Open | null, lines: readonly string[], index: number, typical: number): boolean {
  if (open?.kind !== 'paragraph' && open?.kind !== 'list') return false;
  const last = open.lines.at(-1) ?? '';
  const next =
    lines
      .slice(index + 1)
      .find((candidate) => candidate.trim())
      ?.trim() ?? '';
  return (
    last.length >= typical * 0.8 &&
    !SENTENCE_END.test(last) &&
    !/[:;]$/.test(last) &&
    /^\p{Ll}/u.test(next) &&
    proseShare(next) >= 0.6 &&
    !isFormulaLine(next) &&
    !isCodeLine(next)
  );
}

/**
 * The heading `line` is, if any. A line going on with the sentence the one before broke off (`runsOn`) is no numbered
 * or unnumbered heading; a box's label in capitals or a chapter-end part's name is one wherever it stands.
 */
function headingOf(
  line: string,
  context: { previous: string; next: string; typical: number; runsOn: boolean },
): { title: string; number: string | null; level: number; role: SectionRole } | null {
  const { previous, next, typical, runsOn } = context;
  const numbered = SECTION_HEADING.exec(line);
  const words = line.split(/\s+/).length;
  if (
    numbered &&
    !runsOn &&
    words <= 16 &&
    !/[.,;]$/.test(line) &&
    !ENDS_A_SENTENCE_INSIDE.test(numbered[2]!) &&
    proseShare(line) > 0
  ) {
    const title = numbered[2]!.trim();
    return { title, number: numbered[1]!, level: numbered[1]!.split('.').length, role: roleOfHeading(title) };
  }
  if (CHAPTER_LABEL.test(line) || isCodeLine(line)) return null;
  if (CAPITALS_LABEL.test(line) && words <= 5)
    return { title: line, number: null, level: 0, role: roleOfHeading(line) };
  const role = roleOfHeading(line);
  // "Exercises", "Key Terms": a heading opens on a capital; "terms." or "problem." is a sentence's last word wrapped.
  if (role !== 'body' && words <= 5 && /^\p{Lu}/u.test(line))
    return { title: line.replace(/:$/, ''), number: null, level: 0, role };
  // A short unpunctuated line between a finished sentence and a capital: an unnumbered heading.
  const afterSentence = !previous || SENTENCE_END.test(previous) || isUnpunctuatedLine(previous);
  if (
    !runsOn &&
    words <= 8 &&
    isUnpunctuatedLine(line) &&
    !/[:]$/.test(line) &&
    line.length < typical * 0.6 &&
    /^\p{Lu}/u.test(line) &&
    proseShare(line) >= 0.5 &&
    afterSentence &&
    !line.includes(',') &&
    /^\p{Lu}/u.test(next) &&
    proseShare(next) >= 0.5 &&
    !isFormulaLine(line)
  )
    return { title: line, number: null, level: 0, role: 'body' };
  return null;
}

function joinLines(lines: readonly string[], kind: BlockKind): string {
  // Code, formulas and tables keep their lines; prose is one run with its hyphenation undone.
  if (kind === 'code' || kind === 'formula' || kind === 'table') return lines.join('\n');
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else if (/[A-Za-z]-$/.test(out) && /^[a-z]/.test(line)) out = out.slice(0, -1) + line;
    else out += ` ${line}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Blocks in a chapter-end part take its role: prose under "Exercises" is an exercise; prose opening "Exercise 2.1:"
 * or "Problem 3." is one wherever it stands, and "Example:", "Solution:" or "Proof." open a worked example (with the
 * paragraph after a lead standing alone).
 */
function withRoles(blocks: Block[]): Block[] {
  let role: SectionRole = 'body';
  let carry: BlockKind | null = null;
  // A lead ending on a colon ("Solution: The following are all equivalent to the original implication:") introduces
  // the items after it, and another colon's items after those: they are the worked example's, not the teaching text.
  let items: BlockKind | null = null;
  const introduces = (text: string) => /:\s*$/.test(text);
  // A chapter-end part ends at a section the chapter has not had yet; the Summary's "1.1 …" recaps stay in it.
  const seenNumbers = new Set<string>();
  return blocks.map((block) => {
    if (block.kind === 'heading') {
      carry = null;
      items = null;
      if (block.role !== 'body') role = block.role!;
      else if (block.number && !seenNumbers.has(block.number)) role = 'body';
      if (block.number) seenNumbers.add(block.number);
      return role !== 'body' && block.role === 'body' ? { ...block, role } : block;
    }
    if (block.kind !== 'paragraph' && block.kind !== 'list') return block;
    if (role === 'exercises') return { ...block, kind: 'exercise' };
    if (items && (block.kind === 'list' || LEAD_ITEM.test(block.text) || introduces(block.text))) {
      carry = null;
      return { ...block, kind: items };
    }
    items = null;
    if (EXERCISE_LEAD.test(block.text)) {
      items = introduces(block.text) ? 'exercise' : null;
      // A lead standing alone, or with its title only, is followed by the exercise's text.
      const leadOnly = block.text.split(/\s+/).length <= 4 || isTitleOnly(block.text);
      carry = leadOnly ? 'exercise' : null;
      return { ...block, kind: 'exercise' };
    }
    if (EXAMPLE_LEAD.test(block.text)) {
      items = introduces(block.text) ? 'example' : null;
      carry = block.text.split(/\s+/).length <= 4 ? 'example' : null;
      return { ...block, kind: 'example' };
    }
    if (carry) {
      const kind = carry;
      carry = null;
      return { ...block, kind };
    }
    return block;
  });
}

// A title holds no sentence that ends and another that starts: "0.5. There is also no change if p exceeds 15 or becomes
// below 1. Use" is a sentence's number and its words, not section 0.5 (a superscript set on a line of its own broke it
// off the sentence before). "U.S. Constitution", "Roe v. Wade" are names.
const ENDS_A_SENTENCE_INSIDE = /(?:\p{Ll}{2,}|\d)[.!?]\s+\p{Lu}\p{Ll}/u;

// An item of a list: "1. I am asleep if I dream.", "(b) …", "• …".
const LEAD_ITEM = /^\s*(?:\d{1,2}[.)]|\(?[a-z]\)|[●•▪◦–-])\s+\S/u;

/** A block that is an exercise's numbered lead and its title, the exercise's text standing apart from it. */
function isTitleOnly(text: string): boolean {
  const lead = NUMBERED_EXERCISE_LEAD.exec(text);
  return lead !== null && readsAsTitle(lead[1]!.trim());
}
