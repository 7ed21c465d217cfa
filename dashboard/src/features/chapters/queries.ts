import { MESSAGES, type AudioResponse } from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { bookKeys } from '../books/queries.js';

export const chapterKeys = {
  all: ['chapters'] as const,
  detail: (chapterId: string) => [...chapterKeys.all, chapterId] as const,
  topics: (chapterId: string) => [...chapterKeys.detail(chapterId), 'topics'] as const,
};

export const chapterQueries = {
  detail: (chapterId: string) =>
    queryOptions({ queryKey: chapterKeys.detail(chapterId), queryFn: () => api.getChapter(chapterId) }),
  topics: (chapterId: string) =>
    queryOptions({ queryKey: chapterKeys.topics(chapterId), queryFn: () => api.listTopics(chapterId) }),
};

export function useSummarizeChapterMutation(chapterId: string, bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.summarizeChapter(chapterId),
    onSuccess: async ({ summary }) => {
      queryClient.setQueryData(chapterQueries.detail(chapterId).queryKey, (old) => old && { ...old, summary });
      toast.success(MESSAGES.chapterSummaryGenerated);
      // Read again for who wrote the notes: extractive ones stand in when the model's were unusable.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chapterKeys.detail(chapterId), exact: true }),
        queryClient.invalidateQueries({ queryKey: bookKeys.chapters(bookId) }),
      ]);
    },
    onError: (error) => toastError(error, MESSAGES.summaryFailed, { preferDetail: false }),
  });
}

/** "Extract Topics" of a chapter; the list is replaced by the response (spec §4). */
export function useExtractTopicsMutation(chapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.extractTopics(chapterId),
    onSuccess: (extracted) => {
      queryClient.setQueryData(chapterQueries.topics(chapterId).queryKey, extracted);
      toast.success(MESSAGES.topicsExtracted);
    },
    onError: (error) => toastError(error, MESSAGES.topicsFailed),
  });
}

/** The explanation joins its topic in the cached list, so the card shows it without reloading the topics. */
export function useExplainTopicMutation(
  chapterId: string,
  topicId: string,
  { onExplained, onFailed }: { onExplained: () => void; onFailed: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.explainTopic(topicId),
    onSuccess: ({ eli12_summary }) => {
      queryClient.setQueryData(chapterQueries.topics(chapterId).queryKey, (topics) =>
        topics?.map((item) => (item.id === topicId ? { ...item, eli12_summary } : item)),
      );
      onExplained();
    },
    onError: onFailed,
  });
}

export function useChapterAudioMutation(
  chapterId: string,
  { onReady, onFailed }: { onReady: (audio: AudioResponse) => void; onFailed: (error: unknown) => void },
) {
  return useMutation({
    mutationFn: () => api.generateAudio({ content_type: 'chapter', content_id: chapterId }),
    onSuccess: onReady,
    onError: onFailed,
  });
}
