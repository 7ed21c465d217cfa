export { buildOfflineFlashcards, CLOZE_BLANK, MAX_CARDS, type StudioCard } from './offline-flashcards.js';
export { buildOfflineQuiz, MIN_QUIZ_QUESTIONS } from './offline-quiz.js';
export { answerSupported, isStopWord, normalise, standsOn, wordsOf } from './answer-support.js';
