import { isContentToken, type AnalysedSentence, type SentenceToken } from '../text/chapter-text.js';
import documentWords from '../data/document-words.json' with { type: 'json' };

/** A ranked key phrase of a text and where it occurs. */
export interface Keyphrase {
  /** The phrase as most often written. */
  text: string;
  /** Lemmas, the identity used for counting and de-duplication. */
  lemmas: string[];
  /** Positions of the sentences it occurs in. */
  sentencePositions: number[];
  /** YAKE score: lower is more important. */
  score: number;
}

const PHRASE_TAGS = new Set(['ADJ', 'NOUN', 'PROPN']);
const HEAD_TAGS = new Set(['NOUN', 'PROPN']);
const MAX_PHRASE_WORDS = 3;
// Words about the document itself, never a topic of it.
const DOCUMENT_WORDS = new Set(documentWords.words);

interface Candidate {
  lemmas: string[];
  surfaces: Map<string, number>;
  sentences: Set<number>;
  count: number;
}

/** YAKE-scored noun phrases (Campos et al. 2020), optionally re-ranked, de-duplicated so none contains another. */
export function extractKeyphrases(
  analysed: readonly AnalysedSentence[],
  limit: number,
  rerank: (ranked: Keyphrase[]) => Keyphrase[] = (ranked) => ranked,
): Keyphrase[] {
  const sentences = analysed.map((sentence) => ({ ...sentence, tokens: withCompounds(sentence.tokens) }));
  const properNouns = capitalisedMidSentence(sentences);
  const candidates = new Map<string, Candidate>();
  for (const sentence of sentences) {
    for (const run of nounPhraseRuns(sentence.tokens, properNouns)) {
      for (let start = 0; start < run.length; start += 1) {
        for (let end = start; end < Math.min(run.length, start + MAX_PHRASE_WORDS); end += 1) {
          const span = run.slice(start, end + 1);
          if (!HEAD_TAGS.has(span[span.length - 1]!.pos)) continue;
          const lemmas = span.map((token) => token.lemma);
          const key = lemmas.join(' ');
          let candidate = candidates.get(key);
          if (!candidate)
            candidates.set(key, (candidate = { lemmas, surfaces: new Map(), sentences: new Set(), count: 0 }));
          const surface = span.map((token, index) => (index === 0 ? token.value : token.space + token.value)).join('');
          candidate.surfaces.set(surface, (candidate.surfaces.get(surface) ?? 0) + 1);
          candidate.sentences.add(sentence.position);
          candidate.count += 1;
        }
      }
    }
  }
  const wordScores = yakeWordScores(sentences);
  const minimumCount = sentences.length > 40 ? 2 : 1;
  const ranked: Keyphrase[] = [];
  for (const candidate of candidates.values()) {
    if (candidate.count < minimumCount) continue;
    let product = 1;
    let sum = 0;
    for (const lemma of candidate.lemmas) {
      const score = wordScores.get(lemma) ?? 1;
      product *= score;
      sum += score;
    }
    ranked.push({
      text: [...candidate.surfaces.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
      lemmas: candidate.lemmas,
      sentencePositions: [...candidate.sentences].sort((a, b) => a - b),
      score: product / (candidate.count * (1 + sum)),
    });
  }
  ranked.sort((a, b) => a.score - b.score || a.text.localeCompare(b.text));
  return deduplicate(rerank(ranked), limit);
}

/** The tokenizer splits "Heat-Ray" in three; written without spaces, the parts are one word (and one topic). */
export function withCompounds(tokens: readonly SentenceToken[]): SentenceToken[] {
  const joined: SentenceToken[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const [token, next, previous] = [tokens[index]!, tokens[index + 1], joined.at(-1)];
    if (token.value === '-' && !token.space && previous?.isWord && next?.isWord && !next.space) {
      joined[joined.length - 1] = {
        ...next,
        value: `${previous.value}-${next.value}`,
        space: previous.space,
        normal: `${previous.normal}-${next.normal}`,
        lemma: `${previous.normal}-${next.lemma}`,
        isStopWord: false,
      };
      index += 1;
    } else joined.push(token);
  }
  return joined;
}

// Lemmas written with a capital inside a sentence somewhere: real names, unlike a capitalised first word.
function capitalisedMidSentence(sentences: readonly AnalysedSentence[]): Set<string> {
  const names = new Set<string>();
  for (const sentence of sentences) {
    sentence.tokens.forEach((token, index) => {
      if (index > 0 && token.isWord && /^\p{Lu}/u.test(token.value)) names.add(token.lemma);
    });
  }
  return names;
}

// Maximal runs of content adjectives/nouns inside a sentence; anything else breaks a run. The tagger
// calls a capitalised first word a proper noun ("Liquid magma"); unless the word is capitalised
// elsewhere too, it is taken as a modifier, never as the head of a phrase.
function nounPhraseRuns(tokens: readonly SentenceToken[], properNouns: ReadonlySet<string>): SentenceToken[][] {
  const runs: SentenceToken[][] = [];
  let run: SentenceToken[] = [];
  for (const [index, original] of tokens.entries()) {
    const token =
      index === 0 && original.pos === 'PROPN' && !properNouns.has(original.lemma)
        ? { ...original, pos: 'ADJ' }
        : original;
    if (
      PHRASE_TAGS.has(token.pos) &&
      isContentToken(token) &&
      token.lemma.length > 2 &&
      !DOCUMENT_WORDS.has(token.lemma)
    ) {
      run.push(token);
    } else {
      if (run.length) runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

// YAKE word score S(w) = Rel·Pos / (Case + Freq/Rel + Sent/Rel); lower means more important.
function yakeWordScores(sentences: readonly AnalysedSentence[]): Map<string, number> {
  const stats = new Map<
    string,
    {
      tf: number;
      capitalised: number;
      positions: number[];
      sentences: Set<number>;
      left: Map<string, number>;
      right: Map<string, number>;
    }
  >();
  const statOf = (lemma: string) => {
    let stat = stats.get(lemma);
    if (!stat)
      stats.set(
        lemma,
        (stat = { tf: 0, capitalised: 0, positions: [], sentences: new Set(), left: new Map(), right: new Map() }),
      );
    return stat;
  };
  for (const sentence of sentences) {
    const words = sentence.tokens.filter((token) => token.isWord);
    words.forEach((token, index) => {
      if (!isContentToken(token)) return;
      const stat = statOf(token.lemma);
      stat.tf += 1;
      if (index > 0 && /^\p{Lu}/u.test(token.value)) stat.capitalised += 1;
      stat.positions.push(sentence.position);
      stat.sentences.add(sentence.position);
      // Co-occurrence window of one word either side (YAKE's default window is 1-2).
      const left = words[index - 1];
      const right = words[index + 1];
      if (left) stat.left.set(left.lemma, (stat.left.get(left.lemma) ?? 0) + 1);
      if (right) stat.right.set(right.lemma, (stat.right.get(right.lemma) ?? 0) + 1);
    });
  }
  const frequencies = [...stats.values()].map((stat) => stat.tf);
  const mean = frequencies.reduce((sum, tf) => sum + tf, 0) / Math.max(1, frequencies.length);
  const deviation = Math.sqrt(
    frequencies.reduce((sum, tf) => sum + (tf - mean) ** 2, 0) / Math.max(1, frequencies.length),
  );
  const maxTf = frequencies.reduce((max, tf) => Math.max(max, tf), 1);
  const sentenceCount = Math.max(1, sentences.length);

  const scores = new Map<string, number>();
  for (const [lemma, stat] of stats) {
    const casing = stat.capitalised / (1 + Math.log(stat.tf));
    const sorted = [...stat.positions].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const position = Math.log(Math.log(3 + median));
    const frequency = stat.tf / (mean + deviation || 1);
    const diversity = (context: Map<string, number>) => {
      const total = [...context.values()].reduce((sum, count) => sum + count, 0);
      return total ? context.size / total : 0;
    };
    const relatedness = 1 + (diversity(stat.left) + diversity(stat.right)) * (stat.tf / maxTf);
    const spread = stat.sentences.size / sentenceCount;
    scores.set(lemma, (relatedness * position) / (casing + frequency / relatedness + spread / relatedness));
  }
  return scores;
}

// Keeps the best-ranked of overlapping phrases: one may not contain another's words or share most of them.
function deduplicate(ranked: readonly Keyphrase[], limit: number): Keyphrase[] {
  const kept: Keyphrase[] = [];
  for (const phrase of ranked) {
    if (kept.length >= limit) break;
    const words = new Set(phrase.lemmas);
    const clashes = kept.some((other) => {
      const otherWords = new Set(other.lemmas);
      const shared = [...words].filter((word) => otherWords.has(word)).length;
      if (shared === words.size || shared === otherWords.size) return true;
      return shared / (words.size + otherWords.size - shared) >= 0.5;
    });
    if (!clashes) kept.push(phrase);
  }
  return kept;
}
