import exerciseLeads from '../../study-kit/data/exercise-leads.json' with { type: 'json' };
import {
  compareNumbers,
  escapeRegExp,
  exerciseTitleLines,
  pageBlocks,
  roleOfHeading,
  sectionTree,
  type Block,
  type Section,
} from '../../study-kit/index.js';
import { shortened, withPartsOnLines, type PrintedAnswer } from './book-answers.js';

/*
 * A chapter's exercises numbered as the book numbers them, read from its structure: the items under a heading the
 * blocks stage gives the exercises role ("Exercises", "Problems", "Chapter Review"), numbered within the section they
 * close ("1." under section 0.2's Exercises is exercise 0.2.1) or by their own number ("Exercise 1.2:", "Problem 3.4.").
 */

export interface NumberedExercise {
  /** The keys an answer to it may carry, the most specific first: "0.2.1", then "0.1" (within the chapter). */
  keys: string[];
  /**
   * The exercise as the book prints it: its title, when it has one, on a line of its own ("Simulate parachuting."), and
   * its lettered parts too.
   */
  prompt: string;
  /** Its first line: the words that stand on its page. */
  opening: string;
  /** Printed label of the page it starts on. */
  pageLabel: string;
}

/** Longest exercise kept whole as a prompt (a question's text holds at most 1000 characters). */
const MAX_PROMPT_CHARS = 900;
// A sentence's worth: shorter items are a figure's labels or a formula's pieces.
const MIN_PROMPT_CHARS = 12;

// "Exercise 1.1: Define a mesh function", "Problem 2.3. Compute …": an exercise with its own number.
const LEAD_ITEM = new RegExp(
  `^(?:${exerciseLeads.exercise.map(escapeRegExp).join('|')})\\s+((?:\\d{1,3}|[A-Z])(?:\\.\\d{1,3}){0,3})\\s*[:.)]\\s*(.*)$`,
  'i',
);
// "1. Let A = …", "12. Suppose …": the next item of a numbered list (its number checked against the one expected).
const NUMBERED_ITEM = /^(\d{1,3})[.)]\s+(\S.*)$/u;
// An item's start inside a run of text joined from several lines: after a sentence's end.
const ITEM_INSIDE = /(?<=[.?!:)”"]\s)(\d{1,3})[.)]\s+(?=\S)/gu;

interface Line {
  text: string;
  page: string;
  /** The line is its block's whole text: a heading, or an exercise's title set apart from its text. */
  whole?: boolean;
}

interface OpenItem {
  keys: string[];
  lines: string[];
  page: string;
  /** Where prose on a later page starts: the end of the item if no other item follows it. */
  proseFrom?: number;
  /** The line that opened it, when the number and what follows it stand alone ("Exercise 2.1: Experiment with …"). */
  leadAlone?: string;
}

/** The lines of an item as its prompt: a title first, on a line of its own, then the text with its parts on lines. */
function promptOf(item: OpenItem, end: number | undefined): string {
  const lines = item.lines.slice(0, end);
  // The book's title of the exercise reads as one: "Experiment with precision in tests and the size of u." then
  // "It is claimed …", not one sentence running from the title into the text.
  const titled = item.leadAlone !== undefined && exerciseTitleLines([item.leadAlone, lines[1] ?? '']) === 1;
  const { text } = withPartsOnLines(titled ? lines.slice(1) : lines);
  return titled ? [`${lines[0]!}.`, text].filter(Boolean).join('\n') : text;
}

/** The keys of item `number` of a list under section `scope` (its own number when the book prints one). */
function keysFor(number: string, scope: string | null, chapter: string | null): string[] {
  if (number.includes('.')) return [number];
  const keys: string[] = [];
  const parts = scope ? scope.split('.') : [];
  for (let depth = parts.length; depth >= 1; depth -= 1) keys.push(`${parts.slice(0, depth).join('.')}.${number}`);
  if (chapter && !keys.includes(`${chapter}.${number}`)) keys.push(`${chapter}.${number}`);
  return keys;
}

/** The lines of a block with the page each stands on; a list item joined into a paragraph is cut where it starts. */
function linesOf(block: Block, expected: () => number): Line[] {
  const pieces = block.parts ?? [{ page: block.page, text: block.text }];
  return pieces.flatMap(({ page, text }) =>
    text.split(/\n/).flatMap((line) => {
      const cuts: number[] = [];
      // The line may itself open the next item; an item inside it is the one after.
      let want = expected();
      const opening = NUMBERED_ITEM.exec(line);
      if (opening && (Number(opening[1]) === want || Number(opening[1]) === want + 1)) want = Number(opening[1]) + 1;
      for (const match of line.matchAll(ITEM_INSIDE)) {
        if (Number(match[1]) !== want) continue;
        cuts.push(match.index);
        want += 1;
      }
      const starts = [0, ...cuts];
      return starts
        .map((start, at) => line.slice(start, starts[at + 1] ?? line.length).trim())
        .filter(Boolean)
        .map((piece) => ({ text: piece, page }));
    }),
  );
}

/**
 * A lead with a number the list has had, or one before the last it had ("Exercise 4.16. Demonstrate …" inside exercise
 * 4.17), names an earlier exercise: a reference in the text of the one it stands in, not a new exercise.
 */
function refersBack(number: string, had: readonly string[]): boolean {
  const last = had.at(-1);
  return had.includes(number) || (last !== undefined && compareNumbers(number, last) < 0);
}

/** A line that opens an exercise: "Exercise 1.2:" or a numbered item. */
function opensItem(text: string): boolean {
  return LEAD_ITEM.test(text) || NUMBERED_ITEM.test(text);
}

/** Sentences of teaching text: three or more, not a question. */
function prose(text: string): boolean {
  const sentences = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u).filter((sentence) => sentence.length > 20);
  return sentences.length >= 3 && !text.trimEnd().endsWith('?');
}

/**
 * The numbered part a section's exercises belong to: its own number, or that of the numbered section it closes (its
 * teaching, its "1.8 Chapter Summary", or a heading "1.5 Exercises" printed over the list).
 */
function scopeOf(section: Section, sections: readonly Section[]): string | null {
  if (section.number) return section.number;
  for (let at = sections.indexOf(section) - 1; at >= 0; at -= 1) {
    const before = sections[at]!;
    if (before.number) return before.number;
  }
  return null;
}

/**
 * A heading atop a page that the furniture stage kept (a running head, "1.8. Chapter Summary") does not end the
 * exercises running on from the page before: its section opens on a new page with the list's next item or part.
 */
function continuesList(blocks: readonly Block[], sectionOf: readonly number[], at: number, lastPage: string): boolean {
  const first = blocks.find(
    (block, index) =>
      index >= at && sectionOf[index] === sectionOf[at] && !['heading', 'furniture', 'footnote'].includes(block.kind),
  );
  if (!first || blocks[at]!.page === lastPage) return false;
  return /^(?:\d{1,3}[.)]|\([a-z]\))\s/u.test(first.text);
}

/**
 * The numbered exercises of a chapter's pages, each with the keys its printed answer may carry. `chapter` is the
 * number the book prints for the chapter ("3", "A"), for books that number exercises within the chapter.
 */
export function numberedExercises(
  pages: ReadonlyArray<{ label: string; text: string }>,
  chapter: string | null,
): NumberedExercise[] {
  const blocks = pageBlocks(pages.map((page) => ({ label: page.label, text: page.text })));
  const tree = sectionTree(blocks);
  const items: NumberedExercise[] = [];
  let open: OpenItem | null = null;
  let scope: string | null = null;
  let expected = 1;
  // A list whose items carry their own numbers ("Exercise 1.1:") numbers their steps "1.", "2." inside them.
  let ownNumbers = false;
  // The numbers the list's items have carried so far, in order: a lead back to one of them refers to that exercise.
  let leadsHad: string[] = [];
  // An item closed by the next one keeps all its lines; the list's last one ends where prose on a later page starts.
  const close = (followed = false) => {
    const done = open as OpenItem | null;
    open = null;
    if (!done) return;
    const text = promptOf(done, followed ? undefined : done.proseFrom);
    if (text.length < MIN_PROMPT_CHARS) return;
    items.push({
      keys: done.keys,
      prompt: shortened(text, MAX_PROMPT_CHARS),
      opening: done.lines[0]!,
      pageLabel: done.page,
    });
  };
  const take = (line: Line) => {
    const lead = LEAD_ITEM.exec(line.text);
    if (lead && !refersBack(lead[1]!, leadsHad)) {
      close(true);
      ownNumbers = true;
      leadsHad.push(lead[1]!);
      open = { keys: keysFor(lead[1]!, scope, chapter), lines: [lead[2]!.trim()].filter(Boolean), page: line.page };
      if (!open.lines.length) open.lines.push(line.text);
      else if (line.whole) open.leadAlone = line.text;
      return;
    }
    const item = NUMBERED_ITEM.exec(line.text);
    // The next number, or the one after where the text layer lost an item's number.
    if (item && !ownNumbers && (Number(item[1]) === expected || Number(item[1]) === expected + 1)) {
      close(true);
      expected = Number(item[1]) + 1;
      open = { keys: keysFor(item[1]!, scope, chapter), lines: [item[2]!.trim()], page: line.page };
      return;
    }
    (open as OpenItem | null)?.lines.push(line.text);
  };
  const listSections = new Set(
    tree.sections
      .filter(
        (section) =>
          section.role === 'exercises' &&
          (roleOfHeading(section.title) === 'exercises' || LEAD_ITEM.test(section.title)),
      )
      .map((section) => section.index),
  );
  let section: Section | null = null;
  let lastPage = '';
  blocks.forEach((block, at) => {
    if (block.kind === 'furniture' || block.kind === 'footnote') return;
    const current = tree.sections[tree.sectionOfBlock[at]!]!;
    if (current !== section) {
      section = current;
      if (listSections.has(current.index)) {
        const sectionScope = scopeOf(current, tree.sections);
        // A running head repeating the heading ("1.3 Exercises" atop each page) goes on with the same list.
        if (sectionScope !== scope) {
          close();
          scope = sectionScope;
          expected = 1;
          ownNumbers = false;
          leadsHad = [];
        }
      } else {
        scope = open && continuesList(blocks, tree.sectionOfBlock, at, lastPage) ? scope : null;
      }
    }
    if (scope === null && !listSections.has(current.index)) {
      // The exercises end where the chapter's teaching, summary or references go on.
      close();
      return;
    }
    if (block.kind === 'heading') {
      // "Problem 1.2: Differentiate a function" set as a heading opens its item.
      if (LEAD_ITEM.test(block.text)) take({ text: block.text, page: block.page, whole: true });
      return;
    }
    const lines = linesOf(block, () => (ownNumbers ? -1 : expected));
    const whole = lines.length === 1 && !block.parts;
    for (const line of lines.map((piece) => ({ ...piece, whole }))) {
      // Teaching prose on a later page may be the book going on after its last exercise.
      const item = open as OpenItem | null;
      if (item && item.proseFrom === undefined && line.page !== item.page && prose(line.text) && !opensItem(line.text))
        item.proseFrom = item.lines.length;
      take(line);
      lastPage = line.page;
    }
  });
  close();
  return items;
}

/**
 * The book's answer to each exercise, by number: of an exercise's keys, the one as deep as the book keys the chapter's
 * answers ("0.2.1" where the answers are "0.2.1.", "3.1" where they are "Chapter 3" then "1."). A key two of the
 * chapter's exercises share (lists numbered afresh in each section, answered by chapter) is nobody's: no answer rather
 * than another exercise's.
 */
export function matchAnswers(
  exercises: readonly NumberedExercise[],
  answers: readonly PrintedAnswer[],
): Array<PrintedAnswer | null> {
  const byKey = new Map<string, PrintedAnswer>();
  const depths = new Map<string, Set<number>>();
  for (const answer of answers) {
    if (!byKey.has(answer.key)) byKey.set(answer.key, answer);
    const [part] = answer.key.split('.');
    const set = depths.get(part!) ?? new Set<number>();
    set.add(answer.key.split('.').length);
    depths.set(part!, set);
  }
  const chosen = exercises.map((exercise) => {
    // The keys are deepest first: the first as deep as an answer of its chapter is the way the book keys them.
    const key = exercise.keys.find((candidate) =>
      depths.get(candidate.split('.')[0]!)?.has(candidate.split('.').length),
    );
    return key && byKey.has(key) ? key : null;
  });
  const claims = new Map<string, number>();
  for (const key of chosen) if (key) claims.set(key, (claims.get(key) ?? 0) + 1);
  return chosen.map((key) => (key && claims.get(key) === 1 ? byKey.get(key)! : null));
}
