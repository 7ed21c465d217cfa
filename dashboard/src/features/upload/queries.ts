import { type BookListItem } from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { isUnauthorized } from '../../lib/errors.js';
import { accountKeys } from '../account/queries.js';
import { bookKeys } from '../books/queries.js';

// Two uploads at a time: steady progress per file without flooding the server or the connection.
const BATCH_CONCURRENCY = 2;

/** An upload counts against the month's quota, so usage and the library reload before the new book opens. */
export function useUploadBookMutation({
  onProgress,
  onUploaded,
}: {
  onProgress: (percent: number) => void;
  onUploaded: (book: BookListItem) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.uploadBook(file, file.name, onProgress),
    onSuccess: async (book) => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.usage() });
      await queryClient.invalidateQueries({ queryKey: bookKeys.list() });
      await onUploaded(book);
    },
  });
}

export interface BatchUploadItem {
  key: number;
  file: File;
}

export interface BatchUploadReport {
  progress: (key: number, percent: number) => void;
  uploaded: (key: number, book: BookListItem) => void;
  failed: (key: number, error: unknown) => void;
  /** Not sent: the session ended while the batch was running. */
  skipped: (key: number) => void;
}

/** One ordinary upload per PDF keeps every upload rule on the server; usage and library reload once the batch ends. */
export function useBatchUploadMutation({ report, onSettled }: { report: BatchUploadReport; onSettled: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: BatchUploadItem[]) => {
      const queue = [...items];
      let unauthorized: unknown = null;
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const { key, file } = item;
          if (unauthorized) {
            report.skipped(key);
            continue;
          }
          report.progress(key, 0);
          try {
            report.uploaded(key, await api.uploadBook(file, file.name, (percent) => report.progress(key, percent)));
          } catch (error) {
            if (isUnauthorized(error)) unauthorized = error;
            report.failed(key, error);
          }
        }
      };
      await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
      // A 401 goes to the app's session policy (logout), like any other call.
      if (unauthorized) throw unauthorized;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.usage() });
      void queryClient.invalidateQueries({ queryKey: bookKeys.list() });
      onSettled();
    },
  });
}
