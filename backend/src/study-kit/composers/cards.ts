import { cleanPageTexts, type AnalysedSentence } from '../text/chapter-text.js';
import { extractKeyphrases } from '../ranking/keyphrases.js';
import type { ChapterInput, FlashcardDraft } from '../types.js';
import { escapeRegExp } from './study-notes.js';
import { analysedSentences, isStopWord, normalise, onlyStopWords, standsOn, wordsOf } from './answer-support.js';
import vagueTerms from '../data/vague-terms.json' with { type: 'json' };

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
