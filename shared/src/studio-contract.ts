import { z } from 'zod';
import type { Endpoint } from './contract.js';
import { ErrorResponseSchema } from './schemas/common.schema.js';
import {
  CreateFlashcardRequestSchema,
  DueQueueSchema,
  FlashcardExportQuerySchema,
  FlashcardListSchema,
  FlashcardSchema,
  QuizAnswersRequestSchema,
  QuizResultSchema,
  QuizSchema,
  ReviewRequestSchema,
  StudyProgressSchema,
  SummaryReadRequestSchema,
  SummaryReadSchema,
  UpdateFlashcardRequestSchema,
} from './schemas/studio.schema.js';

const error = (description: string) => ({ description, schema: ErrorResponseSchema });
const id = z.object({ id: z.uuid() });
const notFound = error('Not found, or not yours');
const notReady = error('The book is still being processed or failed');

/** The study studio: flashcards with spaced repetition (FSRS), practice quizzes, Anki/CSV export, progress. */
export const STUDIO_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/chapters/{id}/flashcards',
    tag: 'Studio',
    summary:
      "Generate the chapter's flashcards (question/answer and cloze, each citing its page), replacing cards never reviewed; returns the chapter's cards",
    auth: true,
    params: id,
    responses: {
      200: {
        description:
          "The chapter's cards; the X-Dropped-Cards header counts model cards dropped because their cited page did not support the answer",
        schema: FlashcardListSchema,
      },
      404: notFound,
      409: notReady,
      429: error("Today's AI allowance is used up"),
      503: error('The AI service is not responding'),
    },
  },
  {
    method: 'get',
    path: '/chapters/{id}/flashcards',
    tag: 'Studio',
    summary: "The chapter's flashcards in reading order",
    auth: true,
    params: id,
    responses: { 200: { description: 'Cards', schema: FlashcardListSchema }, 404: notFound },
  },
  {
    method: 'post',
    path: '/chapters/{id}/flashcards/manual',
    tag: 'Studio',
    summary: 'Add a flashcard by hand',
    auth: true,
    params: id,
    body: CreateFlashcardRequestSchema,
    responses: {
      201: { description: 'The new card', schema: FlashcardSchema },
      400: error('A field is missing or too long'),
      404: notFound,
    },
  },
  {
    method: 'patch',
    path: '/flashcards/{id}',
    tag: 'Studio',
    summary: "Edit a card's front, back or page (its schedule is kept)",
    auth: true,
    params: id,
    body: UpdateFlashcardRequestSchema,
    responses: {
      200: { description: 'The card', schema: FlashcardSchema },
      400: error('A field is empty or too long'),
      404: notFound,
    },
  },
  {
    method: 'delete',
    path: '/flashcards/{id}',
    tag: 'Studio',
    summary: 'Delete a card and its review history',
    auth: true,
    params: id,
    responses: { 200: { description: 'Deleted', schema: z.object({ message: z.string() }) }, 404: notFound },
  },
  {
    method: 'get',
    path: '/books/{id}/flashcards/due',
    tag: 'Studio',
    summary: "The book's cards due for review now, oldest first",
    auth: true,
    params: id,
    responses: { 200: { description: 'Due queue', schema: DueQueueSchema }, 404: notFound },
  },
  {
    method: 'get',
    path: '/flashcards/due',
    tag: 'Studio',
    summary: 'Cards due for review now across the whole library, oldest first, with counts per book',
    auth: true,
    responses: { 200: { description: 'Due queue', schema: DueQueueSchema } },
  },
  {
    method: 'post',
    path: '/flashcards/{id}/review',
    tag: 'Studio',
    summary: 'Rate a recall (again, hard, good, easy); FSRS schedules the next review; the review is kept in history',
    auth: true,
    params: id,
    body: ReviewRequestSchema,
    responses: {
      200: { description: 'The card with its new due_at and interval_days', schema: FlashcardSchema },
      400: error('rating is not again, hard, good or easy'),
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/books/{id}/flashcards/export',
    tag: 'Studio',
    summary: "The book's flashcards as an Anki package (.apkg, one note per card, page in the Back field) or CSV",
    auth: true,
    params: id,
    query: FlashcardExportQuerySchema,
    responses: {
      200: { description: 'The file', contentType: 'application/octet-stream' },
      400: error('format is not apkg or csv'),
      404: notFound,
    },
  },
  {
    method: 'post',
    path: '/chapters/{id}/quiz',
    tag: 'Studio',
    summary: 'A new practice quiz (at least 5 multiple-choice questions of 4 options); answers are not included',
    auth: true,
    params: id,
    responses: {
      201: { description: 'The quiz', schema: QuizSchema },
      404: notFound,
      409: error('The book is still being processed, or the chapter has too little text for a quiz'),
      429: error("Today's AI allowance is used up"),
      503: error('The AI service is not responding'),
    },
  },
  {
    method: 'post',
    path: '/quizzes/{id}/answers',
    tag: 'Studio',
    summary: 'Grade an attempt: score, the correct choice, a one-sentence explanation and the page to re-read',
    auth: true,
    params: id,
    body: QuizAnswersRequestSchema,
    responses: {
      200: { description: 'Graded attempt (kept)', schema: QuizResultSchema },
      400: error('An answer names no question of this quiz or an option outside 0-3'),
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/books/{id}/study-progress',
    tag: 'Studio',
    summary: 'Per chapter: summary read, cards learned and due, best quiz score',
    auth: true,
    params: id,
    responses: { 200: { description: 'Progress per chapter', schema: StudyProgressSchema }, 404: notFound },
  },
  {
    method: 'put',
    path: '/chapters/{id}/summary-read',
    tag: 'Studio',
    summary: "Mark the chapter's notes read (the first time is kept) or unread again, for its progress",
    auth: true,
    params: id,
    body: SummaryReadRequestSchema,
    responses: {
      200: { description: "The chapter's read state", schema: SummaryReadSchema },
      400: error('read is not true or false'),
      404: notFound,
      409: error("The chapter's notes are not written yet"),
    },
  },
];
