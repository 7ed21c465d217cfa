import {
  analyseChapterPages,
  analyseSegments,
  isContentToken,
  wordCount,
  type AnalysedSentence,
  type TextSegment,
} from './chapter-text.js';
import { extractiveAnswer } from './grounded-answer.js';
import { extractKeyphrases } from './keyphrases.js';
import { formatPageCitation } from './page-citations.js';
import { ELI12_MAX_GRADE, fleschKincaidGrade, gradeOfWords } from './readability.js';
import { isDialogue, selectSummarySentences } from './sentence-ranking.js';
import {
  StudyEngine,
  type BookInput,
  type AnswerPassage,
  type ChapterInput,
  type GroundedAnswer,
  type StudyContext,
  type TopicDraft,
  type FlashcardDrafts,
  type QuizInput,
  type QuizQuestionDraft,
} from './study-engine.port.js';
import { buildOfflineFlashcards, buildOfflineQuiz } from './offline-studio/index.js';
import { englishNlp } from './english-nlp.js';

/** Chapter summary budget: about 10% of the chapter's words, within 80..600. */
export function offlineChapterSummaryWords(chapterWords: number): number {
  return Math.min(600, Math.max(80, Math.round(chapterWords * 0.1)));
}

/** Book summary budget: about a fifth of its chapter summaries, within 150..1000 words. */
export function offlineBookSummaryWords(summaryWords: number): number {
  return Math.min(1000, Math.max(150, Math.round(summaryWords * 0.2)));
}

const ELI12_MAX_WORDS = 90;
const ELI12_MAX_SENTENCES = 5;
const CITATION_SPLIT = /(\((?:pp?\.)\s*[^()]*\))/;

/**
 * Deterministic study engine without a network: extractive summaries (sentence graph ranking with MMR
 * under a length budget, in reading order, with page references), YAKE-style key phrases as topics,
 * and ELI12 texts made of the simplest sentences about the topic. The UI labels these as extractive.
 */
export class OfflineStudyEngine extends StudyEngine {
  readonly kind = 'offline' as const;

  summarizeChapter(input: ChapterInput, context: StudyContext): Promise<string> {
    return runSync(context, () => {
      const sentences = analyseChapterPages(input.pages);
      const words = sentences.reduce((sum, sentence) => sum + sentence.words.length, 0);
      const budget = offlineChapterSummaryWords(words);
      let chosen = selectSummarySentences(sentences, { maxWords: budget });
      if (chosen.length === 0) chosen = leadingSentences(sentences, budget);
      return formatWithCitations(chosen, (sentence) => formatPageCitation([sentence.origin]));
    });
  }

  summarizeBook(input: BookInput, context: StudyContext): Promise<string> {
    return runSync(context, () => {
      const segments: TextSegment[] = [];
      input.chapters.forEach((chapter, chapterIndex) => {
        // Each piece of a chapter summary keeps the citation that followed it.
        const pieces = chapter.summary.split(CITATION_SPLIT);
        for (let i = 0; i < pieces.length; i += 2) {
          const text = pieces[i]?.trim();
          if (text) segments.push({ text, origin: pieces[i + 1] ?? '', group: chapterIndex });
        }
      });
      const sentences = analyseSegments(segments);
      const words = sentences.reduce((sum, sentence) => sum + sentence.words.length, 0);
      const budget = offlineBookSummaryWords(words);
      // Spread over the chapters: each sentence already taken from a chapter lowers that chapter's others.
      let chosen = selectSummarySentences(sentences, { maxWords: budget, groupCoveragePenalty: 1 });
      if (chosen.length === 0) chosen = leadingSentences(sentences, budget);
      return formatWithCitations(chosen, (sentence) => sentence.origin, true);
    });
  }

  extractTopics(input: ChapterInput, context: StudyContext): Promise<TopicDraft[]> {
    return runSync(context, () => {
      const sentences = analyseChapterPages(input.pages);
      const words = sentences.reduce((sum, sentence) => sum + sentence.words.length, 0);
      const wanted = Math.min(8, Math.max(3, Math.round(words / 700)));
      const order = new Map(input.pages.map((page, index) => [page.label, index]));
      return extractKeyphrases(sentences, wanted).map((phrase) => ({
        title: capitaliseFirst(phrase.text),
        pages: [...new Set(phrase.sentencePositions.map((position) => sentences[position]!.origin))].sort(
          (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
        ),
      }));
    });
  }

  explainEli12(input: { topic: string; chapter: ChapterInput }, context: StudyContext): Promise<string> {
    return runSync(context, () => {
      const sentences = analyseChapterPages(input.chapter.pages);
      const topicTerms = topicLemmas(input.topic);
      const topicPhrase = input.topic.toLowerCase();
      const candidates = sentences
        .filter(
          (sentence) =>
            sentence.words.length >= 5 &&
            sentence.words.length <= 28 &&
            !isDialogue(sentence.text) &&
            !/[;:]\s*$/.test(sentence.text),
        )
        .map((sentence) => {
          const terms = new Set(sentence.terms);
          const matched = topicTerms.filter((term) => terms.has(term)).length;
          const topicality = topicTerms.length ? matched / topicTerms.length : 0;
          const grade = gradeOfWords(sentence.words, 1);
          const phraseBonus = sentence.text.toLowerCase().includes(topicPhrase) ? 0.5 : 0;
          return { sentence, topicality, grade, score: topicality + phraseBonus - 0.06 * Math.max(0, grade - 3) };
        })
        .filter((candidate) => candidate.topicality > 0);
      // Nothing mentions the topic: fall back to the chapter's simplest central sentences.
      const pool = candidates.length
        ? candidates
        : selectSummarySentences(sentences, { maxWords: 200, maxSentenceWords: 28 }).map((sentence) => ({
            sentence,
            topicality: 0,
            grade: gradeOfWords(sentence.words, 1),
            score: -gradeOfWords(sentence.words, 1),
          }));
      const picked: typeof pool = [];
      let words = 0;
      for (const candidate of [...pool].sort(
        (a, b) => b.score - a.score || a.sentence.position - b.sentence.position,
      )) {
        if (picked.length >= ELI12_MAX_SENTENCES) break;
        if (words + candidate.sentence.words.length > ELI12_MAX_WORDS) continue;
        if (picked.some((other) => other.sentence.text === candidate.sentence.text)) continue;
        picked.push(candidate);
        words += candidate.sentence.words.length;
      }
      // Checked for grade: drop the hardest sentence until the text reads at grade 7 or only one is left.
      let chosen = picked.map((candidate) => candidate.sentence);
      const render = () =>
        formatWithCitations(
          [...chosen].sort((a, b) => a.position - b.position),
          (sentence) => formatPageCitation([sentence.origin]),
        );
      while (chosen.length > 1 && fleschKincaidGrade(render()) > ELI12_MAX_GRADE) {
        const hardest = chosen.reduce((worst, sentence) =>
          gradeOfWords(sentence.words, 1) > gradeOfWords(worst.words, 1) ? sentence : worst,
        );
        chosen = chosen.filter((sentence) => sentence !== hardest);
      }
      return render();
    });
  }

  answerQuestion(
    input: { question: string; passages: AnswerPassage[] },
    context: StudyContext,
  ): Promise<GroundedAnswer> {
    return runSync(context, () => extractiveAnswer(input.question, input.passages));
  }

  generateFlashcards(input: ChapterInput, context: StudyContext): Promise<FlashcardDrafts> {
    return runSync(context, () => ({
      cards: buildOfflineFlashcards(input).map(({ kind, front, back, pageLabel }) => ({
        kind,
        front,
        back,
        pageLabel,
      })),
      unsupported: 0,
    }));
  }

  generateQuiz(input: QuizInput, context: StudyContext): Promise<QuizQuestionDraft[]> {
    return runSync(context, () => buildOfflineQuiz(input));
  }
}

// The offline work is synchronous CPU; it still honours a signal that was aborted before it started.
function runSync<T>(context: StudyContext, work: () => T): Promise<T> {
  try {
    context.signal?.throwIfAborted();
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

function leadingSentences(sentences: readonly AnalysedSentence[], budget: number): AnalysedSentence[] {
  const chosen: AnalysedSentence[] = [];
  let words = 0;
  for (const sentence of sentences) {
    if (words + sentence.words.length > budget && chosen.length) break;
    chosen.push(sentence);
    words += sentence.words.length;
  }
  return chosen;
}

/**
 * Sentences in reading order; each run from the same page (or the same cited passage) is followed by its
 * citation. Paragraphs break between runs once a paragraph has ~90 words, or at each chapter of a book.
 */
function formatWithCitations(
  sentences: readonly AnalysedSentence[],
  citationOf: (sentence: AnalysedSentence) => string,
  paragraphPerGroup = false,
): string {
  const paragraphs: string[] = [];
  let paragraph: string[] = [];
  let paragraphWords = 0;
  for (let i = 0; i < sentences.length; i += 1) {
    const sentence = sentences[i]!;
    const next = sentences[i + 1];
    paragraph.push(sentence.text);
    paragraphWords += wordCount(sentence.text);
    const citation = citationOf(sentence);
    const runEnds = !next || citationOf(next) !== citation || next.group !== sentence.group;
    if (!runEnds) continue;
    if (citation) paragraph.push(citation);
    const groupEnds = !next || next.group !== sentence.group;
    if ((paragraphPerGroup && groupEnds) || (!paragraphPerGroup && paragraphWords >= 90) || !next) {
      paragraphs.push(paragraph.join(' '));
      paragraph = [];
      paragraphWords = 0;
    }
  }
  return paragraphs.join('\n\n');
}

function topicLemmas(topic: string): string[] {
  const sentences = analyseSegments([{ text: topic, origin: '', group: 0 }]);
  const lemmas = sentences.flatMap((sentence) => sentence.tokens.filter(isContentToken).map((token) => token.lemma));
  if (lemmas.length) return [...new Set(lemmas)];
  // A topic made only of stop words: match its words as written.
  const nlp = englishNlp();
  return [
    ...new Set((nlp.readDoc(topic).tokens().out(nlp.its.normal) as string[]).filter((word) => /\p{L}/u.test(word))),
  ];
}

function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
