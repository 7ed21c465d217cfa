import type { AnalysedSentence, SentenceToken } from '../text/chapter-text.js';
import { markdownWithNotation } from '../text/notation.js';
import { formatPageCitation } from '../text/page-citations.js';
import { isSpeech } from '../ranking/sentence-ranking.js';
import {
  asksAQuestion,
  hasQuotedSpeech,
  leadingConnective,
  needsAntecedent,
  repairSentence,
  sentenceKey,
  sentenceProblem,
} from '../text/sentence-hygiene.js';
import placeWords from '../data/place-words.json' with { type: 'json' };
import mindfulVerbs from '../data/mindful-verbs.json' with { type: 'json' };
import selfReference from '../data/self-reference.json' with { type: 'json' };
import taskVerbs from '../data/task-verbs.json' with { type: 'json' };
import notTerms from '../data/not-terms.json' with { type: 'json' };
import layoutItems from '../data/layout-items.json' with { type: 'json' };
import readerDirectives from '../data/reader-directives.json' with { type: 'json' };

/** One line of study notes and the printed page labels it comes from. */
export interface NoteLine {
  text: string;
  pages: string[];
}

/** A term the book defines, in the book's words. */
export interface KeyTerm {
  term: string;
  definition: string;
  pages: string[];
}

/**
 * A key term's definition as the notes show it: a glossary's gloss ("guarantees of equal treatment by government")
 * reads as a sentence from its capital to its full stop; a definition cut off by the page, a formula or a lead-in
 * that stops at a comma ("Given integers m and n, we say,") is none, and null.
 */
export function readableGloss(definition: string): string | null {
  const trimmed = definition.trim().replace(/[;,:]$/, '');
  if (!trimmed) return null;
  const gloss = capitaliseFirst(/[.!?]["')\]]*$/.test(trimmed) ? trimmed : `${trimmed}.`);
  return sentenceProblem(gloss) ? null : gloss;
}

/** Study notes, the same shape from every engine. */
export interface StudyNotes {
  kind: 'fiction' | 'non-fiction';
  overview: NoteLine[];
  keyPoints: NoteLine[];
  keyTerms: KeyTerm[];
  characters: KeyTerm[];
  /** The key points under the chapter's own section headings, in the book's order (when it has sections). */
  outline?: Array<{ title: string; points: NoteLine[] }>;
}

export const NOTE_HEADINGS = {
  keyPoints: 'Key points',
  whatHappens: 'What happens',
  keyTerms: 'Key terms',
  characters: 'Characters',
} as const;

/** The notes as Markdown: the overview, then "### Key points"/"### What happens" and "### Key terms"/"### Characters". */
export function renderNotesMarkdown(notes: StudyNotes): string {
  const cite = (pages: readonly string[]) => {
    const citation = formatPageCitation(pages);
    return citation ? ` ${citation}` : '';
  };
  const blocks: string[] = [];
  if (notes.overview.length) {
    // Each sentence carries its own page (one citation for a run on the same page): a citation opens the page
    // that holds the sentence before it, never only the first page of a span.
    blocks.push(
      notes.overview
        .map((line, index) => {
          const next = notes.overview[index + 1];
          const samePage = next && formatPageCitation(next.pages) === formatPageCitation(line.pages);
          return asMarkdown(line.text) + (samePage ? '' : cite(line.pages));
        })
        .join(' '),
    );
  }
  const fiction = notes.kind === 'fiction';
  if (fiction && notes.characters.length)
    blocks.push(
      `### ${NOTE_HEADINGS.characters}\n\n` +
        notes.characters
          .map((entry) =>
            entry.definition
              ? `- **${escapeMarkdown(entry.term)}**: ${escapeMarkdown(entry.definition)}${cite(entry.pages)}`
              : `- **${escapeMarkdown(entry.term)}**${cite(entry.pages)}`,
          )
          .join('\n'),
    );
  const bullets = (lines: readonly NoteLine[]) =>
    lines.map((line) => `- ${asMarkdown(line.text)}${cite(line.pages)}`).join('\n');
  const outline = notes.outline?.filter((section) => section.points.length) ?? [];
  if (!fiction && outline.length >= 2)
    // The chapter's own sections are the notes' outline: "#### 1.2 Binomial Coefficients" over its points.
    blocks.push(
      `### ${NOTE_HEADINGS.keyPoints}\n\n` +
        outline
          .map((section) =>
            section.title
              ? `#### ${escapeMarkdown(section.title)}\n\n${bullets(section.points)}`
              : bullets(section.points),
          )
          .join('\n\n'),
    );
  else if (notes.keyPoints.length)
    blocks.push(`### ${fiction ? NOTE_HEADINGS.whatHappens : NOTE_HEADINGS.keyPoints}\n\n` + bullets(notes.keyPoints));
  if (!fiction && notes.keyTerms.length)
    blocks.push(
      `### ${NOTE_HEADINGS.keyTerms}\n\n` +
        notes.keyTerms
          .map((entry) => `- **${escapeMarkdown(entry.term)}**: ${asMarkdown(entry.definition)}${cite(entry.pages)}`)
          .join('\n'),
    );
  return blocks.join('\n\n');
}

// Book text is not Markdown: only what a CommonMark renderer would turn into markup is escaped, so
// "<SATELLITE NAME>", "a > b" or "x_1" show as written without stray backslashes.
/** A sentence of the notes as Markdown: its formulas shown as notation (code spans), its words escaped. */
function asMarkdown(sentence: string): string {
  return markdownWithNotation(sentence, escapeMarkdown);
}

export function escapeMarkdown(text: string): string {
  return text
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    .replace(/`/g, '\\`')
    .replace(/\*(?!\s)|(?<=\S)\*/g, '\\*')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    .replace(/\[(?=[^\]]*\][([])/g, '\\[')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/^(\d+)([.)]) /, '$1\\$2 ')
    .replace(/^([-+>#=]|~~~)/, '\\$1');
}

/**
 * The prose sentences of notes written in Markdown (headings dropped, bullets and bold unwrapped, citations kept), as
 * plain text, with the formulas each showed as notation.
 */
export function notesProse(markdown: string): Array<{ text: string; section: string; notation: string[] }> {
  const lines: Array<{ text: string; section: string; notation: string[] }> = [];
  let section = 'overview';
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    // A section's own heading ("#### 1.2 Binomial Coefficients") sits inside "Key points".
    if (/^#{4,6}\s/.test(line)) continue;
    const heading = /^#{1,3}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      continue;
    }
    const marked = line.replace(/^[-*+]\s+/, '').replace(/^\*\*(.+?)\*\*:\s*/, '');
    // Formulas are code spans (shown as they stand); the words between them are escaped Markdown.
    const notation: string[] = [];
    const text = marked
      .split(/(?<!\\)(`[^`]+`)/)
      .map((piece) => {
        if (/^`[^`]+`$/.test(piece)) {
          notation.push(piece.slice(1, -1));
          return piece.slice(1, -1);
        }
        return piece.replace(/\\([!-/:-@[-`{-~])/g, '$1');
      })
      .join('');
    lines.push({ text, section, notation });
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Reading the text: fiction or not, definitions, characters.

const PRONOUNS = new Set(['he', 'she', 'his', 'her', 'him', 'said', 'i', 'me', 'my']);
// People in the plural: a story about a crowd ("they jammed the road") names no one.
const PEOPLE = new Set(['they', 'them', 'their', 'we', 'us', 'our', 'people']);
const PAST_AUXILIARIES = new Set(['was', 'were', 'had', 'did']);
const PRESENT_AUXILIARIES = new Set(['is', 'are', 'has', 'does', 'do']);

/** Fiction or non-fiction, decided by the text: dialogue and personal pronouns against definitions. */
export function kindOfText(sentences: readonly AnalysedSentence[]): 'fiction' | 'non-fiction' {
  if (sentences.length === 0) return 'non-fiction';
  let words = 0;
  let personal = 0;
  let people = 0;
  let dialogue = 0;
  let definitions = 0;
  let past = 0;
  let present = 0;
  for (const sentence of sentences) {
    words += sentence.words.length;
    personal += sentence.words.filter((word) => PRONOUNS.has(word)).length;
    people += sentence.words.filter((word) => PEOPLE.has(word)).length;
    past += sentence.words.filter((word) => PAST_AUXILIARIES.has(word)).length;
    present += sentence.words.filter((word) => PRESENT_AUXILIARIES.has(word)).length;
    if (hasQuotedSpeech(sentence.text)) dialogue += 1;
    if (definitionIn(sentence.text)) definitions += 1;
  }
  const personalRate = (personal / Math.max(1, words)) * 100;
  const dialogueShare = dialogue / sentences.length;
  const definitionShare = definitions / sentences.length;
  // A story is told in the past ("I was", "they had"), a textbook explains in the present ("a verb is"). The past
  // counts only where people are written about, as a manual's changelog is past too: a narrator who seldom speaks
  // of people and never quotes them (The War of the Worlds' "I", its crowds) still tells a story.
  const tense = (past / Math.max(1, past + present) - 0.35) * 6;
  const peopleRate = ((personal + people) / Math.max(1, words)) * 100;
  const told = tense > 0 ? tense * Math.min(1, peopleRate / 2) : tense;
  // Quotes count as speech only where people are written about: a manual quotes strings and commands.
  const fiction = personalRate * 0.6 + dialogueShare * 20 * Math.min(1, personalRate / 3) - definitionShare * 60 + told;
  return fiction >= 3.2 ? 'fiction' : 'non-fiction';
}

const DETERMINER = /^(?:an?|the)\s+/i;
// "A noun is a word that names …", "Recursion refers to …", "is called a direct object", "known as X".
const DEFINES_AHEAD =
  /^((?:an?\s+|the\s+)?[\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}?)\s*(?:\([^()]{1,40}\)\s*)?,?\s+(?:is|are)\s+(?:(?:defined|known|described)\s+as\s+|(?:an?|the|any|one|when|where|how|what|used|a\s+kind|a\s+type)\b)|^((?:an?\s+|the\s+)?[\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}?)\s+(?:refers?\s+to|means|describes|denotes|consists?\s+of)\b/iu;
const DEFINES_BEHIND =
  /\b(?:is|are)\s+(?:called|termed|known\s+as|referred\s+to\s+as)\s+(?:an?\s+|the\s+)?["']?([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,2})["']?[.,;]/iu;
const NOT_TERMS = new Set(notTerms.words);

/** The term a sentence defines ("A noun is a word that …" gives "noun"), or null. */
export function definitionIn(sentence: string): string | null {
  const text = sentence.trim();
  const ahead = DEFINES_AHEAD.exec(text);
  const raw = ahead ? (ahead[1] ?? ahead[2]) : DEFINES_BEHIND.exec(text)?.[1];
  if (!raw) return null;
  const term = raw.replace(DETERMINER, '').trim();
  if (!term || NOT_TERMS.has(raw.toLowerCase()) || NOT_TERMS.has(term.toLowerCase())) return null;
  const firstWord = term.split(/\s+/)[0]!.toLowerCase();
  if (
    NOT_TERMS.has(firstWord) ||
    /^(?:his|her|their|our|my|your|its|some|many|every|each|no|this|that|if|when|because|although|while|since|whether|as|so|but|and|or|then|how|why|where|once|after|before|unless|until)$/.test(
      firstWord,
    )
  )
    return null;
  // "Car is the direct object …" points at an example; "The simple subject is the …" defines.
  if (ahead && !DETERMINER.test(raw) && new RegExp(`^${escapeRegExp(raw)}\\s+(?:is|are)\\s+the\\b`, 'i').test(text))
    return null;
  // A definition is said in the present tense of the book's voice, not about one person.
  if (/^\p{Lu}\p{Ll}+$/u.test(term) && ahead && /\s+(?:is|are)\s+(?:an?|the)\b/.test(text) && text.length < 40)
    return null;
  return term;
}

/** Definitions the chapter gives, first one per term, as readable sentences with their page. */
export function findDefinitions(sentences: readonly AnalysedSentence[], limit = 8): KeyTerm[] {
  const found = new Map<string, KeyTerm>();
  const lowered = sentences.map((sentence) => singularKey(sentence.text.replace(/[^\p{L}\p{N}\s'-]/gu, ' ')));
  const usesOf = (key: string) => {
    const pattern = new RegExp(`(?:^|\\s)${escapeRegExp(key)}(?:\\s|$)`);
    return lowered.filter((text) => pattern.test(text)).length;
  };
  for (const sentence of sentences) {
    if (sentence.words.length > 45) continue;
    const term = definitionIn(sentence.text);
    if (!term || !isNounPhrase(term, sentence)) continue;
    const key = singularKey(term);
    if (found.has(key)) continue;
    // "The value is …" points back at something; a defined term of one word is named without "the".
    if (/^the\s+\S+$/i.test(sentence.text.split(/\s+(?:is|are|refers|means)\b/i)[0] ?? '')) continue;
    // A concept the chapter defines is used again; an example sentence's subject is not.
    if (usesOf(key) < 2) continue;
    const definition = repairSentence(sentence.text);
    if (!definition || needsAntecedent(definition)) continue;
    found.set(key, { term: capitaliseFirst(term), definition, pages: [sentence.origin] });
  }
  return [...found.values()].slice(0, limit);
}

/** "Commas" and "comma" are one key; so are "analyses" and "analysis". */
export function singularKey(phrase: string): string {
  return phrase
    .toLowerCase()
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/ies$/, 'y')
        .replace(/(ss|sh|ch|x|z)es$/, '$1')
        .replace(/([^s])s$/, '$1'),
    )
    .join(' ');
}

/** Characters: recurring capitalised names that act, each with the first readable sentence naming it. */
export function findCharacters(sentences: readonly AnalysedSentence[], limit = 5): KeyTerm[] {
  const runs = new Map<string, { count: number; acts: number }>();
  for (const sentence of sentences) {
    const tokens = sentence.tokens;
    for (let i = 1; i < tokens.length; i += 1) {
      if (!isNameToken(tokens[i]!)) continue;
      let end = i;
      while (end + 1 < tokens.length && isNameToken(tokens[end + 1]!)) end += 1;
      const name = tokens
        .slice(i, end + 1)
        .map((token) => token.value)
        .join(' ');
      const before = tokens[i - 1]!;
      // A character has a mind: it says, asks, thinks or smiles ("Holmes had said", "asked Alice"). A ship, a
      // fleet or a planet only moves, lands or lies, so a name that never does more is not one.
      const acts =
        MINDFUL_VERBS.has(verbAfter(tokens, end + 1)?.lemma ?? '') ||
        // "said the White Rabbit"
        MINDFUL_VERBS.has((before.pos === 'DET' ? tokens[i - 2] : before)?.lemma ?? '') ||
        /^(?:mr|mrs|miss|dr|sir|lady|lord)\.?$/i.test(before.value);
      const entry = runs.get(name) ?? { count: 0, acts: 0 };
      entry.count += 1;
      if (acts) entry.acts += 1;
      runs.set(name, entry);
      i = end;
    }
  }
  // "Holmes" alone counts for "Sherlock Holmes" when that is the only longer name holding it.
  const merged = new Map<string, { count: number; acts: number }>();
  const names = [...runs.keys()];
  for (const [name, entry] of runs) {
    const longer = names.filter((other) => other !== name && other.split(' ').includes(name));
    // "Martians" is "Martian": the form seen most stands for both.
    const twin = names.find(
      (other) =>
        other !== name && singularKey(other) === singularKey(name) && (runs.get(other)?.count ?? 0) > entry.count,
    );
    const target = twin ?? (longer.length === 1 && !name.includes(' ') ? longer[0]! : name);
    const into = merged.get(target) ?? { count: 0, acts: 0 };
    into.count += entry.count;
    into.acts += entry.acts;
    merged.set(target, into);
  }
  const ranked = [...merged]
    .filter(
      ([name, entry]) =>
        entry.count >= 3 && entry.acts >= 1 && !MONTHS_AND_DAYS.has(name.toLowerCase()) && !namesAPlace(name),
    )
    .sort((a, b) => b[1].count - a[1].count)
    .map(([name]) => name);
  const characters: KeyTerm[] = [];
  const used = new Set<string>();
  for (const name of ranked) {
    if (characters.length >= limit) break;
    const candidates = sentences.filter((sentence) => {
      if (!sentence.text.includes(name) || isSpeech(sentence) || sentence.words.length > 35) return false;
      return !used.has(sentenceKey(sentence.text));
    });
    // What the person is like says more than one thing they did ("Holmes rose and lit his pipe").
    const about = maxBy(candidates, (sentence) => {
      if (portrays(name, sentence.text)) return 100;
      const describing = sentence.tokens.filter((token) => token.pos === 'ADJ').length;
      return (sentence.text.indexOf(name) < 20 ? 6 : 0) + describing + Math.min(sentence.terms.length, 12) / 6;
    });
    if (!about) continue;
    used.add(sentenceKey(about.text));
    characters.push({ term: name, definition: about.text, pages: [about.origin] });
  }
  return characters;
}

/** The verb a name is the subject of: the next word, past auxiliaries and adverbs ("had not quickly said"). */
function verbAfter(tokens: readonly SentenceToken[], from: number): SentenceToken | undefined {
  let index = from;
  while (
    tokens[index] &&
    (tokens[index]!.pos === 'AUX' || tokens[index]!.pos === 'ADV' || tokens[index]!.pos === 'PART')
  )
    index += 1;
  return tokens[index]?.pos === 'VERB' ? tokens[index] : undefined;
}

// Verbs of speaking, thinking and feeling (lemmas): what only a person, or a creature written as one, does.
const MINDFUL_VERBS = new Set(mindfulVerbs.words);

function isNameToken(token: { value: string; pos: string; isWord: boolean }): boolean {
  return token.isWord && token.pos === 'PROPN' && /^\p{Lu}\p{Ll}+$/u.test(token.value) && token.value.length > 1;
}

// "Serpentine Avenue", "Briony Lodge", "Putney Hill": a name of two words or more ending so is a place, not a person.
const PLACE_WORDS = new Set(placeWords.words);
const namesAPlace = (name: string) => {
  const words = name.toLowerCase().split(' ');
  return words.length >= 2 && PLACE_WORDS.has(words.at(-1)!);
};

const MONTHS_AND_DAYS = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday god heaven english french london'.split(
    ' ',
  ),
);

function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "QUESTIONS AND EXERCISES", "Review questions", "Problems": the heading of the tasks a textbook sets its reader.
const EXERCISE_HEADING =
  /^(?:(?:review|study|discussion|practice)\s+)?(?:questions?|exercises?|problems?)(?:\s+(?:and|&)\s+(?:exercises?|problems?|answers?|activities))?(?:\s+for\s+(?:discussion|review|practice))?\s*[.:]?(?:\s+\d{1,2}\s*[.)])?$/i;
// A list item's number alone ("7.", "b)") or before its text ("7. Write out a two-minute speech …").
const ENUMERATOR = /^(?:\d{1,2}|[a-h])[.)]$/i;
const NUMBERED_ITEM = /^(?:\d{1,2}|[a-h])[.)]\s+\S/i;
// An exercise may run to a few sentences ("Do we express … ? Which may be …?"); more than this without a new
// number is the book's text again.
const MAX_SENTENCES_PER_EXERCISE = 4;

/**
 * The chapter without the exercises it sets its reader: "What is the cause of self-consciousness?" and "Write out a
 * two-minute speech …" are homework, not notes. The section runs from its heading while numbered items follow.
 */
export function withoutExercises<T extends { text: string; words: readonly string[] }>(sentences: readonly T[]): T[] {
  const kept: T[] = [];
  let sinceItem: number | undefined;
  for (const sentence of sentences) {
    const text = sentence.text.trim();
    if (EXERCISE_HEADING.test(text)) {
      sinceItem = 0;
      continue;
    }
    if (sinceItem !== undefined) {
      if (ENUMERATOR.test(text) || NUMBERED_ITEM.test(text)) {
        sinceItem = 0;
        continue;
      }
      // One-word lines ("Excitement.", "Victory.") are the item's own list.
      if (sentence.words.length >= 4) sinceItem += 1;
      if (sinceItem <= MAX_SENTENCES_PER_EXERCISE) continue;
      sinceItem = undefined;
    }
    kept.push(sentence);
  }
  return kept;
}

const TASK_VERBS = new Set(taskVerbs.verbs);
// "Then give …", "Now find …": a sequencing adverb may open the task.
const TASK_LEADS = new Set(['then', 'now', 'next', 'also', 'finally', 'again', 'first', 'second']);

/**
 * A sentence that sets the reader a task ("Identify the two main interests people have.", "Then give a closed
 * formula.") is a learning objective or an exercise, not a point to learn: it opens on a task verb in its base form
 * with no subject before it.
 */
export function setsATask(sentence: AnalysedSentence): boolean {
  // "(a) Find both …", "b) Show that …": the part of an exercise opens on its label.
  const words = sentence.tokens.slice(itemLabelLength(sentence.tokens)).filter((token) => token.isWord);
  const first = words[0] && TASK_LEADS.has(words[0].normal) ? words[1] : words[0];
  if (!first || !TASK_VERBS.has(first.normal)) return false;
  // "Show business is …", "List comprehensions are …": a noun that heads the subject is no task.
  const next = words[words.indexOf(first) + 1];
  if (first.pos === 'VERB') return !(next && next.pos === 'AUX');
  // The tagger takes a capitalised first word for a name ("Complete the three comparisons …", "Show that …"): a
  // subject's noun is followed by its own words ("Complete graphs are …"), a verb by its object or clause.
  return next !== undefined && IMPERATIVE_OBJECT_START.has(next.pos);
}

const IMPERATIVE_OBJECT_START = new Set(['DET', 'PRON', 'NUM', 'SCONJ']);

/** Tokens of an item label opening a sentence: "(a)", "b)", "(iii)". */
function itemLabelLength(tokens: readonly SentenceToken[]): number {
  const open = tokens[0]?.value === '(' ? 1 : 0;
  const label = tokens[open];
  const close = tokens[open + 1];
  return label && /^(?:[a-z]|[ivx]{1,4}|\d{1,2})$/i.test(label.value) && close?.value === ')' ? open + 2 : 0;
}

const ITEM = `(?:${layoutItems.items.map((item) => item.replace('.', '\\.')).join('|')})`;
const UNSEEN_ITEM = [
  // "Example 2.4 shows …", "by Theorem 3", "the scheme (1.7)": a numbered item the notes do not carry.
  new RegExp(`\\b${ITEM}\\s+\\(?\\d+(?:\\.\\d+)*[a-z]?\\)?(?![\\d%])`, 'i'),
  /\(\d{1,2}\.\d{1,3}[a-z]?\)/,
  // "the formula above", "the following table", "the previous example", "the examples and formulas above".
  new RegExp(`\\b${ITEM}\\s+(?:(?:and|or)\\s+\\w+\\s+)?(?:above|below)\\b`, 'i'),
  new RegExp(`\\b(?:following|previous|preceding|next|last)\\s+${ITEM}(?!\\w)`, 'i'),
  // "The lower left plot is …", "the map on the right": an item named by its place on the page.
  new RegExp(`\\b(?:upper|lower|top|bottom|left|right)(?:[\\s-]+(?:left|right|hand))?\\s+${ITEM}(?!\\w)`, 'i'),
  new RegExp(`\\b${ITEM}\\s+(?:on|to|at)\\s+the\\s+(?:left|right|top|bottom)\\b`, 'i'),
  // "In this example, …", "this graph has chromatic number 2": the item the page shows beside the sentence.
  new RegExp(`\\b(?:this|these)\\s+${ITEM}(?!\\w)`, 'i'),
  /\b(?:shown|given|listed|described|illustrated|defined)\s+(?:above|below)\b|\bas follows\b|\b(?:above|below)[.:]?$|:$/i,
];

/** A sentence that leans on an example, equation or figure the notes do not carry ("Here is the problem above."). */
export function pointsAtUnseen(text: string): boolean {
  return UNSEEN_ITEM.some((pattern) => pattern.test(text.trim()));
}

/** Readable sentences, repaired where safe; original positions kept so neighbours can be found. Notes may join a
 * "However, …" to the sentence before; texts that split sentences again (ELI12, book notes) keep them apart. */
export function readableSentences(
  sentences: readonly AnalysedSentence[],
  { joinDangling = false }: { joinDangling?: boolean } = {},
): AnalysedSentence[] {
  const seen = new Set<string>();
  const kept: AnalysedSentence[] = [];
  // Kept sentences that are as the source wrote them, so one leaning on them may be joined to them.
  const plain = new Set<AnalysedSentence>();
  for (const sentence of sentences) {
    let text = repairSentence(sentence.text);
    if (!text || !hasVerb(sentence) || subjectless(sentence)) continue;
    let standsAlone = true;
    const previous = kept[kept.length - 1];
    // The sentence right before, as the source wrote it, and short enough to take this one on.
    const joinable =
      previous &&
      plain.has(previous) &&
      previous.group === sentence.group &&
      previous.position === sentence.position - 1 &&
      previous.words.length + sentence.words.length <= MAX_JOINED_WORDS &&
      // "… what can we say about ¬P? It must be false as well": a reply to the book's own question makes no statement
      // with it, and the notes state.
      !asksAQuestion(previous.text);
    const joinToPrevious = (joinedText: string) => {
      const joined = joinSentences(previous!, { ...sentence, text: joinedText });
      seen.add(sentenceKey(joined.text));
      kept[kept.length - 1] = joined;
    };
    // Notes pick sentences out of their order: "This key is available …" goes with the sentence before
    // that names the key, or not at all.
    const demonstrative = joinDangling ? pointsBack(sentence) : null;
    if (demonstrative) {
      if (joinable && previous.terms.includes(demonstrative)) joinToPrevious(text);
      continue;
    }
    // "It hit her larboard side.", "Holmes took a note of it.": a pronoun whose noun is in the sentence before, kept
    // only with it.
    if (pronounSubject(sentence) || pronounObject(sentence)) {
      if (joinDangling && joinable) joinToPrevious(text);
      continue;
    }
    if (needsAntecedent(text)) {
      // "However, …" goes with the sentence it answers when that one is readable and the pair fits; an added
      // "Furthermore," (or a linking one, failing that) is dropped when the rest reads alone; "This …" is skipped.
      const connective = leadingConnective(text);
      if (joinDangling && connective?.kind === 'linking' && joinable) {
        joinToPrevious(text);
        continue;
      }
      const rest = connective ? repairSentence(connective.rest) : null;
      if (!rest || needsAntecedent(rest)) continue;
      text = rest;
      standsAlone = false;
    }
    const key = sentenceKey(text);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = text === sentence.text ? sentence : { ...sentence, text };
    kept.push(entry);
    if (standsAlone) plain.add(entry);
  }
  return kept;
}

const MAX_JOINED_WORDS = 45;

// "This chapter …" and "This book …" name what the reader has in hand.
const SELF_REFERENCE = new Set(selfReference.words);

const TEXT_ITSELF = new RegExp(
  String.raw`\b(?:(?:this|these|the\s+present|(?:the\s+)?(?:next|following|previous|preceding|coming|last|rest\s+of\s+the)|a\s+later|later|earlier)\s+(?:${selfReference.words.join('|')})s?|\bthe\s+(?:one|ones|case|cases)\s+(?:above|below)|(?:above|below)\s+(?:illustrates?|shows?|gives?|suggests?)|(?:later|earlier|below|above)\s+in\s+(?:this|the)|(?:you|we)\s+(?:will|shall|'ll|’ll)\s+(?:(?:now|first|next|then|also|briefly)\s+)?(?:learn|study|explore|discuss|cover|read\s+about|look\s+at|examine|investigate|establish|present|introduce|describe|turn\s+to)|(?:is|are)\s+(?:\w+\s+)?(?:included|presented|shown|given|listed)\s+next|(?:appears?|follows?)\s+next)\b`,
  'i',
);

// "Many more details about scaling are presented in the author's book … [9].": a pointer to other reading.
const FURTHER_READING =
  /\b(?:more|further)\s+(?:details|information|reading|discussion)\b.*\b(?:book|references?|literature|appendix|website|\[\d+\])/i;

/**
 * A signpost: the sentence speaks of the text itself ("It will be explored later in this chapter."), of what the
 * course will do ("You will learn some of the basic principles of politics.") or of other reading.
 */
export function speaksOfTheText(text: string): boolean {
  return TEXT_ITSELF.test(text) || FURTHER_READING.test(text);
}

const NOUN_PHRASE_TAGS = new Set(['ADJ', 'NOUN', 'PROPN']);

/** The noun (lemma) a sentence's demonstrative subject points back to ("This key is …" → key), or null. */
export function pointsBack(sentence: AnalysedSentence): string | null {
  const [first, ...rest] = sentence.tokens;
  if (!first || first.pos !== 'DET' || !/^(?:this|these|that|those)$/.test(first.normal)) return null;
  // The noun phrase's last word is its head (the tagger calls some nouns adjectives: "This key is …").
  let index = 0;
  while (rest[index] && NOUN_PHRASE_TAGS.has(rest[index]!.pos)) index += 1;
  const noun = rest[index - 1];
  if (!noun) return null;
  // Only a subject points back: "That night she went …" sets the time of its own clause.
  while (rest[index]?.pos === 'ADV') index += 1;
  const after = rest[index];
  if (!after || (after.pos !== 'VERB' && after.pos !== 'AUX')) return null;
  return SELF_REFERENCE.has(noun.lemma.toLowerCase()) ? null : noun.lemma.toLowerCase();
}

const SENTENCE_ADVERB_TAGS = new Set(['ADV', 'CCONJ', 'PUNCT']);
// "It seems that …", "It is easy to …", "It was Holmes who …": an "it" that stands for what follows, not before.
const ANTICIPATORY_IT =
  /^it\s+(?:(?:is|was|seems|seemed|appears|appeared|becomes|became|remains|remained|takes|took|turns\s+out|turned\s+out|happens|happened|(?:will|would|may|might|can|could|must|should)\s+be|(?:has|had)\s+been)\b)(?:\s+[\w'-]+){0,4}?\s+(?:to|that|whether|how|why|what|who|which|when|if|for)\b/i;

/** The sentence's subject is a bare "it" or "they" at its start ("Then it came down …"): its noun is elsewhere. */
export function pronounSubject(sentence: AnalysedSentence): boolean {
  const tokens = sentence.tokens;
  let index = 0;
  // "Then it came down", "And they ran": an opening adverb or conjunction before the subject.
  while (index < 2 && tokens[index] && SENTENCE_ADVERB_TAGS.has(tokens[index]!.pos)) index += 1;
  const subject = tokens[index];
  if (!subject || subject.pos !== 'PRON' || !/^(?:it|they)$/.test(subject.normal)) return false;
  let next = index + 1;
  while (tokens[next]?.pos === 'ADV') next += 1;
  const verb = tokens[next];
  if (!verb || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) return false;
  const clause = tokens
    .slice(index)
    .map((token) => token.value)
    .join(' ');
  return !ANTICIPATORY_IT.test(clause);
}

/** "… how to manage this using …": a bare "this" or "these" stands for something said before the sentence. */
/** "Explains the basics of version control …": a list's description of an item, its subject left in the item. */
function subjectless(sentence: AnalysedSentence): boolean {
  const first = sentence.tokens[0];
  return first?.pos === 'VERB' && /^\p{Lu}\p{Ll}+s$/u.test(first.value);
}

/** A short sentence ending on a bare pronoun ("Holmes took a note of it."): what it speaks of is said before. */
function pronounObject(sentence: AnalysedSentence): boolean {
  const words = sentence.tokens.filter((token) => token.isWord);
  const last = words.at(-1);
  return words.length <= 8 && last?.pos === 'PRON' && /^(?:it|them|this|that|these|those)$/.test(last.normal);
}

export function leansOnContext(sentence: AnalysedSentence): boolean {
  return sentence.tokens.some((token) => token.pos === 'PRON' && /^(?:this|these)$/.test(token.normal));
}

function joinSentences(first: AnalysedSentence, second: AnalysedSentence): AnalysedSentence {
  const [head, ...tail] = second.tokens;
  return {
    ...first,
    // Two sentences in one quotation mark pair would read as one sentence to a splitter; they are left as written.
    inQuotation: undefined,
    text: `${first.text} ${second.text}`,
    tokens: [...first.tokens, ...(head ? [{ ...head, space: ' ' }] : []), ...tail],
    words: [...first.words, ...second.words],
    terms: [...first.terms, ...second.terms],
  };
}

/** A sentence that opens by describing a person or place: "Lestrade, lean and ferret-like, …", "Holmes was a …". */
export function portrays(name: string, sentence: string): boolean {
  // A name, not an acronym ("NMU") or a common noun.
  if (!/^\p{Lu}\p{Ll}/u.test(name)) return false;
  const described = new RegExp(
    `^(?:(?:Mr|Mrs|Miss|Dr)\\.?\\s+)?${escapeRegExp(name)}(?:,\\s+(?:the|a|an|who|whose|[a-z]+(?:-[a-z]+)?\\s+and\\s+[a-z]+(?:-[a-z]+)?)\\b|\\s+(?:is|was)\\s+(?:a|an|the)\\b)`,
    'u',
  );
  return described.test(sentence);
}

/** The first item with the highest score. */
function maxBy<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const item of items) {
    const value = score(item);
    if (value > bestScore) {
      best = item;
      bestScore = value;
    }
  }
  return best;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const NOUN_TAGS = new Set(['NOUN', 'PROPN']);
const MODIFIER_TAGS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'PUNCT']);

/** The term is a noun phrase of the sentence: modifiers ending in a noun (not "Is cooking", not "Made"). */
export function isNounPhrase(term: string, sentence: AnalysedSentence): boolean {
  const words = term.toLowerCase().split(/\s+/);
  const tokens = sentence.tokens.filter((token) => token.isWord || token.pos === 'PUNCT');
  for (let start = 0; start + words.length <= tokens.length; start += 1) {
    const span = tokens.slice(start, start + words.length);
    if (span.every((token, index) => token.normal === words[index])) {
      const last = span[span.length - 1]!;
      const head = NOUN_TAGS.has(last.pos) || (span.length === 1 && last.pos === 'ADJ');
      return head && span.slice(0, -1).every((token) => MODIFIER_TAGS.has(token.pos));
    }
  }
  return false;
}

/** A sentence has a finite verb somewhere; a list of terms cut off at a full stop has none. */
export function hasVerb(sentence: AnalysedSentence): boolean {
  // "Selected Sat.: The colour of the selected satellite.": a list entry's label, then no clause of its own.
  const label = /^[^:]{1,40}:\s/.exec(sentence.text);
  const tokens = label
    ? sentence.tokens.slice(sentence.tokens.findIndex((token) => token.value === ':') + 1)
    : sentence.tokens;
  return tokens.some(isVerbToken) && !isNounWithClauseOnly(tokens);
}

const isVerbToken = (token: SentenceToken) => token.pos === 'VERB' || token.pos === 'AUX';
const CLAUSE_OPENERS = new Set(['when', 'where', 'which', 'who', 'whom', 'whose', 'that', 'while']);

/**
 * "The azimuth when the satellite goes out of range.", "The orbit during which the pass will occur." (a table's
 * definitions): a noun and a clause about it, and no verb of the sentence's own after the clause.
 */
function isNounWithClauseOnly(tokens: readonly SentenceToken[]): boolean {
  if (tokens[0]?.pos !== 'DET') return false;
  const opener = tokens.findIndex((token) => CLAUSE_OPENERS.has(token.normal));
  if (opener < 2 || opener > 6 || tokens.slice(0, opener).some(isVerbToken)) return false;
  let verbGroups = 0;
  let inVerbGroup = false;
  for (const token of tokens.slice(opener + 1)) {
    if (isVerbToken(token) && !inVerbGroup) verbGroups += 1;
    inVerbGroup = isVerbToken(token) || (inVerbGroup && (token.pos === 'ADV' || token.pos === 'PART'));
  }
  return verbGroups <= 1;
}

const READER_DIRECTIVES = new Set(readerDirectives.verbs);
// After a directive, what it directs at: "Put two piles …", "Notice the extra n …", "Assume, for induction, …".
const DIRECTED_START = new Set(['DET', 'PRON', 'NUM', 'SCONJ', 'ADP', 'PUNCT', 'ADJ', 'ADV', 'CCONJ', 'PART']);

/**
 * The sentence opens on an imperative that walks the reader through a case: "Put two equal piles on each side of the
 * scales.", "Call the sum S.", "Assume, for induction, that P(k) is true.", "Think of a row of dominoes …". A noun that
 * heads a subject is no directive: "Set theory is …", "Notice boards are …".
 */
export function directsTheReader(sentence: AnalysedSentence): boolean {
  const words = sentence.tokens.filter((token) => token.isWord || token.value === ',');
  // "But notice that …": a conjunction before the directive leaves it one.
  const tokens = words[0]?.pos === 'CCONJ' ? words.slice(1) : words;
  const first = tokens[0];
  const next = tokens[1];
  if (!first || !READER_DIRECTIVES.has(first.normal) || !next) return false;
  if (next.pos === 'AUX' || next.pos === 'VERB') return false;
  return first.pos === 'VERB' || DIRECTED_START.has(next.pos);
}
