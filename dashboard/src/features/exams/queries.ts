import type {
  CreateExamRequest,
  CreatePracticeRequest,
  CreateQuestionRequest,
  Exam,
  FlagQuestionRequest,
  PracticeAnswersRequest,
  PracticeExam,
  PracticeResult,
  QuestionBankQuery,
  UpdateExamRequest,
  UpdateQuestionRequest,
} from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { studioKeys } from '../studio/queries.js';

export const examKeys = {
  all: ['exams'] as const,
  list: () => [...examKeys.all, 'list'] as const,
  today: () => [...examKeys.all, 'today'] as const,
  detail: (examId: string) => [...examKeys.all, 'detail', examId] as const,
  plan: (examId: string) => [...examKeys.detail(examId), 'plan'] as const,
  readiness: (examId: string) => [...examKeys.detail(examId), 'readiness'] as const,
  practiceHistory: (examId: string) => [...examKeys.detail(examId), 'practice'] as const,
  practice: (practiceId: string) => [...examKeys.all, 'practice', practiceId] as const,
  questions: (bookId: string, query: QuestionBankQuery = {}) =>
    [...examKeys.all, 'questions', bookId, query.chapter_id ?? 'all', query.kind ?? 'all'] as const,
  bookQuestions: (bookId: string) => [...examKeys.all, 'questions', bookId] as const,
};

export const examQueries = {
  list: () => queryOptions({ queryKey: examKeys.list(), queryFn: () => api.listExams() }),
  today: () => queryOptions({ queryKey: examKeys.today(), queryFn: () => api.today() }),
  detail: (examId: string) => queryOptions({ queryKey: examKeys.detail(examId), queryFn: () => api.getExam(examId) }),
  plan: (examId: string) => queryOptions({ queryKey: examKeys.plan(examId), queryFn: () => api.examPlan(examId) }),
  readiness: (examId: string) =>
    queryOptions({
      queryKey: examKeys.readiness(examId),
      queryFn: () => api.examReadiness(examId),
    }),
  practiceHistory: (examId: string) =>
    queryOptions({
      queryKey: examKeys.practiceHistory(examId),
      queryFn: () => api.listPractice(examId),
    }),
  /** A practice exam, to take or resume; once answered its result comes with it. */
  practice: (practiceId: string) =>
    queryOptions({
      queryKey: examKeys.practice(practiceId),
      queryFn: () => api.getPractice(practiceId),
      // The questions of an attempt never change: refetching would only reorder nothing and cost a phone's data.
      staleTime: Infinity,
    }),
  questions: (bookId: string, query: QuestionBankQuery = {}) =>
    queryOptions({
      queryKey: examKeys.questions(bookId, query),
      queryFn: () => api.listQuestions(bookId, query),
    }),
};

/** The browser's IANA time zone: the plan's days are the student's days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// An exam's change moves its plan, readiness and today's work, and the list's summary.
function useInvalidateExams() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: examKeys.all });
}

export function useCreateExamMutation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateExams();
  return useMutation({
    mutationFn: (body: CreateExamRequest) => api.createExam({ time_zone: browserTimeZone(), ...body }),
    onSuccess: async (exam: Exam) => {
      await invalidate();
      queryClient.setQueryData(examKeys.detail(exam.id), exam);
    },
  });
}

export function useUpdateExamMutation(examId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateExams();
  return useMutation({
    mutationFn: (body: UpdateExamRequest) => api.updateExam(examId, body),
    onSuccess: async (exam: Exam) => {
      queryClient.setQueryData(examKeys.detail(examId), exam);
      await invalidate();
    },
  });
}

export function useDeleteExamMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (examId: string) => api.deleteExam(examId),
    onSuccess: async (_answer, examId) => {
      queryClient.removeQueries({ queryKey: examKeys.detail(examId) });
      await queryClient.invalidateQueries({ queryKey: examKeys.list() });
      await queryClient.invalidateQueries({ queryKey: examKeys.today() });
    },
  });
}

/** Starts a practice exam; its questions are cached so the practice page opens without asking again. */
export function useCreatePracticeMutation(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePracticeRequest) => api.createPractice(examId, body),
    onSuccess: (practice: PracticeExam) => queryClient.setQueryData(examKeys.practice(practice.id), practice),
  });
}

/** Grades a practice exam: the result joins the attempt, and readiness, history and due cards move. */
export function useAnswerPracticeMutation(practice: Pick<PracticeExam, 'id' | 'exam_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PracticeAnswersRequest) => api.answerPractice(practice.id, body),
    onSuccess: async (result: PracticeResult) => {
      queryClient.setQueryData(examKeys.practice(practice.id), (old) => old && { ...old, result });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: examKeys.detail(practice.exam_id) }),
        queryClient.invalidateQueries({ queryKey: examKeys.list() }),
        queryClient.invalidateQueries({ queryKey: examKeys.today() }),
        // Wrong answers became due cards.
        queryClient.invalidateQueries({ queryKey: studioKeys.all }),
      ]);
    },
  });
}

// A question's change moves the bank's counts and what practice exams and readiness can ask.
function useInvalidateBank(bookId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: examKeys.bookQuestions(bookId) });
}

export function useAddQuestionMutation(bookId: string) {
  const invalidate = useInvalidateBank(bookId);
  return useMutation({
    mutationFn: (body: CreateQuestionRequest) => api.addQuestion(bookId, body),
    onSuccess: invalidate,
  });
}

export function useUpdateQuestionMutation(bookId: string) {
  const invalidate = useInvalidateBank(bookId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateQuestionRequest }) => api.updateQuestion(id, body),
    onSuccess: invalidate,
  });
}

/** Flags a question as wrong (never asked again) or takes the flag back, from the bank or a practice result. */
export function useFlagQuestionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FlagQuestionRequest }) => api.flagQuestion(id, body),
    onSuccess: (question) => queryClient.invalidateQueries({ queryKey: examKeys.bookQuestions(question.book_id) }),
  });
}

/** The plan as an `.ics` file, saved under the exam's name (fetched with the bearer token, so not a plain link). */
export function useDownloadCalendarMutation(exam: Pick<Exam, 'id' | 'name'>) {
  return useMutation({
    mutationFn: async () => {
      const url = URL.createObjectURL(await api.examCalendar(exam.id));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${
        exam.name
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'exam'
      }-plan.ics`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/** Messages of the exam screens' loaders (the toast before going back). */
export const EXAM_MESSAGES = {
  loadFailed: 'Failed to load exam',
  loadPracticeFailed: 'Failed to load the practice exam',
} as const;
