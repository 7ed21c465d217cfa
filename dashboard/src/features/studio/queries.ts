import type {
  CreateFlashcardRequest,
  Flashcard,
  QuizAnswersRequest,
  ReviewRating,
  UpdateFlashcardRequest,
} from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.js';

export const studioKeys = {
  all: ['studio'] as const,
  cards: (chapterId: string) => [...studioKeys.all, 'cards', chapterId] as const,
  due: (bookId?: string) => [...studioKeys.all, 'due', bookId ?? 'library'] as const,
  progress: (bookId: string) => [...studioKeys.all, 'progress', bookId] as const,
  quizAttempts: (chapterId: string) => [...studioKeys.all, 'quiz-attempts', chapterId] as const,
};

export const studioQueries = {
  cards: (chapterId: string) =>
    queryOptions({ queryKey: studioKeys.cards(chapterId), queryFn: () => api.listFlashcards(chapterId) }),
  /** Cards due now for one book, or the whole library without a book. */
  due: (bookId?: string) =>
    queryOptions({ queryKey: studioKeys.due(bookId), queryFn: () => api.dueFlashcards(bookId), staleTime: 30_000 }),
  progress: (bookId: string) =>
    queryOptions({ queryKey: studioKeys.progress(bookId), queryFn: () => api.studyProgress(bookId) }),
  quizAttempts: (chapterId: string) =>
    queryOptions({ queryKey: studioKeys.quizAttempts(chapterId), queryFn: () => api.listQuizAttempts(chapterId) }),
};

// Any change to cards changes due counts and progress: refresh everything the studio shows.
function useInvalidateStudio() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studioKeys.all });
}

export function useGenerateFlashcardsMutation(chapterId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: () => api.generateFlashcards(chapterId),
    onSuccess: async (cards) => {
      queryClient.setQueryData(studioKeys.cards(chapterId), cards);
      await invalidate();
    },
  });
}

export function useAddFlashcardMutation(chapterId: string) {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: (body: CreateFlashcardRequest) => api.addFlashcard(chapterId, body),
    onSuccess: invalidate,
  });
}

export function useUpdateFlashcardMutation() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFlashcardRequest }) => api.updateFlashcard(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteFlashcardMutation() {
  const invalidate = useInvalidateStudio();
  return useMutation({ mutationFn: (card: Flashcard) => api.deleteFlashcard(card.id), onSuccess: invalidate });
}

/** Rates a card; the queue is refreshed by the review screen when a session ends, not after every card. */
export function useReviewMutation() {
  return useMutation({
    mutationFn: ({ id, rating }: { id: string; rating: ReviewRating }) => api.reviewFlashcard(id, rating),
  });
}

export function useCreateQuizMutation(chapterId: string) {
  return useMutation({ mutationFn: () => api.createQuiz(chapterId) });
}

export function useAnswerQuizMutation(bookId: string, chapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, body }: { quizId: string; body: QuizAnswersRequest }) => api.answerQuiz(quizId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.progress(bookId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.quizAttempts(chapterId) }),
      ]),
  });
}

/** Records that the chapter's notes were read; the book's progress shows it. */
export function useMarkSummaryReadMutation(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapterId: string) => api.markSummaryRead(chapterId, true),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.progress(bookId) }),
  });
}

export function useExportFlashcardsMutation(bookId: string, title: string) {
  return useMutation({
    mutationFn: async (format: 'apkg' | 'csv') => {
      const blob = await api.exportFlashcards(bookId, format);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60) || 'flashcards'}.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/** Progress of making every chapter's flashcards: chapters done of all, and cards made so far. */
export interface BookFlashcardsProgress {
  done: number;
  total: number;
  cards: number;
}

/**
 * Makes flashcards for each chapter in turn (one request at a time: each is a chapter's worth of work for the
 * engine); `progress` says how far it is. A chapter that fails is skipped and counted.
 */
export function useGenerateBookFlashcardsMutation() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BookFlashcardsProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (chapterIds: readonly string[]) => {
      const made: BookFlashcardsProgress = { done: 0, total: chapterIds.length, cards: 0 };
      let failed = 0;
      setProgress({ ...made });
      for (const chapterId of chapterIds) {
        try {
          const cards = await api.generateFlashcards(chapterId);
          queryClient.setQueryData(studioKeys.cards(chapterId), cards);
          made.cards += cards.length;
        } catch {
          failed += 1;
        }
        made.done += 1;
        setProgress({ ...made });
      }
      return { ...made, failed };
    },
    onSettled: async () => {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: studioKeys.all });
    },
  });
  return { ...mutation, progress };
}
