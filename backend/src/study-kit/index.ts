/**
 * The study kit: everything ChapterWise knows about turning a book's pages into study material, with no
 * framework, no I/O and no network. Adapters (the offline engine's worker, the model engine) and the
 * benches use it through this door only.
 */
export type {
  AnswerPassage,
  BookInput,
  ChapterInput,
  FlashcardDraft,
  FlashcardDrafts,
  FlashcardsInput,
  GroundedAnswer,
  QuizInput,
  QuizQuestionDraft,
  StudyPage,
  TopicDraft,
} from './types.js';

// Text: cleaning a chapter's pages, sentences, hygiene, readability, citations.
export { analyseSegments, cleanPageTexts, wordCount } from './text/chapter-text.js';
export {
  hygieneReport,
  needsAntecedent,
  repairSentence,
  sentenceKey,
  sentenceProblem,
} from './text/sentence-hygiene.js';
export { ELI12_MAX_GRADE, fleschKincaidGrade } from './text/readability.js';
export {
  citedLabels,
  formatPageCitation,
  hasPageCitation,
  removeUnknownCitations,
  stripPageCitations,
} from './text/page-citations.js';
export { pageRank, selectSummarySentences } from './ranking/sentence-ranking.js';

// Terms the book gives.
export { indexEntriesOf } from './terms/book-index.js';

// Stages, and the chapter analysed once for every composer.
export { analyseChapter, teachingPages, type AnalysedChapter } from './analyse-chapter.js';
export { compareNumbers, sectionTree, type Section, type SectionTree } from './stages/section-tree.js';
export { chapterTerms, glossaryOf, type ChapterTerms } from './stages/terms.js';
export {
  pageBlocks,
  exerciseTitleLines,
  isCodeLine,
  isFormulaLine,
  roleOfHeading,
  type Block,
  type BlockKind,
  type SectionRole,
} from './stages/blocks.js';

// Composers: one product each.
export {
  bookNotes,
  chapterNotes,
  chapterTopics,
  explainSimply,
  isTopicTitle,
  offlineBookSummaryWords,
  offlineChapterSummaryWords,
} from './composers/notes.js';
export { explainTopic } from './composers/eli12.js';
export {
  escapeRegExp,
  notesProse,
  renderNotesMarkdown,
  singularKey,
  type KeyTerm,
  type NoteLine,
  type StudyNotes,
} from './composers/study-notes.js';
export {
  buildOfflineFlashcards,
  cardsWanted,
  chapterCards,
  CLOZE_BLANK,
  MAX_CARDS,
  type StudioCard,
} from './composers/cards.js';
export { isGenericWord } from './composers/concepts.js';
export { BookDeck, withoutRepeats, type DeckCard } from './composers/book-deck.js';
export { buildOfflineQuiz, MIN_QUIZ_QUESTIONS } from './composers/quiz.js';
export {
  answerSupported,
  isStopWord,
  normalise,
  onlyStopWords,
  standsOn,
  wordsOf,
} from './composers/answer-support.js';
export { extractiveAnswer, groundAnswer } from './composers/answers.js';
