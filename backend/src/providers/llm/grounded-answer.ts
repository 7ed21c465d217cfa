import { analyseSegments, cleanPageTexts, type AnalysedSentence } from './chapter-text.js';
import type { AnswerPassage, GroundedAnswer } from './study-engine.port.js';

const MAX_QUOTE_CHARS = 320;
const CITATION_MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** The sentences of each passage, tagged with the passage id as their origin. */
export function passageSentences(passages: readonly AnswerPassage[]): AnalysedSentence[] {
  // One analysis per passage: two pages of different books must never make one sentence.
  return passages.flatMap((passage) => {
    const prose = passage.text
      .split(/\r?\n/)
      .filter((line) => !isHeadingLine(line))
      .join('\n');
    const [clean] = cleanPageTexts([{ label: String(passage.id), text: prose }]);
    return analyseSegments([{ text: clean?.text ?? passage.text, origin: String(passage.id), group: 0 }]);
  });
}

/** Content-word lemmas of a question or claim, as the sentence analysis makes them. */
export function contentLemmas(text: string): Set<string> {
  return new Set(analyseSegments([{ text, origin: '', group: 0 }]).flatMap((sentence) => sentence.terms));
}

/** Sentences scored by the query terms they share, each term weighted by how rare it is among them. */
export function scoreSentences(
  sentences: readonly AnalysedSentence[],
  terms: ReadonlySet<string>,
): Array<{ sentence: AnalysedSentence; score: number }> {
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of new Set(sentence.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  return sentences.map((sentence) => {
    let score = 0;
    for (const term of new Set(sentence.terms))
      if (terms.has(term)) score += Math.log(1 + sentences.length / documentFrequency.get(term)!);
    return { sentence, score };
  });
}

function clip(text: string): string {
  return text.length <= MAX_QUOTE_CHARS ? text : `${text.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/, '')}…`;
}

/**
 * Grounds a model's answer in the passages it was given: citation markers of passages that do not
 * exist are removed, and every cited passage gets as its quote the sentence that best supports the
 * claims citing it.
 */
export function groundAnswer(answer: string, passages: readonly AnswerPassage[]): GroundedAnswer {
  const known = new Set(passages.map((passage) => passage.id));
  const text = answer
    .replace(CITATION_MARKER, (_marker, list: string) => {
      const ids = list
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => known.has(id));
      return ids.length ? ids.map((id) => `[${id}]`).join('') : '';
    })
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();

  // Each claim is the text before its markers; a passage's quote is its sentence closest to its claims.
  const claimsByPassage = new Map<number, string[]>();
  let claimStart = 0;
  for (const match of text.matchAll(/(?:\[\d+\])+/g)) {
    const claim = text.slice(claimStart, match.index);
    claimStart = match.index + match[0].length;
    for (const id of match[0].match(/\d+/g)!.map(Number)) {
      claimsByPassage.set(id, [...(claimsByPassage.get(id) ?? []), claim]);
    }
  }
  const citations = [...claimsByPassage].map(([id, claims]) => {
    const passage = passages.find((candidate) => candidate.id === id)!;
    const sentences = passageSentences([passage]);
    const [best] = scoreSentences(sentences, contentLemmas(claims.join(' '))).sort((a, b) => b.score - a.score);
    return { passage: id, quote: clip(best?.sentence.text ?? passage.text.replace(/\s+/g, ' ').trim()) };
  });
  return { text, citations };
}

/** An extractive answer: the passages' sentences that share the most (and rarest) words with the question. */
export function extractiveAnswer(
  question: string,
  passages: readonly AnswerPassage[],
  maxSentences = 3,
): GroundedAnswer {
  const terms = contentLemmas(question);
  const questionPairs = wordPairs(analyseSegments([{ text: question, origin: '', group: 0 }]).flatMap((s) => s.words));
  const rankOf = new Map(passages.map((passage, index) => [String(passage.id), index]));
  const scored = scoreSentences(passageSentences(passages), terms)
    .filter(
      ({ sentence, score }) =>
        score > 0 && sentence.words.length >= 4 && sentence.words.length <= 80 && startsLikeASentence(sentence.text),
    )
    .map(({ sentence, score }) => {
      // Words of the question kept together ("powerhouse of the cell") mark the sentence that answers it;
      // ties go to the passage the search ranked higher.
      const together = [...wordPairs(sentence.words)].filter((pair) => questionPairs.has(pair)).length;
      // A sentence sharing one rare word ("sunlight") must not beat one that covers the question.
      const coverage = new Set(sentence.terms.filter((term) => terms.has(term))).size / Math.max(1, terms.size);
      return { sentence, score: score * coverage + 0.5 * together + 0.05 / (1 + rankOf.get(sentence.origin)!) };
    })
    .sort((a, b) => b.score - a.score);
  const chosen: AnalysedSentence[] = [];
  for (const { sentence } of scored) {
    if (chosen.length >= maxSentences) break;
    if (chosen.some((other) => other.text === sentence.text)) continue;
    chosen.push(sentence);
  }
  if (chosen.length === 0) return { text: '', citations: [] };
  const text = chosen.map((sentence) => `${sentence.text} [${sentence.origin}]`).join(' ');
  const citations = [...new Set(chosen.map((sentence) => Number(sentence.origin)))].map((id) => ({
    passage: id,
    quote: clip(
      chosen
        .filter((sentence) => Number(sentence.origin) === id)
        .map((s) => s.text)
        .join(' '),
    ),
  }));
  return { text, citations };
}

function wordPairs(words: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < words.length; i += 1) pairs.add(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

// A short line without closing punctuation is a heading or running head ("Chapter 2 How Plants Make
// Food"), not prose: left in, it would be glued to the next sentence of a quote.
function isHeadingLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.split(/\s+/).length <= 8 && !/[.!?:;,"”’)\]]$/.test(trimmed);
}

// A page often opens mid-sentence ("them, we borrow…"), continuing the page before: not quotable.
function startsLikeASentence(text: string): boolean {
  return /^[\p{Lu}\p{N}"“‘'(]/u.test(text);
}
