import { holdsWorkedNumbers } from '../text/worked-numbers.js';
import { analyseSegments, cleanPageTexts, type AnalysedSentence } from '../text/chapter-text.js';
import { extractKeyphrases } from '../ranking/keyphrases.js';
import type { ChapterInput, FlashcardDraft } from '../types.js';
import { indefiniteArticle } from './short-sentences.js';
import {
  escapeRegExp,
  leansOnContext,
  pointsAtUnseen,
  pronounSubject,
  setsATask,
  speaksOfTheText,
  directsTheReader,
} from './study-notes.js';
import genericHeads from '../data/generic-heads.json' with { type: 'json' };
import type { AnalysedChapter } from '../analyse-chapter.js';
import type { SectionTree } from '../stages/section-tree.js';
import { needsAntecedent, opensOnContext, sentenceProblem } from '../text/sentence-hygiene.js';
import { isKnownWord } from '../text/plain-words.js';
import readerPronouns from '../data/reader-pronouns.json' with { type: 'json' };
import { analysedSentences, isStopWord, normalise, onlyStopWords, standsOn, wordsOf } from './answer-support.js';
import matterTitles from '../data/matter-titles.json' with { type: 'json' };
import { CHAPTER_LABEL, DOT_LEADER } from '../text/chapter-text.js';
import { BookDeck, type DeckCard } from './book-deck.js';
import { isConcept, isGenericWord } from './concepts.js';
import { hasPredicate } from '../text/predicate.js';
import { nameGivenBefore } from './named-before.js';
import { aliasCard } from './alias-card.js';
import { howCard, toolCard } from './purpose-cards.js';
import stanceAdverbs from '../data/stance-adverbs.json' with { type: 'json' };
import documentWords from '../data/document-words.json' with { type: 'json' };

export const MAX_CARDS = 25;
const MAX_QA_CARDS = 13;
export const CLOZE_BLANK = '_____';
const MAX_CLOZES_PER_TERM = 2;
const SHORT_CHAPTER_SENTENCES = 20;

/** A card drawn from one sentence's frame ("why …", "when is …", "what is … known as"), with the term it asks about. */
type FramedCard = Pick<StudioCard, 'kind' | 'front' | 'back'> & { term: string };

/** A drafted card with what the quiz builds on: the concept it tests and the sentence it comes from. */
export interface StudioCard extends FlashcardDraft {
  concept: string;
  sentence: string;
  /** Reading order of the source sentence. */
  position: number;
  /** For a definition card, the definition clause. */
  definition?: string;
}

const TERM_TAGS = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD_TAGS = new Set(['NOUN', 'PROPN']);
// Code, paths, markup or commands: not a sentence a student should memorise.
const NOT_PROSE = /[{}<>=$\\|#@`~^*[\]⟨⟩●•]|\/|--|\.\w{2,4}\b(?!\s)|_\w|\w\(|\.\.\./;
// A word in capitals: a label, a warning or a program's keyword ("NOTE", "DEBUG", "VIDEO"), unless the chapter uses it
// as a name (below).
const CAPITALS = /\b[A-Z]{4,}\b/g;
const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * The words in capitals a chapter uses as names: an acronym it spells out ("analysis of variance (ANOVA)", "North
 * Atlantic Treaty Organization (NATO)"), or one no dictionary holds that it uses three times or more ("ANOVA",
 * "MATLAB", "LGBTQ"). A word in capitals the dictionary holds ("NOTE", "DEBUG", "VIDEO") is a label or a keyword.
 */
export function namesInCapitals(sentences: readonly AnalysedSentence[]): Set<string> {
  const counts = new Map<string, number>();
  const names = new Set<string>();
  for (const { text } of sentences) {
    for (const [word] of text.matchAll(CAPITALS)) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const spelled of text.matchAll(/((?:[\p{L}’'-]+\s+){2,8})\(([A-Z]{4,})\)/gu)) {
      const initials = spelled[1]!
        .trim()
        .split(/\s+/)
        .filter((word) => /^\p{Lu}/u.test(word) || !/^(?:of|and|for|the|in|on|to|a|an)$/i.test(word))
        .map((word) => word[0]!.toUpperCase())
        .join('');
      if (initials.endsWith(spelled[2]!)) names.add(spelled[2]!);
    }
  }
  for (const [word, count] of counts) if (count >= 3 && !isKnownWord(word.toLowerCase())) names.add(word);
  return names;
}

function capitalsNameNothing(text: string, names: ReadonlySet<string>): boolean {
  return [...text.matchAll(CAPITALS)].some(([word]) => !names.has(word));
}
const QUOTES = /["“”]/;

/**
 * Offline flashcards of a chapter, extractive: question/answer cards from definitions in the text
 * ("X is a …", "X refers to …", "… is called X") and cloze cards hiding a key phrase (a noun phrase, never a
 * stop word) of a key sentence. Every answer is copied from its cited page; no two cards ask the same thing.
 */
export function buildOfflineFlashcards(input: ChapterInput, { relaxed = false } = {}): StudioCard[] {
  // Relaxed (for a short chapter's quiz): more cards, and lone words that recur only twice.
  const maxCards = relaxed ? 40 : MAX_CARDS;
  const title = input.chapterTitle.replace(/^(?:chapter\s+)?[\dIVXLC.]+[:.]?\s+/i, '');
  const analysed = analysedSentences(input.pages);
  const names = namesInCapitals(analysed);
  const sentences = analysed
    .map((sentence) => withoutHeading(sentence, title))
    .filter((sentence) => isStudySentence(sentence, names) && !opensWithHeading(sentence.text, title));
  // A page or two of text rarely repeats a word: there, a key phrase met once is still the sentence's concept.
  const minSentences = relaxed ? (sentences.length < SHORT_CHAPTER_SENTENCES ? 1 : 2) : 3;
  const pageText = new Map(cleanPageTexts(input.pages).map((page) => [page.label, page.text]));
  const labels = input.pages.map((page) => page.label);
  const deck = new Deck(pageText, labels);

  for (const sentence of sentences) {
    if (deck.qaCount >= MAX_QA_CARDS) break;
    const definition = definitionOf(sentence);
    if (!definition) continue;
    if (definition.kind === 'defines') {
      deck.add({
        kind: 'qa',
        front: `What is ${articleOf(sentence.text)}${definition.term.replace(/^(?:the|an?) /i, '')}?`,
        back: capitalise(definition.text),
        concept: definition.term,
        definition: definition.text,
        sentence: sentence.text,
        position: sentence.position,
        pageLabel: sentence.origin,
      });
    } else {
      deck.add({
        kind: 'qa',
        front: `What is the name for ${lowerFirst(definition.text)}?`,
        back: definition.term,
        concept: definition.term,
        definition: definition.text,
        sentence: sentence.text,
        position: sentence.position,
        pageLabel: sentence.origin,
      });
    }
  }

  const bySentence = new Map(sentences.map((sentence) => [sentence.position, sentence]));
  const phrases = extractKeyphrases(analysedSentences(input.pages), 60);
  const longPhrases = phrases.map((phrase) => normalise(phrase.text)).filter((text) => text.includes(' '));

  // "… a process called photosynthesis.": the named concept is the blank.
  for (const sentence of sentences) {
    if (deck.size >= maxCards) break;
    const named = CALLED.exec(sentence.text)?.[1];
    if (!named || !isConcept(named)) continue;
    const cloze = clozeOf(sentence.text, named);
    if (cloze)
      deck.add({
        kind: 'cloze',
        front: cloze.front,
        back: cloze.hidden,
        concept: cloze.hidden,
        sentence: sentence.text,
        position: sentence.position,
        pageLabel: sentence.origin,
      });
  }
  for (const phrase of phrases) {
    if (deck.size >= maxCards) break;
    // A lone word must recur to be a concept of the chapter rather than a word it happens to use.
    if (
      !isConcept(phrase.text) ||
      (wordsOf(phrase.text).length === 1 && phrase.sentencePositions.length < minSentences)
    )
      continue;
    for (const position of phrase.sentencePositions) {
      const sentence = bySentence.get(position);
      if (!sentence || sentence.words.length < 8) continue;
      const cloze = clozeOf(sentence.text, phrase.text);
      // Hiding "dioxide" of "carbon dioxide" asks for half a concept.
      if (!cloze || partOfLongerPhrase(sentence.text, cloze.hidden, longPhrases)) continue;
      if (
        deck.add({
          kind: 'cloze',
          front: cloze.front,
          back: cloze.hidden,
          concept: cloze.hidden,
          sentence: sentence.text,
          position: sentence.position,
          pageLabel: sentence.origin,
        })
      )
        break;
    }
  }
  return deck.cards.sort((a, b) => a.position - b.position);
}

class Deck {
  readonly cards: StudioCard[] = [];
  qaCount = 0;
  private readonly fronts = new Set<string>();
  private readonly concepts = new Set<string>();
  private readonly sentences = new Set<number>();

  constructor(
    private readonly pageText: Map<string, string>,
    private readonly labels: string[],
  ) {}

  get size(): number {
    return this.cards.length;
  }

  /** Keeps a card when it is new (front, concept and sentence) and its answer stands on the cited page. */
  add(card: StudioCard): boolean {
    const front = normalise(card.front);
    const concept = normalise(card.concept);
    if (!front || !concept || this.fronts.has(front) || this.concepts.has(concept)) return false;
    if (this.sentences.has(card.position)) return false;
    const page = this.pageOf(card.back, card.pageLabel);
    if (!page) return false;
    this.fronts.add(front);
    this.concepts.add(concept);
    this.sentences.add(card.position);
    this.cards.push({ ...card, pageLabel: page });
    if (card.kind === 'qa') this.qaCount += 1;
    return true;
  }

  // A sentence can run across a page break (its origin is the page holding most of it): cite the page the
  // answer actually stands on.
  private pageOf(answer: string, label: string): string | null {
    const index = this.labels.indexOf(label);
    for (const candidate of [label, this.labels[index + 1], index > 0 ? this.labels[index - 1] : undefined]) {
      if (candidate !== undefined && standsOn(answer, this.pageText.get(candidate) ?? '')) return candidate;
    }
    return null;
  }
}

// Text extraction glues a chapter's heading to its first sentence: "Photosynthesis Photosynthesis is …".
function withoutHeading(sentence: AnalysedSentence, title: string): AnalysedSentence {
  const titleWords = title.trim().split(/\s+/).filter(Boolean);
  if (!titleWords.length) return sentence;
  const pattern = new RegExp(`^${titleWords.map(escapeRegExp).join('\\s+')}\\s+`, 'i');
  const match = pattern.exec(sentence.text);
  // Only a capital after the title marks a heading: "Photosynthesis is …" is the sentence itself.
  if (!match || !/^[A-Z]/.test(sentence.text.slice(match[0].length))) return sentence;
  const dropped = sentence.tokens.findIndex((token, index) => index >= titleWords.length - 1 && token.isWord) + 1;
  return { ...sentence, text: sentence.text.slice(match[0].length), tokens: sentence.tokens.slice(dropped) };
}

// A heading still glued to the first sentence: "Chapter 8 Shared libraries Packages containing …".
function opensWithHeading(text: string, title: string): boolean {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length && new RegExp(`.\\b${words.map(escapeRegExp).join('\\s+')}\\s+[A-Z]`, 'i').test(text.slice(0, 120)))
    return true;
  const firstWords = text.split(/\s+/).slice(0, 4);
  return firstWords.length === 4 && firstWords.every((word) => /^[A-Z0-9(]/.test(word));
}

function isStudySentence(sentence: AnalysedSentence, names: ReadonlySet<string> = NO_NAMES): boolean {
  const { text, words } = sentence;
  if (words.length < 6 || words.length > 40) return false;
  if (!/^[A-Z]/.test(text) || !/[^\s][.!]$/.test(text)) return false;
  if (NOT_PROSE.test(text) || QUOTES.test(text) || capitalsNameNothing(text, names)) return false;
  const alphabetic = words.filter((word) => /^[a-z][a-z'’-]*$/.test(word)).length;
  return alphabetic / words.length >= 0.8;
}

type Definition = { kind: 'defines' | 'names'; term: string; text: string };

const DEFINES = /^(?:(?:A|An|The)\s+)?(.{2,60}?)\s+(?:is|are)\s+(?:defined as\s+)?((?:a|an|the)\s+.+?)[.!]?$/;
const REFERS = /^(?:(?:A|An|The)\s+)?(.{2,60}?)\s+(?:refers? to|means|is defined as|denotes|stands for)\s+(.+?)[.!]?$/;
const NAMES =
  /^(.{12,200}?),?\s+(?:is|are)\s+(?:called|known as|termed)\s+(?:(?:a|an|the)\s+)?([\w'’-]+(?:\s[\w'’-]+){0,2})[.!]?$/;

function definitionOf(sentence: AnalysedSentence): Definition | null {
  const text = sentence.text;
  const named = NAMES.exec(text);
  if (named && isConcept(named[2]!) && isDefinitionText(named[1]!)) {
    return { kind: 'names', term: named[2]!, text: named[1]! };
  }
  const match = REFERS.exec(text) ?? DEFINES.exec(text);
  if (!match) return null;
  const term = match[1]!.trim();
  const definition = match[2]!.trim();
  if (!isConcept(term) || !isDefinitionText(definition) || !termIsNounPhrase(sentence, term)) return null;
  return { kind: 'defines', term, text: definition };
}

function isDefinitionText(text: string): boolean {
  const words = wordsOf(text);
  return words.length >= 4 && words.length <= 35 && !/^(?:a|an|the)\s+(?:lot|bit|few|number)\b/i.test(text);
}

// The subject must be a noun phrase (wink-nlp's tags): "Photosynthesis", "A stack frame", not "It" or "This way".
function termIsNounPhrase(sentence: AnalysedSentence, term: string): boolean {
  const termWords = wordsOf(term);
  const tokens = sentence.tokens.filter((token) => token.isWord);
  const start = tokens.findIndex((token) => token.normal === termWords[0]);
  if (start < 0 || start > 1) return false;
  const span = tokens.slice(start, start + termWords.length);
  if (span.length !== termWords.length) return false;
  return span.every((token) => TERM_TAGS.has(token.pos)) && HEAD_TAGS.has(span[span.length - 1]!.pos);
}

const POSSESSIVE_NAME = /^\p{Lu}\p{Ll}+['’]s\s/u;

/** The sentence with every occurrence of the phrase hidden, and the words hidden (as written). */
export function clozeOf(sentence: string, phrase: string): { front: string; hidden: string } | null {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(phrase).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const found = sentence.match(pattern);
  if (!found) return null;
  const hidden = found[0]!;
  if (onlyStopWords(hidden) || isStopWord(hidden)) return null;
  const front = sentence.replace(pattern, CLOZE_BLANK);
  // Too little left to recall from.
  if (wordsOf(front).length < 6) return null;
  return { front, hidden };
}

const CALLED = /\b(?:called|named|known as|termed)\s+(?:an?\s+|the\s+)?([A-Za-z][\w'’-]*[A-Za-z])(?=[\s,.;:!?]|$)/;

function partOfLongerPhrase(sentence: string, hidden: string, longPhrases: readonly string[]): boolean {
  const key = normalise(hidden);
  const text = ` ${normalise(sentence)} `;
  return longPhrases.some(
    (phrase) => phrase !== key && ` ${phrase} `.includes(` ${key} `) && text.includes(` ${phrase} `),
  );
}

// "The Calvin cycle is …" asks "What is the Calvin cycle?"; "Photosynthesis is …" asks "What is Photosynthesis?".
function articleOf(sentence: string): string {
  const article = /^(The|An?)\s/.exec(sentence)?.[1];
  return article ? `${article.toLowerCase()} ` : '';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // Keep proper nouns and acronyms: only a capital followed by a lower-case letter is lowered.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

// ---------------------------------------------------------------------------------------------------
// Cards from the analysed chapter: what the book gives (its glossary, its definitions, its index) first.

// A cause or a purpose the book states: the "why" and "what for" of a concept.
const BECAUSE = /^(\p{Lu}[^,;:]{15,160}?),?\s+because\s+([^;:]{10,200}?)[.!]$/u;
const PURPOSE = /^(?:The\s+)?(?:purpose|goal|aim|role|function)\s+of\s+(.{3,60}?)\s+is\s+to\s+(.{8,200}?)[.!]$/iu;
const USED_TO = /^(?:(?:A|An|The)\s+)?(.{3,50}?)\s+(?:is|are)\s+used\s+(?:to|for)\s+(.{8,200}?)[.!]$/u;

/**
 * Cards of a chapter, wanted about one and a half per page (at least ten, and twenty from ten pages): the chapter's
 * substance sets the number.
 */
export function cardsWanted(chapter: AnalysedChapter): number {
  const pages = chapter.input.pages.length;
  // A chapter of ten pages or more is worth twenty cards at least.
  return Math.max(10, Math.min(20, pages * 2), Math.round(pages * 1.5));
}

/**
 * Flashcards of an analysed chapter, from its body only (never its exercises, references or front matter): a
 * definition card ("What is X?") and a term card ("Which term means …?") for the terms its glossary and text define,
 * "why" and "what for" cards from the causes and purposes it states, concept cards on what a statement says of one of
 * the book's terms, and cloze cards hiding one of its terms (an index entry where the book has an index) in a statement
 * about it. Every card comes from a standalone statement (no worked step, task or example story). Cloze cards are at
 * most three in five; an answer stands on the page the card cites; no term is asked twice.
 */
export function chapterCards(
  chapter: AnalysedChapter,
  { bookCards = [] }: { bookCards?: readonly DeckCard[] } = {},
): StudioCard[] {
  // A preface, a list of references or an index teaches nothing to test.
  if (isMatterChapter(chapter.input)) return [];
  const { pageText, sentences, statements, asides } = cardSources(chapter);
  const wanted = cardsWanted(chapter);
  const cards: StudioCard[] = [];
  // The book's cards so far (its other chapters'), then this chapter's: a card asking what one of them asks is not
  // made, and the chapter makes another card instead.
  const deck = new BookDeck(bookCards);
  // A sentence gives one card: two cards from it ask the same thing under two names.
  const usedSentences = new Set<string>();
  const push = (card: StudioCard): boolean => {
    if (deck.repeats(card) || !standsOn(card.back, pageText.get(card.pageLabel) ?? '')) return false;
    if (!card.definition && usedSentences.has(card.sentence)) return false;
    deck.add(card);
    if (!card.definition) usedSentences.add(card.sentence);
    cards.push(card);
    return true;
  };
  const position = (text: string) => sentences.find((sentence) => sentence.text.includes(text))?.position ?? 0;
  const chapterText = chapter.sentences.map((sentence) => sentence.text).join(' ');

  // The book's terms with what it says they are.
  const defined = [
    ...chapter.terms.glossary.map((entry) => ({ ...entry, meaning: entry.definition })),
    ...chapter.terms.definitions.map((entry) => ({ ...entry, meaning: meaningOf(entry.term, entry.definition) })),
    // A term the book sets in bold or italic, where the sentence introducing it opens on it and says what it is.
    ...chapter.terms.emphasised.map((entry) => ({ ...entry, meaning: meaningStatedOf(entry.term, entry.definition) })),
  ].filter(
    (entry) => entry.meaning && isConcept(entry.term) && !isGenericWord(entry.term) && isWholeMeaning(entry.meaning),
  );
  const testedTerms = new Set<string>();
  defined.forEach((entry, index) => {
    const meaning = entry.meaning!.replace(/[.!]$/, '');
    const page = entry.pages[0] ?? '';
    const term = asWrittenInText(entry.term, chapterText);
    const base = {
      concept: term,
      sentence: entry.definition,
      position: position(entry.definition),
      definition: meaning,
    };
    if (testedTerms.has(normalise(term))) return;
    testedTerms.add(normalise(term));
    const describes = isDescriptiveTerm(term, chapter.sentences);
    const whatIs: StudioCard = {
      ...base,
      kind: 'qa',
      front: describes ? `What does “${term}” describe?` : askWhatIs(term, entry.definition, chapter.sentences),
      back: capitalise(meaning),
      pageLabel: page,
    };
    // An earlier chapter already asks what the term is (its glossary printed the term too): this chapter's meaning
    // of it is still worth learning, asked the other way round.
    const askedBefore = deck.repeats(whatIs);
    push(whatIs);
    // Both directions for one term in two: the meaning from the term, and the term from its meaning.
    if (index % 2 === 0 || defined.length < wanted / 3 || askedBefore)
      push({ ...base, kind: 'qa', front: `Which term means: ${lowerFirst(meaning)}?`, back: term, pageLabel: page });
  });

  const vocabulary = chapterVocabulary(chapter, sentences).filter((term) => !testedTerms.has(normalise(term)));

  // A card a sentence gives in a frame of its own, cited where the sentence stands: its concept is the term it asks.
  const pushFrom = (sentence: AnalysedSentence, card: FramedCard | null) =>
    card &&
    push({
      kind: card.kind,
      front: card.front,
      back: card.back,
      concept: card.term,
      sentence: sentence.text,
      position: sentence.position,
      pageLabel: sentence.origin,
    });

  // Causes and purposes of the book's terms.
  const bookTerms = [...vocabulary, ...testedTerms];
  for (const sentence of statements) {
    const card = reasonCard(sentence, bookTerms);
    pushFrom(sentence, card && { ...card, term: card.back });
  }
  // "To verify that two statements are logically equivalent, you can make a truth table …", "We can use generating
  // functions to solve recurrence relations.": how the book reaches a goal and what a tool is for, said to the reader.
  for (const sentence of sentences) {
    const card = howCard(sentence, bookTerms) ?? toolCard(sentence, bookTerms);
    pushFrom(sentence, card);
  }
  // "If the terms of a sequence differ by a constant, we say the sequence is arithmetic.": when a term applies.
  for (const sentence of [...statements, ...asides]) pushFrom(sentence, conditionCard(sentence.text, bookTerms));
  // "The parameter r is known as the convergence rate.": what the chapter calls a thing it describes.
  for (const sentence of statements) {
    const card = namingCard(sentence.text, vocabulary);
    pushFrom(sentence, card && { ...card, term: card.back });
  }
  // "… This process is known as radioactive decay.": the name of what the sentence before describes.
  chapter.sentences.forEach((sentence, at) => {
    const previous = chapter.sentences[at - 1];
    if (previous && previous.group === sentence.group) pushFrom(sentence, namedBeforeCard(previous, sentence.text));
  });
  // "There is an extremely powerful tool … called the generating function.": the name of a thing it introduces.
  for (const sentence of statements) pushFrom(sentence, introducedNameCard(sentence.text, bookTerms));
  // "We call the set of all subsets of A the power set of A.": what the chapter calls a thing, in the reader's voice.
  for (const sentence of statements) pushFrom(sentence, readerNamingCard(sentence.text));
  // "Nouns are broken into two groups: proper nouns and common nouns.": the kinds a statement counts and lists.
  for (const sentence of statements) pushFrom(sentence, listCard(sentence));
  // "… the 4th-order Runge-Kutta method, often called RK4.": the other name the book gives a term. The name and its
  // alias stand on their own even where the sentence leans on the one before ("This powerful technique … is known as
  // the method of manufactured solutions, often abbreviated MMS.").
  for (const sentence of sentences)
    pushFrom(
      sentence,
      aliasCard(sentence, (text) => isConcept(text) && !isGenericWord(text)),
    );

  // Concept cards: what the chapter states of a term, from a statement that has the term in its subject.
  const conceptTerms = new Set<string>();
  // A sentence the book's cards so far already quote (a cloze's sentence with its answer, a statement) is asked already.
  const quotedBefore = new Set(
    bookCards.flatMap((card) => [
      normalise(card.front.split(CLOZE_BLANK).join(` ${card.back} `)),
      normalise(card.back),
    ]),
  );
  const askWhatTheChapterSays = (term: string, sentence: AnalysedSentence) => {
    // The quiz offers the concept as an option: "RK4" as the chapter writes it, not the index's "rk4".
    const written = asWrittenInText(term, chapterText);
    const card = {
      kind: 'qa' as const,
      front: `What does the chapter say about ${written}?`,
      back: sentence.text,
      pageLabel: sentence.origin,
      concept: written,
      sentence: sentence.text,
      position: sentence.position,
    };
    if (push(card)) conceptTerms.add(normalise(term));
  };
  // The chapter's terms: its index entries and own terms, or (a book without an index) its glossary, its definitions
  // and, where those are few, its recurring key phrases.
  const conceptVocabulary = vocabulary;
  for (const term of conceptVocabulary) {
    if (cards.length >= Math.ceil(wanted * 0.4)) break;
    const sentence = statements.find(
      (candidate) =>
        candidate.words.length <= 30 &&
        !WITHOUT_POINTERS.has(candidate) &&
        !usedSentences.has(candidate.text) &&
        !quotedBefore.has(normalise(candidate.text)) &&
        termInSubject(term, candidate),
    );
    if (!sentence) continue;
    askWhatTheChapterSays(term, sentence);
  }

  // A term no statement has as its subject: what a statement on it says, where the chapter's subjects ran dry. The
  // sentence still has to stand alone and be short enough to recall.
  // A sentence an earlier chapter's card (or this chapter's, regenerated) already quotes is asked already.
  const quoted = new Set(
    bookCards
      .map((card) => normalise(card.front.split(CLOZE_BLANK).join(` ${card.back} `)))
      .concat(bookCards.map((card) => normalise(card.back))),
  );
  // An index entry stays for a cloze, whose short answer is the book's own term.
  const indexed = new Set(chapter.terms.index.length ? bookVocabulary(chapter).map(normalise) : []);
  for (const term of conceptVocabulary) {
    if (cards.length >= Math.ceil(wanted * 0.4)) break;
    if (conceptTerms.has(normalise(term)) || indexed.has(normalise(term))) continue;
    const sentence = bestSentenceFor(
      term,
      statements.filter(
        (candidate) =>
          candidate.words.length <= 30 &&
          !WITHOUT_POINTERS.has(candidate) &&
          !usedSentences.has(candidate.text) &&
          !quoted.has(normalise(candidate.text)),
      ),
    );
    if (!sentence) continue;
    askWhatTheChapterSays(term, sentence);
  }

  // Cloze cards hide one of the chapter's terms, each term once, in the statement that says most about it.
  // At most three in five cards are clozes; a short chapter that defines nothing still gets a few.
  const maxCloze = Math.max(0, Math.min(wanted - cards.length, Math.floor(Math.max(cards.length, 2) * 1.5)));
  let cloze = 0;
  const longTerms = vocabulary.map(normalise).filter((term) => term.includes(' '));
  for (const term of vocabulary.filter((candidate) => !conceptTerms.has(normalise(candidate)))) {
    if (cloze >= maxCloze) break;
    const sentence = clozeSentenceFor(term, statements, asides, usedSentences);
    if (!sentence) continue;
    const card = clozeCard(sentence, term, longTerms);
    if (card && push(card)) cloze += 1;
  }
  const clozeFor = (term: string) => clozeSentenceFor(term, statements, asides, usedSentences);
  moreClozeCards(cards, wanted, vocabulary, clozeFor, push, indexed);
  // A chapter written around its formulas has few statements with a term as their subject, and its clozes stop at three
  // in five cards: each statement left that holds one of its terms asks what the chapter says about that term, which
  // makes room for the clozes still wanted. "Experience shows that bugs in the code easily destroy the expected
  // convergence rate." asks about "convergence rate".
  for (const sentence of statements) {
    if (cards.length >= wanted) break;
    if (usedSentences.has(sentence.text) || WITHOUT_POINTERS.has(sentence) || sentence.words.length > 30) continue;
    if (quoted.has(normalise(sentence.text))) continue;
    // A definition card already asks what this sentence says ("What is Python?" from "Python is a … language."); "The
    // examples start with simple Python code …" is about the book, not its subject.
    if (cards.some((card) => card.definition && card.sentence === sentence.text) || aboutTheBook(sentence)) continue;
    const term =
      vocabulary.find(
        (candidate) =>
          !conceptTerms.has(normalise(candidate)) &&
          // "constants", "simplifications": a lone word the book does not index is a word of the argument.
          (wordsOf(candidate).length > 1 || indexed.has(normalise(candidate))) &&
          termPattern(candidate).test(sentence.text),
      ) ?? sectionConcept(chapter.tree, sentence);
    if (!term || conceptTerms.has(normalise(term))) continue;
    askWhatTheChapterSays(term, sentence);
    moreClozeCards(cards, wanted, vocabulary, clozeFor, push, indexed);
  }
  // A chapter still short of cards hides, once each, the terms its book sets in bold or italic and its index leaves
  // out: the book's own words for what it introduces, after every card the index gives.
  if (cards.length < wanted && indexed.size) {
    const listed = new Set(vocabulary.map(normalise));
    const marked = distinctConcepts(chapter.terms.emphasised.map((entry) => entry.term)).filter(
      (term) => !listed.has(normalise(term)) && !testedTerms.has(normalise(term)),
    );
    // Never in a sentence another card asks already (a definition's), nor where the term is only part of a longer one
    // ("lattice" in "A lattice path is …").
    const longer = [...vocabulary, ...chapter.terms.emphasised.map((entry) => entry.term)].map(normalise);
    const asked = new Set(cards.map((card) => card.sentence));
    const markedSentenceFor = (term: string) => {
      const key = normalise(term);
      const within = longer.filter((other) => other !== key && ` ${other} `.includes(` ${key} `));
      const sentence = clozeSentenceFor(
        term,
        statements.filter(
          (candidate) =>
            !asked.has(candidate.text) && !within.some((other) => normalise(candidate.text).includes(other)),
        ),
        [],
        usedSentences,
      );
      return sentence;
    };
    moreClozeCards(cards, wanted, marked, markedSentenceFor, push, indexed);
  }
  return cards.sort((a, b) => a.position - b.position);
}

/**
 * The concept a statement is about by where it stands: its section's heading, when the heading names a concept and the
 * statement uses one of its words. Under "Compaction of sediments", "Sediments, originally made from materials like
 * sand and mud, get compacted through geological time …" is about compaction of sediments; under "Political
 * Socialization", a statement on "agents of socialization" is about political socialization.
 */
export function sectionConcept(tree: Pick<SectionTree, 'sections'>, sentence: AnalysedSentence): string | null {
  const section = tree.sections.find((candidate) => candidate.index === sentence.group);
  if (!section || section.index === 0 || section.role !== 'body') return null;
  const heading = headingTerm(section.title);
  // "Introduction to Number Theory", "Summary": a heading of the book's apparatus names no concept.
  if (!heading || isGenericWord(heading) || isGenericWord(wordsOf(heading)[0]!)) return null;
  const stem = (word: string) => word.replace(/(?:es|s)$/, '');
  const said = new Set(sentence.words.map((word) => stem(word.toLowerCase())));
  const shared = wordsOf(heading).filter((word) => word.length >= 4 && !isStopWord(word) && said.has(stem(word)));
  if (!shared.length) return null;
  // "Political Socialization": a heading in title case is no spelling; "Newton's law of cooling" keeps its name.
  const titleCase = wordsOf(heading).length > 1 && heading.split(/\s+/).every((word) => /^\p{Lu}/u.test(word));
  // "Newton’s law of cooling": a name's possessive keeps its capital.
  if (POSSESSIVE_NAME.test(heading)) return heading;
  return titleCase ? heading.toLowerCase() : lowerFirst(heading);
}

const DOCUMENT_WORDS = new Set(documentWords.words);

/** The statement's subject is a part of the book ("The examples start with …", "This section shows …"). */
function aboutTheBook(sentence: AnalysedSentence): boolean {
  const head = sentence.tokens.filter((token) => token.isWord).find((token) => token.pos === 'NOUN');
  const opening = sentence.tokens.filter((token) => token.isWord).slice(0, 3);
  return !!head && opening.includes(head) && DOCUMENT_WORDS.has(head.normal.replace(/s$/, ''));
}

// "Fitting a line is then misleading.": "then" inside a statement draws on the case before; "if …, then …" does not.
const THEN_OF_CONTEXT = /^(?![^,]*\b(?:if|when|whenever)\b)[^,]*\S\s+then\b/i;
// "The reason is that …", "The answer depends on …": a definite subject of one general noun (generic-heads.json) the
// sentence before names; "The logger has …" names its thing.
const BARE_DEFINITE_SUBJECT =
  /^The\s+(\p{L}+)\s+(?:is|are|was|were|has|have|can|will|must|may|does|do|depends|requires)\b/u;

function leansOnBareSubject(text: string): boolean {
  const head = BARE_DEFINITE_SUBJECT.exec(text)?.[1];
  return !!head && GENERIC_HEADS.has(head.toLowerCase());
}

/** The statement with the term hidden; none where that would hide half of a longer term ("differential _____"). */
function clozeCard(sentence: AnalysedSentence, term: string, longTerms: readonly string[]): StudioCard | null {
  const hidden = clozeOf(sentence.text, term);
  if (!hidden || partOfLongerPhrase(sentence.text, hidden.hidden, longTerms)) return null;
  return {
    kind: 'cloze',
    front: hidden.front,
    back: hidden.hidden,
    pageLabel: sentence.origin,
    concept: term,
    sentence: sentence.text,
    position: sentence.position,
  };
}

/**
 * More cloze cards while the chapter has fewer than it deserves: each term again in another statement about it (a
 * second fact about it, not the same question), hiding only the book's terms, at most three clozes in five cards.
 */
function moreClozeCards(
  cards: StudioCard[],
  wanted: number,
  vocabulary: readonly string[],
  sentenceFor: (term: string) => AnalysedSentence | undefined,
  push: (card: StudioCard) => boolean,
  indexed: ReadonlySet<string>,
): void {
  const longTerms = vocabulary.map(normalise).filter((term) => term.includes(' '));
  // Where the book has an index, a second fact is asked of its entries; a term of the chapter's own (a heading, a
  // subject) is hidden once.
  const maxClozes = (term: string) => (indexed.size && !indexed.has(normalise(term)) ? 1 : MAX_CLOZES_PER_TERM);
  const clozeRoom = () => {
    const cloze = cards.filter((card) => card.kind === 'cloze').length;
    return Math.min(wanted - cards.length, Math.floor((cards.length - cloze) * 1.5) - cloze);
  };
  // This runs again as the chapter's statements give room: a term is still hidden twice at most, never in every
  // statement that names it ("slavery" seven times asks one thing seven times).
  const hidden = (term: string) =>
    cards.filter((card) => card.kind === 'cloze' && normalise(card.concept) === normalise(term)).length;
  for (let round = 0; round < 2; round += 1) {
    for (const term of vocabulary) {
      if (clozeRoom() <= 0) return;
      if (hidden(term) >= maxClozes(term)) continue;
      const sentence = sentenceFor(term);
      if (!sentence) continue;
      const card = clozeCard(sentence, term, longTerms);
      if (card) push(card);
    }
  }
}

// "(3.41)", "(3.43)-(3.44)", "(see Problem 3.6)", "(Section 4.11)": a pointer, in parentheses, to an equation or to a
// part of the book.
const POINTER =
  /\s*\((?:see\s+)?(?:(?:Sections?|Figure|Fig\.|Table|Problem|Exercise|Example|Chapter|Appendix)\s+)?\d+(?:\.\d+)+[a-z]?\)(?:\s*[-–]\s*\(\d+(?:\.\d+)+[a-z]?\))?/gu;
// Before an equation's number, a name of the thing in the words just before it ("the Leapfrog scheme (3.41)", "a
// Kelvin-Voigt material model (4.53)"): without one, the number alone tells which thing is meant ("the scheme (3.39)",
// "the finite difference scheme (1.9)", "a formula like (1.7)", "written in (3.36)").
const NAMED_BEFORE_NUMBER = /(?<![.!?:]\s*)(?<=\s)\p{Lu}\p{Ll}[\p{L}’'-]*(?:\s+[\p{Ll}-]+){0,2}$/u;
/** Sentences read without their pointers: what a cloze's front shows, and what a quoted sentence never is. */
const WITHOUT_POINTERS = new WeakSet<AnalysedSentence>();

/**
 * The sentence without its pointers to equations and parts of the book, where it says the same without them: "…, the
 * Leapfrog scheme (3.41) will develop growing oscillations with time (see Problem 3.6)." reads "… the Leapfrog scheme
 * will develop growing oscillations with time.". An equation's number that alone tells which thing is meant ("the
 * scheme (3.39)", "written in (3.36)") stays, and so does the sentence.
 */
export function withoutPointers(sentence: AnalysedSentence): AnalysedSentence {
  let named = true;
  const text = sentence.text.replace(POINTER, (pointer: string, at: number) => {
    if (/\p{L}/u.test(pointer)) return '';
    const before = sentence.text.slice(0, at);
    // A name's last word ends the phrase: "the Leapfrog scheme", not "the Leapfrog scheme like".
    if (!NAMED_BEFORE_NUMBER.test(before) || isStopWord(wordsOf(before).at(-1) ?? '')) named = false;
    return '';
  });
  if (!named || text === sentence.text) return sentence;
  const [read, ...more] = analyseSegments([
    { text: text.replace(/\s+([,.;:!?])/g, '$1'), origin: sentence.origin, group: sentence.group, endsBlock: true },
  ]);
  if (!read || more.length) return sentence;
  const rewritten = { ...read, position: sentence.position };
  WITHOUT_POINTERS.add(rewritten);
  return rewritten;
}

// "We have seen that …", "Note that …", "We expect that …": the reader's frame around a statement of fact. What follows
// "that" is the statement.
const READER_FRAME =
  /^(?:(?:we|you)\s+(?:have\s+(?:already\s+)?seen|have\s+learned|know|expect|saw|learned)|note|notice|recall|remember|observe)\s+that\s+(?=\p{L})/iu;

/**
 * The statement a reader's frame holds: "We have seen that it is often easier to find recursive definitions than
 * closed formulas." reads "It is often easier to find …"; "We expect that the error E in the numerical solution is
 * reduced if the mesh size is decreased." reads "The error E in the numerical solution is reduced if …". The words kept
 * are the book's, so a card may quote them; the statement must still stand alone on its own tests.
 */
export function withoutReaderFrame(sentence: AnalysedSentence): AnalysedSentence {
  const frame = READER_FRAME.exec(sentence.text);
  if (!frame) return sentence;
  const [read, ...more] = analyseSegments([
    {
      text: capitalise(sentence.text.slice(frame[0].length)),
      origin: sentence.origin,
      group: sentence.group,
      endsBlock: true,
    },
  ]);
  if (!read || more.length) return sentence;
  const rewritten = { ...read, position: sentence.position };
  if (WITHOUT_POINTERS.has(sentence)) WITHOUT_POINTERS.add(rewritten);
  return rewritten;
}

/** What a chapter's cards are made from: its pages' clean text, its study sentences, and those that stand alone. */
function cardSources(chapter: AnalysedChapter) {
  const pageText = new Map(cleanPageTexts(chapter.input.pages).map((page) => [page.label, page.text]));
  const names = namesInCapitals(chapter.sentences);
  const sentences = chapter.sentences
    .map((sentence) => withoutReaderFrame(withoutPointers(sentence)))
    .filter((sentence) => isStudySentence(sentence, names));
  const statements = sentences.filter((sentence) => isStandaloneStatement(sentence));
  // "The additive principle lets us add …": a statement about its subject even if it speaks to the reader.
  const asides = sentences.filter(
    (sentence) => addressesReader(sentence) && isStandaloneStatement(sentence, { readerAside: true }),
  );
  return { pageText, sentences, statements, asides };
}

/**
 * A cloze on each of the chapter's terms (its index entries, headings and defined terms), hidden in the statement that
 * says most about it, with no cap: a quiz's reserve when the chapter's cards give too few term questions (a chapter
 * whose cards are mostly "what does the chapter say about …" asks them as the quiz's clozes). One term per sentence;
 * the answer stands on the cited page.
 */
export function termClozes(chapter: AnalysedChapter): StudioCard[] {
  if (isMatterChapter(chapter.input)) return [];
  const { pageText, sentences, statements, asides } = cardSources(chapter);
  const vocabulary = chapterVocabulary(chapter, sentences);
  const longTerms = vocabulary.map(normalise).filter((term) => term.includes(' '));
  const usedSentences = new Set<string>();
  const clozes: StudioCard[] = [];
  for (const term of vocabulary) {
    const sentence = clozeSentenceFor(term, statements, asides, usedSentences);
    const card = sentence && clozeCard(sentence, term, longTerms);
    if (!card || !standsOn(card.back, pageText.get(card.pageLabel) ?? '')) continue;
    usedSentences.add(card.sentence);
    clozes.push(card);
  }
  return clozes;
}

const READER_PRONOUNS = new Set(readerPronouns.words);

/** Speaks to the reader ("you", "we"): a worked step or an aside, not a statement about the subject. */
export function addressesReader(sentence: AnalysedSentence): boolean {
  return sentence.tokens.some((token) => token.isWord && READER_PRONOUNS.has(token.normal));
}

/** A whole sentence that is no task and leans on nothing said before it or shown beside it. */
function leansOnNothing(sentence: AnalysedSentence): boolean {
  const text = sentence.text;
  return (
    !sentenceProblem(text) &&
    !needsAntecedent(text) &&
    !pronounSubject(sentence) &&
    !leansOnContext(sentence) &&
    !setsATask(sentence) &&
    !pointsAtUnseen(text) &&
    !opensOnConnective(sentence) &&
    // "Fourth, model errors are …" is an item of a count the card does not show; "A short demo of unittest is
    // included next." points at the page.
    !opensOnContext(text) &&
    !speaksOfTheText(text)
  );
}

/**
 * A statement a student can learn on its own: a whole sentence, not a task ("Find …"), not a worked step addressed to
 * the reader or narrated with numbers, leaning on nothing said before it or shown beside it.
 */
export function isStandaloneStatement(sentence: AnalysedSentence, { readerAside = false } = {}): boolean {
  const text = sentence.text;
  return (
    leansOnNothing(sentence) &&
    !isRunInHeading(sentence) &&
    !directsTheReader(sentence) &&
    !THEN_OF_CONTEXT.test(text) &&
    !leansOnBareSubject(text) &&
    // "We call such a graph bipartite." names a term; "We can now add …" narrates a worked step; "The sequence of
    // differences tells us about the rate of growth." is about its subject.
    (readerAside || !addressesReader(sentence) || NAMING_BY_READER.test(text) || readerAfterStatement(sentence)) &&
    // "Each vertex in K5 has degree 4.": an example's numbers, not the concept.
    !holdsWorkedNumbers(text)
  );
}

/** A statement to hide the term in: one about anything, else one speaking to the reader with the term as subject. */
function clozeSentenceFor(
  term: string,
  statements: readonly AnalysedSentence[],
  asides: readonly AnalysedSentence[],
  used: ReadonlySet<string>,
): AnalysedSentence | undefined {
  const unused = (sentence: AnalysedSentence) => !used.has(sentence.text);
  return (
    bestSentenceFor(term, statements.filter(unused)) ??
    bestSentenceFor(
      term,
      asides.filter(
        (sentence) => unused(sentence) && (termInSubject(term, sentence) || namesTerm(term, sentence.text)),
      ),
    )
  );
}

/**
 * The sentence gives the term its name: "We are interested in finding the roots of the characteristic equation, which
 * are called (surprise) the characteristic roots.", "… is often referred to as BDF2.": what it names is the term.
 */
export function namesTerm(term: string, sentence: string): boolean {
  const naming = new RegExp(
    String.raw`\b(?:called|named|known\s+as|termed|referred\s+to\s+as)\s+(?:\([^)]{1,20}\)\s+)?(?:(?:the|an?)\s+)?${termPattern(term).source}`,
    'iu',
  );
  return naming.test(sentence);
}

// "We say a graph is bipartite if …", "In general, we will say a sequence is …", "For a given value of r, we refer to
// the method as of r-th order.": the reader's naming, after at most a short opening phrase.
const NAMING_BY_READER = /^(?:[\p{L}\s]{2,40},\s+)?(?:we|you)\s+(?:will\s+)?(?:call|say|define|denote|refer\s+to)\b/iu;

/**
 * A paragraph's run-in heading: short, no adverb, no predicate. The tagger can take a verb for a noun ("Negative numbers
 * work just fine for …"): a longer sentence, or one with an adverb, is read as a statement.
 */
function isRunInHeading(sentence: AnalysedSentence): boolean {
  return sentence.words.length <= 8 && !sentence.tokens.some((token) => token.pos === 'ADV') && !hasPredicate(sentence);
}

// "We can now add …", "Here we see …", "Let's …": a sentence telling the steps of a worked case as they happen.
const NARRATION = /\b(?:now|here|then|next|first|finally|again|let['’]?s|so far)\b/i;
const RELATIVE_WORDS = new Set(['where', 'which', 'that', 'when', 'who', 'whom']);
const SUBJECT_OPENING_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/**
 * The reader comes in only after the statement's subject and its verb, as an object or in a clause of the predicate:
 * "The sequence of differences between terms tells us something about the rate of growth of the sequence.", "The time
 * point where we sample the ODE determines where b(t) is evaluated." hold a general fact about their subject; "We can
 * then look for a pattern …", "To get from one term to the next, we almost double each term." have the reader do a
 * step, and "The advantage is that we now have …" narrates one.
 */
export function readerAfterStatement(sentence: AnalysedSentence): boolean {
  const words = sentence.tokens.filter((token) => token.isWord);
  const first = words[0];
  if (!first || !SUBJECT_OPENING_TAGS.has(first.pos) || READER_PRONOUNS.has(first.normal)) return false;
  if (NARRATION.test(sentence.text)) return false;
  const verb = words.findIndex((token) => token.pos === 'VERB' || token.pos === 'AUX');
  const reader = words.findIndex((token) => READER_PRONOUNS.has(token.normal));
  // "The time point where we sample the ODE determines …": the reader in a clause describing the subject.
  const inRelativeClause = reader > 0 && RELATIVE_WORDS.has(words[reader - 1]!.normal);
  return verb > 0 && (reader > verb || inRelativeClause);
}
const CONNECTIVE_TAGS = new Set(['CCONJ', 'ADV', 'SCONJ']);

/**
 * "So if the premises …", "Or even …", "Thus the …": an opening that answers the sentence before; "This trend …",
 * "Such messages …": a demonstrative subject naming what the sentence before said.
 */
function opensOnConnective(sentence: AnalysedSentence): boolean {
  const first = sentence.tokens.find((token) => token.isWord);
  if (first && /^(?:this|these|that|those|such)$/.test(first.normal)) return true;
  // "Unfortunately, the Leapfrog scheme will develop growing oscillations …", "In general, …": a comment on the
  // statement, not a tie to the sentence before.
  if (opensOnStance(sentence.text)) return false;
  // "If a graph is planar, then …" states a rule: a condition is no answer to what came before.
  return (
    !!first && CONNECTIVE_TAGS.has(first.pos) && !/^(?:if|when|whenever|although|while|because)$/.test(first.normal)
  );
}

const STANCE_OPENING = new RegExp(
  String.raw`^(?:${stanceAdverbs.adverbs.map((adverb) => adverb.replace(/\s+/g, String.raw`\s+`)).join('|')})\b,?\s+\p{L}`,
  'iu',
);

/** The sentence opens on a stance adverbial ("Unfortunately, …", "Typically …", "In general, …"). */
function opensOnStance(text: string): boolean {
  return STANCE_OPENING.test(text);
}

/** The term stands in the sentence's subject: it comes before the sentence's first verb. */
export function termInSubject(term: string, sentence: AnalysedSentence): boolean {
  const found = termPattern(term).exec(sentence.text);
  if (!found) return false;
  let offset = 0;
  for (const token of sentence.tokens) {
    offset += token.space.length;
    if (offset >= found.index) return true;
    if (token.pos === 'VERB' || token.pos === 'AUX') return false;
    offset += token.value.length;
  }
  return true;
}

// "If we add all possible edges, then the resulting graph": a glossary line cut from a sentence, not a meaning.
function isWholeMeaning(meaning: string): boolean {
  return (
    !/^(?:if|when|whenever|while|since|because|although|as|so|but|and|or|then|thus|we|you|it|this|that)\b/i.test(
      meaning.trim(),
    ) && !/\b(?:we|you)\b/i.test(meaning)
  );
}

/** A term the chapter uses as a describing word ("planar", "isomorphic"): asked "What does it mean to be …?". */
export function isDescriptiveTerm(term: string, sentences: readonly AnalysedSentence[]): boolean {
  const words = wordsOf(term);
  if (words.length !== 1) return false;
  let adjective = 0;
  let noun = 0;
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      if (token.normal !== words[0]) continue;
      if (token.pos === 'ADJ') adjective += 1;
      else if (token.pos === 'NOUN' || token.pos === 'PROPN') noun += 1;
    }
  }
  return adjective > noun;
}

// A glossary prints "Domain", the text writes "domain": ask as the text writes it; "Euler circuit" keeps its capital.
// An index prints "rk4", "tower of hanoi": the text writes "RK4", "Tower of Hanoi" within its sentences.
export function asWrittenInText(term: string, chapterText: string): string {
  const written = (form: string) => new RegExp(`(?<![\\p{L}])${escapeRegExp(form)}(?![\\p{L}])`, 'u').test(chapterText);
  if (!/\p{Lu}/u.test(term) && !written(term)) return midSentenceForm(term, chapterText) ?? term;
  if (!/^\p{Lu}\p{Ll}/u.test(term)) return term;
  const lowered = lowerFirst(term);
  return written(lowered) ? lowered : term;
}

// The term as a sentence writes it after its first word: a sentence's opening capital is no spelling.
function midSentenceForm(term: string, chapterText: string): string | null {
  for (const use of chapterText.matchAll(new RegExp(termPattern(term).source, 'giu'))) {
    const before = chapterText.slice(0, use.index).trimEnd();
    if (before && !/[.!?:]$/.test(before)) return use[0].replace(/\s+/g, ' ');
  }
  return null;
}

function termPattern(term: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
}

/** What a definition sentence says its term is: "A multiset is a collection …" -> "a collection …". */
function meaningOf(term: string, sentence: string): string | null {
  const stated = meaningStatedOf(term, sentence);
  if (stated) return stated;
  const named = NAMES.exec(sentence.trim());
  return named && normalise(named[2]!) === normalise(term) && isDefinitionText(named[1]!) ? named[1]! : null;
}

/** The meaning a sentence opening on the term gives it: "A lattice path is …", "Vectorization means …". */
function meaningStatedOf(term: string, sentence: string): string | null {
  const pattern = new RegExp(
    String.raw`^(?:(?:A|An|The)\s+)?${escapeRegExp(term)}\s+(?:is|are|refers? to|means|is defined as|denotes|states that)\s+(.+?)[.!]?$`,
    'iu',
  );
  const found = pattern.exec(sentence.trim())?.[1];
  // "The test block is normally placed at the end of a module file:" says where it goes (a passive leading into code),
  // not what it is.
  if (!found || /:\s*$/.test(found) || /^(?:\p{L}+ly\s+)?\p{L}+ed\b/iu.test(found)) return null;
  return isDefinitionText(found) ? found : null;
}

/**
 * A "why" card from a statement of cause about one of the book's terms: its effect is a whole clause on its own
 * ("The cube is a regular polyhedron because each face is …"); "what for" cards from a stated purpose or use.
 */
export function reasonCard(
  sentence: AnalysedSentence,
  bookTerms: readonly string[],
): Pick<StudioCard, 'kind' | 'front' | 'back'> | null {
  const because = BECAUSE.exec(sentence.text);
  if (because && isWholeEffect(because[1]!) && mentionsAny(because[1]!, bookTerms))
    return {
      kind: 'qa',
      front: `Why is it that ${lowerFirst(because[1]!)}?`,
      back: capitalise(`because ${because[2]!}`),
    };
  const purpose = PURPOSE.exec(sentence.text);
  if (purpose && mentionsAny(purpose[1]!, bookTerms))
    return { kind: 'qa', front: `What is the purpose of ${purpose[1]!}?`, back: capitalise(`to ${purpose[2]!}`) };
  const used = USED_TO.exec(sentence.text);
  if (used && isConcept(used[1]!) && !isGenericWord(used[1]!) && mentionsAny(used[1]!, bookTerms))
    return {
      kind: 'qa',
      front: `What ${/s$/.test(used[1]!) && !/ss$/.test(used[1]!) ? 'are' : 'is'} ${articleOf(sentence.text)}${lowerFirst(used[1]!)} used for?`,
      back: capitalise(used[2]!),
    };
  return null;
}

const CONDITION_NAMES =
  /^(If|When|Whenever)\s+(.{8,200}?),\s+(?:then\s+)?(?:(?:we|one)\s+says?\s+(?:that\s+)?(.{2,60}?)\s+(?:is|are)|(.{2,60}?)\s+(?:is|are)\s+(said\s+to\s+be|called|known\s+as|termed))\s+(?:an?\s+)?([\p{L}-]+(?:\s[\p{L}-]+){0,3})[.]$/u;

/**
 * A card on when a term applies, from a sentence that names it under a condition: "When a connected graph can be
 * drawn without any edges crossing, it is called planar." gives nothing (whose "it"?), "If the terms of a sequence
 * differ by a constant, we say the sequence is arithmetic." asks "When is the sequence said to be arithmetic?".
 */
export function conditionCard(
  sentence: string,
  bookTerms: readonly string[] = [],
): { kind: 'qa'; front: string; back: string; term: string } | null {
  const called = CONDITION_CALLS.exec(sentence.trim());
  if (called) {
    const [, opening, condition, thing, article, term] = called;
    if (!isConcept(term!) || isGenericWord(term!)) return null;
    return {
      kind: 'qa',
      front: `When is ${indefiniteArticle(thing!)} ${thing} called ${article!.toLowerCase()} ${term}?`,
      back: `${opening} ${condition}`,
      term: term!,
    };
  }
  const found = CONDITION_NAMES.exec(sentence.trim());
  if (!found) return namedUnderConditionAfter(sentence.trim(), bookTerms);
  const [, opening, condition, saidSubject, namedSubject, naming, term] = found;
  const subject = (saidSubject ?? namedSubject)!.trim();
  if (!isConcept(term!) || isGenericWord(term!) || !namesSomething(subject)) return null;
  const verb = new RegExp(`${escapeRegExp(subject)}\\s+are\\b`).test(sentence) ? 'are' : 'is';
  const how = naming && !/said/.test(naming) ? naming.replace(/\s+/g, ' ') : 'said to be';
  return {
    kind: 'qa',
    front: `When ${verb} ${lowerFirst(subject)} ${how} ${term}?`,
    back: `${opening} ${condition}`,
    term: term!,
  };
}

// "When viewed in the context of generating functions, we call such a power series a generating series.": the reader's
// naming under a condition, of a thing the condition brings in ("that function", "such a power series").
const CONDITION_CALLS =
  /^(If|When|Whenever)\s+(.{8,200}?),\s+(?:then\s+)?(?:we|one)\s+calls?\s+(?:that|this|such\s+an?)\s+([\p{L}-]+(?:\s[\p{L}-]+){0,2}?)\s+(an?|the)\s+([\p{L}-]+(?:\s[\p{L}-]+){0,3})[.]$/u;

// "We say a graph is bipartite if …", "One final definition: we say …": the reader's naming before the condition.
const WE_SAY = /^(?:[\p{L}\s]{3,30}:\s+)?(?:we|one)\s+(?:will\s+)?says?\s+(?:that\s+)?/iu;

// The condition after the name: "A sequence is called geometric if …", "A graph is connected if …".
const NAMED_THEN_CONDITION =
  /^((?:(?:A|An|The)\s+)?\p{L}[\p{L}-]*(?:\s[\p{L}-]+){0,3}?)\s+(is|are)\s+(?:(said\s+to\s+be|called|known\s+as|termed)\s+)?(?:an?\s+)?([\p{L}-]+(?:\s[\p{L}-]+){0,3}?)\s+(if\s+and\s+only\s+if|if|when|whenever)\s+([^;:]{8,200}?)[.]$/u;

/**
 * The same card from a sentence that names first and states the condition after: "A sequence is called geometric if
 * the ratio between successive terms is constant." asks "When is a sequence called geometric?". Without a naming verb
 * ("A graph is connected if …") the word must be one of the book's terms: "The scheme is unstable if …" is a finding.
 */
function namedUnderConditionAfter(
  sentence: string,
  bookTerms: readonly string[],
): { kind: 'qa'; front: string; back: string; term: string } | null {
  const said = WE_SAY.exec(sentence);
  const found = NAMED_THEN_CONDITION.exec(said ? capitalise(sentence.slice(said[0].length)) : sentence);
  if (!found) return null;
  const [, subject, verb, namingVerb, term, opening, condition] = found;
  const naming = namingVerb ?? (said ? 'said to be' : undefined);
  if (!isConcept(term!) || isGenericWord(term!) || pronounLike(subject!) || /\b(?:we|you|our|your)\b/i.test(subject!))
    return null;
  if (!naming && !bookTerms.some((bookTerm) => normalise(bookTerm) === normalise(term!))) return null;
  // "A number is …", "An event is …": a subject with an article names a kind; a bare one must be a plural ("Individuals").
  if (!/^(?:a|an|the)\s/i.test(subject!) && verb !== 'are') return null;
  const how = naming ? ` ${naming.replace(/\s+/g, ' ')}` : '';
  return {
    kind: 'qa',
    front: `When ${verb} ${lowerFirst(subject!.replace(/^(?:A|An|The)\s/, (article) => article.toLowerCase()))}${how} ${term}?`,
    back: `${capitalise(opening!.replace(/\s+/g, ' '))} ${condition}`,
    term: term!,
  };
}

const NAMED_AS =
  /^((?:A|An|The)\s[^;:]{6,150}?)\s+(is|are)\s+((?:often|also|commonly|sometimes|usually)\s+)?(called|known\s+as|termed|referred\s+to\s+as)\s+(?:(?:a|an|the)\s+)?([\p{L}\p{N}'’-]+(?:\s[\p{L}\p{N}'’-]+){0,3})[.]$/u;

/**
 * A card asking the name the chapter gives a thing it describes, where the name is one of its terms: "The parameter r
 * is known as the convergence rate." asks "What is the parameter r known as?". A subject pointing back ("the integer
 * solutions to this equation") names nothing on its own.
 */
export function namingCard(
  sentence: string,
  bookTerms: readonly string[],
): { kind: 'qa'; front: string; back: string } | null {
  const found = NAMED_AS.exec(sentence.trim());
  if (!found) return null;
  const [, subject, verb, often, naming, term] = found;
  if (!isConcept(term!) || isGenericWord(term!) || !namesSomething(subject!)) return null;
  if (/\b(?:this|these|that|those|such)\b/i.test(subject!)) return null;
  if (!bookTerms.some((bookTerm) => normalise(bookTerm) === normalise(term!))) return null;
  const article = subject!.replace(/^(?:A|An|The)\s/, (opening) => opening.toLowerCase());
  return {
    kind: 'qa',
    front: `What ${verb} ${article} ${often ?? ''}${naming!.replace(/\s+/g, ' ')}?`,
    back: term!,
  };
}

// "There is an extremely powerful tool in discrete mathematics used to manipulate sequences called the generating
// function.": a thing described, then its name.
const THERE_IS_CALLED =
  /^There\s+(is|are)\s+(?:an?\s+|some\s+)?([^,;:]{8,150}?)\s+(called|named|termed)\s+(?:(?:the|an?)\s+)?([\p{L}’'-]+(?:\s[\p{L}’'-]+){0,3})[.]$/u;

/**
 * A card asking the name of a thing a sentence introduces with "There is": "There is an extremely powerful tool in
 * discrete mathematics used to manipulate sequences called the generating function." asks "What is the extremely
 * powerful tool in discrete mathematics used to manipulate sequences called?". The name must be one of the book's
 * terms, and the description lean on nothing ("such a tool", an example's numbers).
 */
export function introducedNameCard(sentence: string, bookTerms: readonly string[]): FramedCard | null {
  const found = THERE_IS_CALLED.exec(sentence.trim());
  if (!found) return null;
  const [, verb, description, naming, term] = found;
  if (!isConcept(term!) || isGenericWord(term!)) return null;
  if (/\b(?:this|these|that|those|such|above|below|following|we|you|our|your)\b|\d/iu.test(description!)) return null;
  const key = normalise(term!);
  if (!bookTerms.some((bookTerm) => [key, `${key}s`].includes(normalise(bookTerm)))) return null;
  return { kind: 'qa', front: `What ${verb} the ${description} ${naming}?`, back: term!, term: term! };
}

/**
 * A card asking the name a sentence gives to what the sentence before it describes: "An atomic nucleus of an unstable
 * atom may lose energy by emitting ionizing particles … This process is known as radioactive decay." asks, after the
 * description, "What is this process known as?". The description must stand alone (no task, no "this" of its own, no
 * figure or numbered item), so the front holds everything the answer needs.
 */
export function namedBeforeCard(previous: AnalysedSentence, sentence: string): FramedCard | null {
  const named = nameGivenBefore(sentence);
  if (!named) return null;
  const { determiner, noun, verb, often, naming, name: term } = named;
  if (!isConcept(term) || isGenericWord(term)) return null;
  const description = describesOnItsOwn(previous) ? previous : statedAfterColon(previous);
  if (!description) return null;
  const asked = [determiner.toLowerCase(), noun, `${often}${naming}`];
  const question = `What ${verb} ${asked.filter(Boolean).join(' ')}?`;
  return { kind: 'qa', front: `${description.text} ${question}`, back: term, term };
}

/**
 * The statement a sentence gives after its colon, when that statement stands alone: "Later, this result was formulated
 * as a differential equation: the rate of change of the temperature in a body is proportional to the temperature
 * difference between the body and its surroundings." states the law after its colon, and "This statement is known as
 * Newton's law of cooling" names it.
 */
function statedAfterColon(sentence: AnalysedSentence): AnalysedSentence | null {
  const colon = sentence.text.lastIndexOf(': ');
  if (colon < 0) return null;
  const [stated, ...more] = analyseSegments([
    {
      text: capitalise(sentence.text.slice(colon + 2)),
      origin: sentence.origin,
      group: sentence.group,
      endsBlock: true,
    },
  ]);
  return stated && !more.length && describesOnItsOwn(stated) && !addressesReader(stated) ? stated : null;
}

const COUNTS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
// "Constitutionalism has three main elements: adherence to the rule of law, limited government, and guarantees of
// individual rights.": a count of kinds, then after a colon the kinds themselves.
const COUNTED_LIST = new RegExp(
  String.raw`^(\p{Lu}[^:]{3,150}?\b(${COUNTS.join('|')})(?:\s+[\p{L}’'-]+){1,4}):\s+(?:(?:either|both)\s+)?([^:]{3,240}?)[.]$`,
  'u',
);
// Between the kinds of a list: "a, b, and c", "a; b; or c", "a and b".
const LIST_SEPARATOR = /\s*;\s*(?:(?:and|or)\s+)?|,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/u;

/**
 * A card asking for the kinds a statement counts and then lists: "Nouns are broken into two groups: proper nouns and
 * common nouns." asks "Nouns are broken into two groups. What are they?". The list must hold as many short items as the
 * count says (so "… two things: whether the noun is singular or plural and if …" is no list of two), and the statement
 * must stand alone.
 */
export function listCard(sentence: AnalysedSentence): FramedCard | null {
  const found = COUNTED_LIST.exec(sentence.text.trim());
  if (!found || !isStandaloneStatement(sentence)) return null;
  const [, clause, count, list] = found;
  const items = list!.split(LIST_SEPARATOR).map((item) => item.trim());
  if (items.length !== COUNTS.indexOf(count!.toLowerCase()) + 2) return null;
  // "Holmes owns two suits: one blue and one brown.": items that count instances are an example's detail, not kinds.
  if (items.some((item) => !item || wordsOf(item).length > 8 || /^(?:one|another|the other)\b/i.test(item)))
    return null;
  return { kind: 'qa', front: `${clause}. What are they?`, back: list!, term: list! };
}

// A sentence a card can quote as the description of a thing: whole, prose, leaning on nothing before it or beside it.
// Numbers may stand in it ("the first 10 amendments").
function describesOnItsOwn(sentence: AnalysedSentence): boolean {
  const { text, words } = sentence;
  return (
    words.length >= 6 &&
    words.length <= 45 &&
    /^\p{Lu}/u.test(text) &&
    /[^\s][.]$/.test(text) &&
    !NOT_PROSE.test(text) &&
    !capitalsNameNothing(text, NO_NAMES) &&
    leansOnNothing(sentence)
  );
}

// "We call the number of edges emanating from a given vertex the degree of that vertex.": the reader's naming of a thing
// the sentence describes. The name follows an article after the thing, and runs to what it is of ("of that vertex").
const WE_CALL = /^We\s+(?:will\s+)?call\s+((?:the|an?)\s+[^;:]{4,160})$/u;
const NAME_AFTER_ARTICLE = /\s(?:the|an?)\s+(?=([\p{L}’'-]+(?:\s[\p{L}’'-]+){0,3}?)(?:\s+of\s|\s*[.,;(]))/gu;

/**
 * A card asking what the chapter calls a thing it describes in the reader's voice: "We call the set of all subsets of A
 * the power set of A, and write it P (A)." asks "What do we call the set of all subsets of A?". The thing is a noun
 * phrase ending on a noun ("the number of edges emanating from a given vertex", not "the number of edges emanating
 * from"); one named by a pronoun or a demonstrative ("We call this other part …", "we call him …") is described
 * elsewhere: no card.
 */
export function readerNamingCard(sentence: string): FramedCard | null {
  const found = WE_CALL.exec(sentence.trim());
  if (!found) return null;
  const object = found[1]!;
  for (const name of object.matchAll(NAME_AFTER_ARTICLE)) {
    const thing = object.slice(0, name.index).trim();
    const term = name[1]!;
    if (wordsOf(term).some((word) => /^(?:the|an?)$/.test(word))) continue;
    // "the set of all subsets of A": a thing of a symbol still ends on its noun.
    if (!namesSomething(thing.replace(/\s+of\s+\p{Lu}$/u, '')) || !isConcept(term) || isGenericWord(term)) continue;
    return { kind: 'qa', front: `What do we call ${thing}?`, back: term, term };
  }
  return null;
}

// "the sequence", "the resulting graph", "that authority": a noun phrase; "they", "it", "this" name nothing here.
function namesSomething(subject: string): boolean {
  return (
    wordsOf(subject).length >= 2 &&
    !pronounLike(subject) &&
    !/\b(?:we|you|our|your)\b/i.test(subject) &&
    !isStopWord(wordsOf(subject).at(-1)!)
  );
}

function pronounLike(subject: string): boolean {
  return /^(?:it|they|this|these|those|he|she|one)$/i.test(subject.trim());
}

// "the cube is a regular polyhedron" stands alone; "but notice that just", "you might guess this" do not.
function isWholeEffect(effect: string): boolean {
  const clause = `${capitalise(effect.trim())}.`;
  return (
    !sentenceProblem(clause) &&
    !needsAntecedent(clause) &&
    wordsOf(clause).length >= 4 &&
    // "the strength of the parliamentary system is that": a clause left open on a function word.
    !isStopWord(wordsOf(clause).at(-1)!) &&
    !/^(?:it|they|this|that|these|those|there|he|she|but|and|or|so|then|thus|hence|notice|note)\b/i.test(clause) &&
    !/\b(?:you|we|us|our|your)\b/i.test(clause)
  );
}

function mentionsAny(text: string, terms: readonly string[]): boolean {
  const words = ` ${normalise(text)} `;
  return terms.some((term) => {
    const key = normalise(term);
    return key.length > 0 && (words.includes(` ${key} `) || words.includes(` ${key}s `));
  });
}

/**
 * The terms a cloze may hide: the book's own. Index entries that point into the chapter where the book has an index;
 * else its glossary and defined terms, then its key phrases that are concepts. Never a generic word.
 */
function chapterVocabulary(chapter: AnalysedChapter, sentences: readonly AnalysedSentence[]): string[] {
  const fromBook = bookVocabulary(chapter);
  // A book indexes a formula-heavy chapter's headline terms ("radioactive decay", "scaling"), not every quantity it
  // explains: its section headings and the subjects of its statements follow, for the cards the index leaves unasked.
  if (chapter.terms.index.length) {
    // An index prints its entries in lower case: a cloze's answer and a quiz's option write "RK4" as the text does.
    const chapterText = chapter.sentences.map((sentence) => sentence.text).join(' ');
    const indexed = fromBook.map((term) => asWrittenInText(term, chapterText));
    return distinctConcepts([...indexed, ...chapterOwnTerms(chapter.tree, sentences, chapter.sentences)]);
  }
  const phrases = fromBook.length >= 12 ? [] : extractKeyphrases(sentences, 60).map((phrase) => phrase.text);
  return distinctConcepts([...fromBook, ...phrases]);
}

/**
 * Terms the chapter names itself, as its text writes them: its section headings that are a concept ("4.2.2 Logistic
 * growth") and the subjects of its statements ("The drag coefficient CD depends …"), where two of its sentences use
 * them. A heading or subject said once is a title or a turn of phrase ("An important observation is …"), not a term.
 */
export function chapterOwnTerms(
  tree: Pick<SectionTree, 'sections'>,
  statements: readonly AnalysedSentence[],
  chapterSentences: readonly AnalysedSentence[],
): string[] {
  const chapterText = chapterSentences.map((sentence) => sentence.text).join(' ');
  const candidates = [
    ...tree.sections
      .filter((section) => section.index > 0 && section.role === 'body')
      .map((s) => headingTerm(s.title, chapterText)),
    ...statements.filter((sentence) => isStandaloneStatement(sentence, { readerAside: true })).map(subjectPhrase),
  ];
  const terms: string[] = [];
  for (const candidate of candidates) {
    if (!candidate || !isConcept(candidate) || isGenericWord(candidate)) continue;
    const pattern = termPattern(candidate);
    const uses = chapterSentences
      .map((sentence) => pattern.exec(sentence.text))
      .filter((use): use is RegExpExecArray => !!use);
    if (uses.length < 2) continue;
    // As written mid-sentence ("binomial coefficients", "Euler paths"); a sentence's capital is no spelling.
    const written = uses.find((use) => use.index > 0)?.[0] ?? lowerFirst(uses[0]![0]);
    terms.push(written.replace(/\s+/g, ' '));
  }
  return [...new Set(terms)];
}

const HEADING_LABEL = /^\p{L}+(?:\s\p{L}+)?:\s+/u;

/**
 * "4.2.2 Logistic growth" -> "Logistic growth"; "Compound interest and inflation" joins two terms and names neither.
 * "Solving congruences" names what is done; "Generating Functions" names a thing when the chapter's text counts it ("a
 * generating function", "the generating function").
 */
export function headingTerm(title: string, chapterText = ''): string | null {
  const name = title
    // A page number the extraction left at the heading's end: "Evolution of a population 109".
    .replace(/\s+\d+$/, '')
    // "Example: Adaptive Runge-Kutta methods", "Case study: …": a label before the colon, the name after it.
    .replace(HEADING_LABEL, '')
    .replace(/^(?:the|an?)\s+/i, '')
    .trim();
  const activity = namesAnActivity(name) && !writtenAfterArticle(name, chapterText);
  return /\s(?:and|or)\s/i.test(name) || activity || !isConcept(name) ? null : name;
}

/** The text writes the phrase, singular or plural, after an article: a noun phrase, not an activity. */
function writtenAfterArticle(phrase: string, text: string): boolean {
  const words = wordsOf(phrase);
  if (!words.length || !text) return false;
  const last = words.pop()!.replace(/s$/, '');
  const pattern = new RegExp(`\\b(?:a|an|the)\\s+${[...words, last].map(escapeRegExp).join('\\s+')}s?\\b`, 'iu');
  return pattern.test(text);
}

const GENERIC_HEADS = new Set(genericHeads.words);
const SUBJECT_TAGS = new Set(['ADJ', 'NOUN', 'PROPN']);
// After the subject's noun phrase: its verb, the symbol the book names it with ("The porosity φ of …"), its
// complement ("The survival of a single atom …") or an apposition.
const AFTER_SUBJECT_TAGS = new Set(['VERB', 'AUX', 'ADP', 'X', 'SYM', 'PUNCT']);

/**
 * The noun phrase a statement opens on, when it names a term: a compound ("drag coefficient", "base case") or a word
 * the book gives a symbol ("The porosity φ of …").
 */
export function subjectPhrase(sentence: AnalysedSentence): string | null {
  const tokens = sentence.tokens;
  let at = tokens[0] && /^(?:the|an?)$/.test(tokens[0].normal) ? 1 : 0;
  const phrase: string[] = [];
  while (tokens[at] && SUBJECT_TAGS.has(tokens[at]!.pos) && /^[\p{L}-]+$/u.test(tokens[at]!.value)) {
    // "The drag coefficient CD": the symbol names the term, it is no word of it.
    if (phrase.length && isSymbol(tokens[at]!.value)) break;
    phrase.push(tokens[at]!.value);
    at += 1;
  }
  const head = tokens[at - 1];
  const next = tokens[at];
  if (!phrase.length || !head || !HEAD_TAGS.has(head.pos) || !next) return null;
  if (!AFTER_SUBJECT_TAGS.has(next.pos) && !isSymbol(next.value)) return null;
  // "The increase is …", "None of …": a lone word opening a sentence is as often a word of the argument as a term.
  if (phrase.length === 1 && !isSymbol(next.value)) return null;
  // "The total number of …", "The inductive case": a general noun, whatever describes it.
  if (GENERIC_HEADS.has(head.normal)) return null;
  const text = phrase.join(' ');
  return namesAnActivity(text) ? null : text;
}

// "φ", "β", "k", "CD": a letter or two the book names a quantity with.
function isSymbol(token: string): boolean {
  return /^(?:\p{Script=Greek}|\p{L}\p{Lu}?)$/u.test(token) && !/^(?:a|I|A)$/.test(token);
}

// "Solving congruences", "Understanding humans": naming what is done, not a concept.
function namesAnActivity(heading: string): boolean {
  return /^\p{L}+ing\s/u.test(heading);
}

/** The book's terms for the chapter: its index entries where it has an index, else its glossary and defined terms. */
function bookVocabulary(chapter: AnalysedChapter): string[] {
  const { index, glossary, definitions, emphasised } = chapter.terms;
  // The terms it sets in bold or italic follow: the book's own words for what it introduces.
  const marked = emphasised.map((entry) => entry.term);
  if (index.length) return distinctConcepts(index.map((term) => term.replace(/,.*$/, '').trim()));
  return distinctConcepts([
    ...glossary.map((entry) => entry.term),
    ...definitions.map((entry) => entry.term),
    ...marked,
  ]);
}

function distinctConcepts(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = normalise(term);
    if (!key || seen.has(key) || !isConcept(term) || isGenericWord(term)) return false;
    seen.add(key);
    return true;
  });
}

/** The sentence that says most about a term: it uses the term, is short enough to recall, and leans on nothing before it. */
function bestSentenceFor(term: string, sentences: readonly AnalysedSentence[]): AnalysedSentence | undefined {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(term).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  // A statement with the term as its subject says something about it; one that merely uses it, less.
  const rank = (sentence: AnalysedSentence) =>
    (termInSubject(term, sentence) ? 0 : 100) + Math.abs(sentence.words.length - 18);
  return sentences
    .filter((sentence) => pattern.test(sentence.text) && !needsAntecedent(sentence.text))
    .sort((a, b) => rank(a) - rank(b) || a.position - b.position)[0];
}

// "What is the Calvin cycle?" as the book's sentence names it; "What are civil liberties?" for a glossary's plural;
// "What is a social contract?" for a glossary's term the chapter counts.
function askWhatIs(term: string, sentence: string, chapterSentences: readonly AnalysedSentence[]): string {
  // A glossary's meaning does not name its term: no article to copy.
  const named = normalise(sentence).includes(normalise(term));
  // "Civil liberties are …": the book's own verb says whether the term is a plural.
  const plural = named
    ? new RegExp(`^(?:(?:the|a|an)\\s+)?${escapeRegExp(term)}\\s+are\\b`, 'i').test(sentence.trim())
    : /[^sui]s$/.test(term);
  const article = named
    ? normalise(sentence).startsWith(normalise(term))
      ? ''
      : articleOf(sentence)
    : plural
      ? ''
      : withSpace(indefiniteArticleOf(term, chapterSentences));
  const question = `${plural ? 'are' : 'is'} ${article}${term}?`;
  return `What ${question}`;
}

function withSpace(article: string | null): string {
  return article ? `${article} ` : '';
}

// Before a term, determiners that count it ("each state", "another nation").
const COUNTING_DETERMINERS = new Set(['a', 'an', 'each', 'every', 'another']);
const MODIFIER_TAGS = new Set(['ADJ', 'ADV']);

/**
 * The indefinite article the chapter writes before a term it counts: "a social contract", "an ideology". A noun the
 * chapter writes bare more often than counted ("power", "bargaining", "political culture") is a mass noun, and a name
 * ("Marxism") has no article: null. Counted means after "a", "an", "each", "every" or "another", adjectives between
 * aside; bare means after no determiner at all (a preposition, a verb, the sentence's start). "The" or "its" tells
 * neither, and "a social contract theory" is another term.
 */
export function indefiniteArticleOf(term: string, sentences: readonly AnalysedSentence[]): 'a' | 'an' | null {
  if (/^\p{Lu}/u.test(term)) return null;
  const termWords = wordsOf(term);
  let counted = 0;
  let bare = 0;
  let written: 'a' | 'an' | null = null;
  for (const sentence of sentences) {
    const tokens = sentence.tokens.filter((token) => token.isWord);
    for (let at = 0; at + termWords.length <= tokens.length; at += 1) {
      if (!termWords.every((word, offset) => tokens[at + offset]!.normal === word)) continue;
      const next = tokens[at + termWords.length];
      if (next && (next.pos === 'NOUN' || next.pos === 'PROPN')) continue;
      let before = at - 1;
      while (before >= 0 && MODIFIER_TAGS.has(tokens[before]!.pos)) before -= 1;
      const determiner = tokens[before];
      if (determiner && COUNTING_DETERMINERS.has(determiner.normal)) {
        counted += 1;
        if (before === at - 1 && (determiner.normal === 'a' || determiner.normal === 'an'))
          written ??= determiner.normal;
      } else if (!determiner || !['DET', 'PRON', 'NUM'].includes(determiner.pos)) bare += 1;
    }
  }
  return written && counted >= bare ? written : null;
}

// ---------------------------------------------------------------------------------------------------
// Front and back matter: no cards.

const MATTER_TITLES: readonly string[] = matterTitles.titles;
// "Preface", "Chapter 7 References", "A. Bibliography": the title's own words, its number and label aside.
const TITLE_NUMBER = /^(?:(?:[Cc]hapter|[Pp]art|[Aa]ppendix)\s+)?(?:\d{1,3}|[IVXLC]{1,7}|[A-Z])?[.:]?\s+/;

/** A chapter title naming front or back matter (preface, foreword, acknowledgements, references, index, licence …). */
export function isMatterTitle(title: string): boolean {
  const name = title
    .trim()
    .replace(TITLE_NUMBER, '')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return MATTER_TITLES.some((matter) => name === matter || name.startsWith(`${matter} `));
}

// A line that points at pages rather than says something: "binomial coefficients, 36", "2.2 Stability . . . . 53",
// "Chapter 3: Political Ideology".
const PAGE_POINTER = /(?:,|\s)\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*$/;
const DIVISION_ENTRY = /^(?:chapter|part|unit|appendix)\s+(?:\d{1,3}|[ivxlc]{1,7}|[a-z])\s*[:.]/i;

/** A page of contents or index: most of its lines point at pages or at the book's divisions. */
export function isMatterPage(text: string): boolean {
  const lines = text
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length < 8) return false;
  const pointers = lines.filter(
    (line) => DOT_LEADER.test(line) || PAGE_POINTER.test(line) || DIVISION_ENTRY.test(line) || CHAPTER_LABEL.test(line),
  );
  return pointers.length >= lines.length * 0.6;
}

/** Front or back matter by its title, or by its pages (contents, index) when most of them are. */
export function isMatterChapter(input: ChapterInput): boolean {
  if (isMatterTitle(input.chapterTitle)) return true;
  const matterPages = input.pages.filter((page) => isMatterPage(page.text)).length;
  return input.pages.length > 0 && matterPages * 2 > input.pages.length;
}
