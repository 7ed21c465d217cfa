import type { AnalysedSentence } from '../text/chapter-text.js';
import { sentenceProblem } from '../text/sentence-hygiene.js';

/** Knobs of the extractive selection; the defaults were tuned on the SQuALITY train split (bench/study). */
export interface ExtractiveOptions {
  /** Total words the selected sentences may use. */
  maxWords: number;
  /** Sentences shorter than this are never selected (headings, fragments, "he said"). */
  minSentenceWords: number;
  /** Sentences longer than this are never selected (run-ons eat the budget). */
  maxSentenceWords: number;
  /** MMR trade-off: 1 ranks by salience only, lower values penalise overlap with what is already chosen. */
  relevanceWeight: number;
  /** Exponent of sentence length dividing the gain: 0 favours long sentences, 1 favours short dense ones. */
  lengthExponent: number;
  /** Share of the score a sentence of dialogue keeps (quoted speech rarely states what happens). */
  dialogueWeight: number;
  /** Weight of closeness to the document's centroid, next to graph centrality. */
  centroidWeight: number;
  /** Spreads the choice over groups (a book's chapters): each sentence already chosen from a group divides the gain of the others there by (1 + penalty × count). */
  groupCoveragePenalty: number;
}

export const DEFAULT_EXTRACTIVE_OPTIONS: Omit<ExtractiveOptions, 'maxWords'> = {
  minSentenceWords: 6,
  maxSentenceWords: 60,
  relevanceWeight: 0.9,
  lengthExponent: 0,
  dialogueWeight: 0.2,
  centroidWeight: 0.5,
  groupCoveragePenalty: 0,
};

type SparseVector = Map<string, number>;

/** Extractive summary sentences: TF-ISF PageRank blended with centroid closeness, MMR under a word budget, in reading order. */
export function selectSummarySentences(
  sentences: readonly AnalysedSentence[],
  options: Partial<ExtractiveOptions> & Pick<ExtractiveOptions, 'maxWords'>,
): AnalysedSentence[] {
  return [...rankSummarySentences(sentences, options)].sort((a, b) => a.position - b.position);
}

/** The same choice in the order it was made: the most salient sentence first. */
export function rankSummarySentences(
  sentences: readonly AnalysedSentence[],
  options: Partial<ExtractiveOptions> & Pick<ExtractiveOptions, 'maxWords'>,
): AnalysedSentence[] {
  const settings: ExtractiveOptions = { ...DEFAULT_EXTRACTIVE_OPTIONS, ...options };
  if (sentences.length === 0 || settings.maxWords <= 0) return [];
  const vectors = tfIsfVectors(sentences);
  const similarity = cosineGraph(vectors);
  const centrality = normaliseToMax(pageRank(similarity));
  const centroid = centroidCloseness(vectors);

  const eligible = sentences
    .map((sentence, index) => ({ sentence, index }))
    .filter(({ sentence }) => isEligible(sentence, settings));
  const salience = new Map<number, number>();
  for (const { sentence, index } of eligible) {
    const base =
      (1 - settings.centroidWeight) * (centrality[index] ?? 0) + settings.centroidWeight * (centroid[index] ?? 0);
    salience.set(index, base * (isDialogue(sentence.text) ? settings.dialogueWeight : 1));
  }
  const maxSalience = [...salience.values()].reduce((max, value) => Math.max(max, value), 1e-9);

  const chosen: number[] = [];
  const chosenPerGroup = new Map<number, number>();
  let usedWords = 0;
  const remaining = new Set(eligible.map(({ index }) => index));
  while (remaining.size > 0) {
    let best = -1;
    let bestGain = -Infinity;
    for (const index of remaining) {
      const length = sentences[index]!.words.length;
      if (usedWords + length > settings.maxWords) continue;
      const overlap = chosen.reduce((max, other) => Math.max(max, similarity[index]?.get(other) ?? 0), 0);
      const mmr =
        settings.relevanceWeight * ((salience.get(index) ?? 0) / maxSalience) -
        (1 - settings.relevanceWeight) * overlap;
      const crowding = 1 + settings.groupCoveragePenalty * (chosenPerGroup.get(sentences[index]!.group) ?? 0);
      const cost = crowding * Math.pow(Math.max(1, length), settings.lengthExponent);
      // A cost must make every candidate worse, negative MMR values included.
      const gain = mmr >= 0 ? mmr / cost : mmr * cost;
      if (gain > bestGain) {
        bestGain = gain;
        best = index;
      }
    }
    if (best < 0) break;
    chosen.push(best);
    const group = sentences[best]!.group;
    chosenPerGroup.set(group, (chosenPerGroup.get(group) ?? 0) + 1);
    remaining.delete(best);
    usedWords += sentences[best]!.words.length;
  }
  return chosen.map((index) => sentences[index]!);
}

function isEligible(sentence: AnalysedSentence, settings: ExtractiveOptions): boolean {
  const words = sentence.words.length;
  if (words < settings.minSentenceWords || words > settings.maxSentenceWords) return false;
  if (sentence.terms.length < 2) return false;
  // Headings and tables: mostly capitals or mostly non-letters.
  const letters = sentence.text.replace(/[^\p{L}]/gu, '');
  if (letters.length < sentence.text.length * 0.5) return false;
  const capitals = letters.replace(/[^\p{Lu}]/gu, '').length;
  return capitals < letters.length * 0.5;
}

const QUOTE = /["“”«»„]|(?:^|[\s(—–-])['‘](?=\p{L})/u;
export function isDialogue(text: string): boolean {
  return QUOTE.test(text);
}

/** Speech: a sentence with quotation marks, or one inside a quotation an earlier sentence opened. */
export function isSpeech(sentence: Pick<AnalysedSentence, 'text' | 'inQuotation'>): boolean {
  return Boolean(sentence.inQuotation) || isDialogue(sentence.text);
}

/** A sentence from the middle of a speech, inside the quotation marks it stands in ("'Let me think …'"). */
export function asSpoken(sentence: Pick<AnalysedSentence, 'text' | 'inQuotation'>): string {
  const mark = sentence.inQuotation;
  if (!mark) return sentence.text;
  const quoted = `${mark}${sentence.text}${mark}`;
  return sentenceProblem(quoted) ? sentence.text : quoted;
}

export function tfIsfVectors(sentences: readonly AnalysedSentence[]): SparseVector[] {
  const sentenceFrequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of new Set(sentence.terms)) sentenceFrequency.set(term, (sentenceFrequency.get(term) ?? 0) + 1);
  const total = sentences.length;
  return sentences.map((sentence) => {
    const counts = new Map<string, number>();
    for (const term of sentence.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    const vector: SparseVector = new Map();
    let norm = 0;
    for (const [term, count] of counts) {
      const weight = (1 + Math.log(count)) * Math.log(1 + total / (sentenceFrequency.get(term) ?? 1));
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

/** Cosine similarity of every pair sharing a term, through an inverted index (sparse rows). */
export function cosineGraph(vectors: readonly SparseVector[]): Array<Map<number, number>> {
  const postings = new Map<string, Array<[number, number]>>();
  vectors.forEach((vector, index) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push([index, weight]);
    }
  });
  const rows = vectors.map(() => new Map<number, number>());
  for (const list of postings.values()) {
    for (let a = 0; a < list.length; a += 1) {
      const [i, wi] = list[a]!;
      for (let b = a + 1; b < list.length; b += 1) {
        const [j, wj] = list[b]!;
        const product = wi * wj;
        rows[i]!.set(j, (rows[i]!.get(j) ?? 0) + product);
        rows[j]!.set(i, (rows[j]!.get(i) ?? 0) + product);
      }
    }
  }
  return rows;
}

/** Weighted PageRank over a symmetric similarity graph. */
export function pageRank(graph: ReadonlyArray<ReadonlyMap<number, number>>, damping = 0.85, iterations = 60): number[] {
  const size = graph.length;
  if (size === 0) return [];
  const outWeight = graph.map((row) => [...row.values()].reduce((sum, weight) => sum + weight, 0));
  let scores = new Array<number>(size).fill(1 / size);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const next = new Array<number>(size).fill((1 - damping) / size);
    let dangling = 0;
    for (let i = 0; i < size; i += 1) {
      const total = outWeight[i] ?? 0;
      if (total === 0) {
        dangling += scores[i] ?? 0;
        continue;
      }
      for (const [j, weight] of graph[i]!) next[j] = (next[j] ?? 0) + (damping * (scores[i] ?? 0) * weight) / total;
    }
    for (let i = 0; i < size; i += 1) next[i] = (next[i] ?? 0) + (damping * dangling) / size;
    const change = next.reduce((sum, value, i) => sum + Math.abs(value - (scores[i] ?? 0)), 0);
    scores = next;
    if (change < 1e-7) break;
  }
  return scores;
}

function centroidCloseness(vectors: readonly SparseVector[]): number[] {
  const centroid: SparseVector = new Map();
  for (const vector of vectors)
    for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  const norm = Math.sqrt([...centroid.values()].reduce((sum, weight) => sum + weight * weight, 0)) || 1;
  const scores = vectors.map((vector) => {
    let dot = 0;
    for (const [term, weight] of vector) dot += weight * (centroid.get(term) ?? 0);
    return dot / norm;
  });
  return normaliseToMax(scores);
}

function normaliseToMax(values: readonly number[]): number[] {
  const max = values.reduce((highest, value) => Math.max(highest, value), 1e-12);
  return values.map((value) => value / max);
}
