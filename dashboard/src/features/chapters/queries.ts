import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

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
