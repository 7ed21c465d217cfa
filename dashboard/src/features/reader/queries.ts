import {
  MESSAGES,
  type CreateHighlightRequest,
  type ExplainSelectionRequest,
  type Highlight,
  type UpdateHighlightRequest,
} from '@chapterwise/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { downloadFile } from '../../lib/new-tab.js';

export const readerKeys = {
  all: ['reader'] as const,
  book: (bookId: string) => [...readerKeys.all, bookId] as const,
  pageLabels: (bookId: string) => [...readerKeys.book(bookId), 'page-labels'] as const,
  highlights: (bookId: string) => [...readerKeys.book(bookId), 'highlights'] as const,
  find: (bookId: string, query: string) => [...readerKeys.book(bookId), 'find', query] as const,
};

export const readerQueries = {
  // Labels change only when a book is re-read: keep them for the session.
  pageLabels: (bookId: string) =>
    queryOptions({
      queryKey: readerKeys.pageLabels(bookId),
      queryFn: () => api.pageLabels(bookId),
      staleTime: Infinity,
    }),
  highlights: (bookId: string) =>
    queryOptions({ queryKey: readerKeys.highlights(bookId), queryFn: () => api.listHighlights(bookId) }),
  // A book's text does not change while it is read: one answer per query for the session.
  find: (bookId: string, query: string) =>
    queryOptions({
      queryKey: readerKeys.find(bookId, query),
      queryFn: () => api.findInBook(bookId, query),
      staleTime: Infinity,
    }),
};

function useSetHighlights(bookId: string) {
  const queryClient = useQueryClient();
  return (update: (list: Highlight[]) => Highlight[]) =>
    queryClient.setQueryData(readerKeys.highlights(bookId), (list: Highlight[] | undefined) =>
      update(list ?? []).sort((a, b) => a.page - b.page),
    );
}

export function useCreateHighlightMutation(bookId: string) {
  const setHighlights = useSetHighlights(bookId);
  return useMutation({
    mutationFn: (body: CreateHighlightRequest) => api.createHighlight(bookId, body),
    onSuccess: (created) => {
      setHighlights((list) => [...list, created]);
      toast.success(created.note ? 'Note added' : 'Highlighted');
    },
    onError: (error) => toastError(error, 'Failed to save the highlight'),
  });
}

export function useUpdateHighlightMutation(bookId: string) {
  const setHighlights = useSetHighlights(bookId);
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateHighlightRequest & { id: string }) => api.updateHighlight(id, body),
    onSuccess: (updated) => {
      setHighlights((list) => list.map((item) => (item.id === updated.id ? updated : item)));
      toast.success('Note saved');
    },
    onError: (error) => toastError(error, 'Failed to save the note'),
  });
}

export function useDeleteHighlightMutation(bookId: string) {
  const setHighlights = useSetHighlights(bookId);
  return useMutation({
    mutationFn: (id: string) => api.deleteHighlight(id).then(() => id),
    onSuccess: (id) => {
      setHighlights((list) => list.filter((item) => item.id !== id));
      toast.success('Highlight deleted');
    },
    onError: (error) => toastError(error, 'Failed to delete the highlight'),
  });
}

export function useExplainSelectionMutation(bookId: string) {
  return useMutation({
    mutationFn: (body: ExplainSelectionRequest) => api.explainSelection(bookId, body),
    onError: (error) => toastError(error, MESSAGES.eli12Failed, { preferDetail: false }),
  });
}

/** Downloads the book's highlights and notes as a Markdown file. */
export function useExportNotesMutation(bookId: string, title: string) {
  return useMutation({
    mutationFn: () => api.notesMarkdown(bookId),
    onSuccess: (markdown) => {
      const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown' }));
      downloadFile(url, `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'book'} - notes.md`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => toastError(error, 'Failed to export the notes'),
  });
}
