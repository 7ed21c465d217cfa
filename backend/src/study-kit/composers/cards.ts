import { cleanPageTexts, type AnalysedSentence } from '../text/chapter-text.js';
import { extractKeyphrases } from '../ranking/keyphrases.js';
import type { ChapterInput, FlashcardDraft } from '../types.js';
import { escapeRegExp } from './study-notes.js';
import genericWords from '../data/generic-words.json' with { type: 'json' };
import type { AnalysedChapter } from '../analyse-chapter.js';
import { needsAntecedent } from '../text/sentence-hygiene.js';
import { analysedSentences, isStopWord, normalise, onlyStopWords, standsOn, wordsOf } from './answer-support.js';
import vagueTerms from '../data/vague-terms.json' with { type: 'json' };
import matterTitles from '../data/matter-titles.json' with { type: 'json' };
import { CHAPTER_LABEL, DOT_LEADER } from '../text/chapter-text.js';

export const MAX_CARDS = 25;
const MAX_QA_CARDS = 13;
export const CLOZE_BLANK = '_____';
const SHORT_CHAPTER_SENTENCES = 20;

/** A drafted card with what the quiz builds on: the concept it tests and the sentence it comes from. */
export interface StudioCard extends FlashcardDraft {
  concept: string;
  sentence: string;
  /** Reading order of the source sentence. */
  position: number;
  /** For a definition card, the definition clause. */
  definition?: string;
}

// Words that read as a subject of "X is a …" but name nothing to learn.
const VAGUE_TERMS = new Set(vagueTerms.words);
const TERM_TAGS = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD_TAGS = new Set(['NOUN', 'PROPN']);
// Code, paths, markup or commands: not a sentence a student should memorise.
const NOT_PROSE = /[{}<>=$\\|#@`~^*[\]⟨⟩●•]|\/|--|\.\w{2,4}\b(?!\s)|_\w|\w\(|\.\.\.|\b[A-Z]{4,}\b/;
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
  const sentences = analysedSentences(input.pages)
    .map((sentence) => withoutHeading(sentence, title))
    .filter((sentence) => isStudySentence(sentence) && !opensWithHeading(sentence.text, title));
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

function isStudySentence(sentence: AnalysedSentence): boolean {
  const { text, words } = sentence;
  if (words.length < 6 || words.length > 40) return false;
  if (!/^[A-Z]/.test(text) || !/[^\s][.!]$/.test(text)) return false;
  if (NOT_PROSE.test(text) || QUOTES.test(text)) return false;
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

/** A concept worth learning: 1-4 words, letters, no stop word at either end, not a vague word. */
export function isConcept(text: string): boolean {
  const words = wordsOf(text);
  if (words.length < 1 || words.length > 4) return false;
  if (isStopWord(words[0]!) || isStopWord(words[words.length - 1]!) || onlyStopWords(text)) return false;
  if (words.length === 1 && (words[0]!.length < 3 || VAGUE_TERMS.has(words[0]!))) return false;
  if (words.every((word) => VAGUE_TERMS.has(word))) return false;
  if (/['’](?:m|s|ll|re|ve|d|t)\b/i.test(text)) return false;
  return /^[\p{L}][\p{L}\p{N}'’\s-]*$/u.test(text.trim());
}

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

function partOfLongerPhrase(sentence: string, hidden: string, longPhrases: string[]): boolean {
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

const GENERIC_WORDS = new Set(genericWords.words);
/** A word every book uses about itself or about anything ("example", "figure", "program", "function"). */
export function isGenericWord(text: string): boolean {
  return GENERIC_WORDS.has(normalise(text)) || GENERIC_WORDS.has(normalise(text).replace(/s$/, ''));
}

// A cause or a purpose the book states: the "why" and "what for" of a concept.
const BECAUSE = /^(\p{Lu}[^,;:]{15,160}?),?\s+because\s+([^;:]{10,200}?)[.!]$/u;
const PURPOSE = /^(?:The\s+)?(?:purpose|goal|aim|role|function)\s+of\s+(.{3,60}?)\s+is\s+to\s+(.{8,200}?)[.!]$/iu;
const USED_TO = /^(?:(?:A|An|The)\s+)?(.{3,50}?)\s+(?:is|are)\s+used\s+(?:to|for)\s+(.{8,200}?)[.!]$/u;

/** Cards of a chapter, wanted about one and a half per page (at least ten): the chapter's substance sets the number. */
export function cardsWanted(chapter: AnalysedChapter): number {
  return Math.max(10, Math.round(chapter.input.pages.length * 1.5));
}

/**
 * Flashcards of an analysed chapter, from its body only (never its exercises, references or front matter): a
 * definition card ("What is X?") and a term card ("Which term means …?") for the terms its glossary and text define,
 * "why" and "what for" cards from the causes and purposes it states, and cloze cards hiding one of its terms (an index
 * entry where the book has an index) in a sentence that uses it. Cloze cards are at most three in five; an answer
 * stands on the page the card cites; no term is asked twice.
 */
export function chapterCards(chapter: AnalysedChapter): StudioCard[] {
  // A preface, a list of references or an index teaches nothing to test.
  if (isMatterChapter(chapter.input)) return [];
  const pageText = new Map(cleanPageTexts(chapter.input.pages).map((page) => [page.label, page.text]));
  const sentences = chapter.sentences.filter(isStudySentence);
  const wanted = cardsWanted(chapter);
  const cards: StudioCard[] = [];
  const asked = new Set<string>();
  // A sentence gives one card: two cards from it ask the same thing under two names.
  const usedSentences = new Set<string>();
  const push = (card: StudioCard) => {
    const key = normalise(card.front);
    if (asked.has(key) || !standsOn(card.back, pageText.get(card.pageLabel) ?? '')) return;
    if (!card.definition && usedSentences.has(card.sentence)) return;
    asked.add(key);
    if (!card.definition) usedSentences.add(card.sentence);
    cards.push(card);
  };
  const position = (text: string) => sentences.find((sentence) => sentence.text.includes(text))?.position ?? 0;

  // The book's terms with what it says they are.
  const defined = [
    ...chapter.terms.glossary.map((entry) => ({ ...entry, meaning: entry.definition })),
    ...chapter.terms.definitions.map((entry) => ({ ...entry, meaning: meaningOf(entry.term, entry.definition) })),
  ].filter((entry) => entry.meaning && isConcept(entry.term) && !isGenericWord(entry.term));
  const testedTerms = new Set<string>();
  defined.forEach((entry, index) => {
    const meaning = entry.meaning!.replace(/[.!]$/, '');
    const page = entry.pages[0] ?? '';
    const term = entry.term;
    const base = {
      concept: term,
      sentence: entry.definition,
      position: position(entry.definition),
      definition: meaning,
    };
    if (testedTerms.has(normalise(term))) return;
    testedTerms.add(normalise(term));
    // Both directions for one term in two: the meaning from the term, and the term from its meaning.
    push({
      ...base,
      kind: 'qa',
      front: askWhatIs(term, entry.definition),
      back: capitalise(meaning),
      pageLabel: page,
    });
    if (index % 2 === 0 || defined.length < wanted / 3)
      push({ ...base, kind: 'qa', front: `Which term means: ${lowerFirst(meaning)}?`, back: term, pageLabel: page });
  });

  // Causes and purposes.
  for (const sentence of sentences) {
    const card = reasonCard(sentence);
    if (card)
      push({
        ...card,
        concept: card.back,
        sentence: sentence.text,
        position: sentence.position,
        pageLabel: sentence.origin,
      });
  }

  // Concept cards: what the chapter says a term does or is for, from a sentence that has the term as its subject.
  const vocabulary = chapterVocabulary(chapter, sentences).filter((term) => !testedTerms.has(normalise(term)));
  const conceptTerms = new Set<string>();
  for (const term of vocabulary) {
    if (cards.length >= Math.ceil(wanted * 0.5)) break;
    const sentence = subjectSentenceFor(term, sentences);
    if (!sentence) continue;
    const before = cards.length;
    push({
      kind: 'qa',
      front: `What does the chapter say about ${/^\p{Lu}\p{Ll}/u.test(term) ? lowerFirst(term) : term}?`,
      back: sentence.text,
      pageLabel: sentence.origin,
      concept: term,
      sentence: sentence.text,
      position: sentence.position,
    });
    if (cards.length > before) conceptTerms.add(normalise(term));
  }

  // Cloze cards hide one of the chapter's terms, each term once, in the sentence that says most about it.
  const maxCloze = Math.max(0, Math.min(wanted - cards.length, Math.floor(cards.length * 1.5)));
  let cloze = 0;
  const longTerms = vocabulary.map(normalise).filter((term) => term.includes(' '));
  for (const term of vocabulary.filter((candidate) => !conceptTerms.has(normalise(candidate)))) {
    if (cloze >= maxCloze) break;
    const sentence = bestSentenceFor(term, sentences);
    if (!sentence) continue;
    const hidden = clozeOf(sentence.text, term);
    // "differential _____": hiding half of a longer term asks for a word, not a concept.
    if (!hidden || partOfLongerPhrase(sentence.text, hidden.hidden, longTerms)) continue;
    const before = cards.length;
    push({
      kind: 'cloze',
      front: hidden.front,
      back: hidden.hidden,
      pageLabel: sentence.origin,
      concept: term,
      sentence: sentence.text,
      position: sentence.position,
    });
    if (cards.length > before) cloze += 1;
  }
  return cards.sort((a, b) => a.position - b.position);
}

/** What a definition sentence says its term is: "A multiset is a collection …" -> "a collection …". */
function meaningOf(term: string, sentence: string): string | null {
  const pattern = new RegExp(
    String.raw`^(?:(?:A|An|The)\s+)?${escapeRegExp(term)}\s+(?:is|are|refers? to|means|is defined as|denotes|states that)\s+(.+?)[.!]?$`,
    'iu',
  );
  const found = pattern.exec(sentence.trim())?.[1];
  if (found && isDefinitionText(found)) return found;
  const named = NAMES.exec(sentence.trim());
  return named && normalise(named[2]!) === normalise(term) && isDefinitionText(named[1]!) ? named[1]! : null;
}

function reasonCard(sentence: AnalysedSentence): Pick<StudioCard, 'kind' | 'front' | 'back'> | null {
  const because = BECAUSE.exec(sentence.text);
  if (because && !/^(?:this|that|it|they|these|those)\b/i.test(because[1]!))
    return {
      kind: 'qa',
      front: `Why is it that ${lowerFirst(because[1]!)}?`,
      back: capitalise(`because ${because[2]!}`),
    };
  const purpose = PURPOSE.exec(sentence.text);
  if (purpose)
    return { kind: 'qa', front: `What is the purpose of ${purpose[1]!}?`, back: capitalise(`to ${purpose[2]!}`) };
  const used = USED_TO.exec(sentence.text);
  if (used && isConcept(used[1]!) && !isGenericWord(used[1]!))
    return {
      kind: 'qa',
      front: `What ${/s$/.test(used[1]!) && !/ss$/.test(used[1]!) ? 'are' : 'is'} ${articleOf(sentence.text)}${lowerFirst(used[1]!)} used for?`,
      back: capitalise(used[2]!),
    };
  return null;
}

/**
 * The terms a cloze may hide, the book's first: index entries that point into the chapter, then its glossary and
 * defined terms, then (for a book without either) the chapter's key phrases. Never a generic word.
 */
function chapterVocabulary(chapter: AnalysedChapter, sentences: readonly AnalysedSentence[]): string[] {
  const fromBook = [
    ...chapter.terms.index.map((term) => term.replace(/,.*$/, '').trim()),
    ...chapter.terms.glossary.map((entry) => entry.term),
    ...chapter.terms.definitions.map((entry) => entry.term),
  ];
  const phrases = fromBook.length >= 12 ? [] : extractKeyphrases(sentences, 60).map((phrase) => phrase.text);
  const seen = new Set<string>();
  return [...fromBook, ...phrases].filter((term) => {
    const key = normalise(term);
    if (!key || seen.has(key) || !isConcept(term) || isGenericWord(term)) return false;
    seen.add(key);
    return true;
  });
}

/** A sentence that opens on the term ("Stability of the scheme requires …", "For stability, we need …"), short enough to learn. */
function subjectSentenceFor(term: string, sentences: readonly AnalysedSentence[]): AnalysedSentence | undefined {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(term).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return sentences.find(
    (sentence) =>
      pattern.test(sentence.text.slice(0, term.length + 30)) &&
      sentence.words.length <= 30 &&
      !needsAntecedent(sentence.text),
  );
}

/** The sentence that says most about a term: it uses the term, is short enough to recall, and leans on nothing before it. */
function bestSentenceFor(term: string, sentences: readonly AnalysedSentence[]): AnalysedSentence | undefined {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(term).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return sentences
    .filter((sentence) => pattern.test(sentence.text) && !needsAntecedent(sentence.text))
    .sort((a, b) => Math.abs(a.words.length - 18) - Math.abs(b.words.length - 18) || a.position - b.position)[0];
}

// "What is the Calvin cycle?" as the book's sentence names it; "What are civil liberties?" for a glossary's plural.
function askWhatIs(term: string, sentence: string): string {
  // A glossary's meaning does not name its term: no article to copy.
  const named = normalise(sentence).includes(normalise(term));
  const article = !named || normalise(sentence).startsWith(normalise(term)) ? '' : articleOf(sentence);
  // "Civil liberties are …": the book's own verb says whether the term is a plural.
  const plural = named
    ? new RegExp(`^(?:(?:the|a|an)\\s+)?${escapeRegExp(term)}\\s+are\\b`, 'i').test(sentence.trim())
    : /[^sui]s$/.test(term);
  const question = `${plural ? 'are' : 'is'} ${article}${term}?`;
  return `What ${question}`;
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
