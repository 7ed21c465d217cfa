import { MESSAGES, type BookListItem, type UpgradeRequired } from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../lib/api.js';
import { isUnauthorized } from '../../lib/errors.js';
import { accountKeys } from '../account/queries.js';
import { bookKeys } from '../books/queries.js';
import { isPdf, upgradeRequired, uploadErrorMessage } from './upload-error.js';

/** PDFs taken from one drop; more are left for the next batch. */
export const BATCH_MAX_FILES = 20;
// Two uploads at a time: steady progress per file without flooding the server or the connection.
const BATCH_CONCURRENCY = 2;

export type BatchFileState =
  | { status: 'waiting' }
  | { status: 'uploading'; progress: number }
  | { status: 'done'; book: BookListItem }
  | { status: 'failed'; error: string };

export interface BatchFile {
  key: number;
  file: File;
  state: BatchFileState;
}

export interface BatchSummary {
  total: number;
  done: number;
  failed: number;
}

export function summarize(files: BatchFile[]): BatchSummary {
  return {
    total: files.length,
    done: files.filter((item) => item.state.status === 'done').length,
    failed: files.filter((item) => item.state.status === 'failed').length,
  };
}

/**
 * Batch mode of the upload page (Premium): every PDF of a drop goes up with its own request to the
 * ordinary upload call, so the quota and every upload rule stay on the server. Files that are not PDFs
 * fail at once with the spec's message and are never sent.
 */
export function useBatchUpload({
  onUpgradeRequired,
  onSettled,
}: {
  onUpgradeRequired: (limit: UpgradeRequired) => void;
  onSettled: (files: BatchFile[]) => void;
}) {
  const [files, setFiles] = useState<BatchFile[]>([]);
  const nextKey = useRef(0);
  const latest = useRef<BatchFile[]>([]);
  const queryClient = useQueryClient();

  const update = (key: number, state: BatchFileState) => {
    latest.current = latest.current.map((item) => (item.key === key ? { ...item, state } : item));
    setFiles(latest.current);
  };

  const run = useMutation({
    mutationFn: async (queue: BatchFile[]) => {
      let unauthorized: unknown = null;
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          if (unauthorized) {
            update(item.key, { status: 'failed', error: MESSAGES.sessionExpired });
            continue;
          }
          update(item.key, { status: 'uploading', progress: 0 });
          const key = item.key;
          try {
            const book = await api.uploadBook(item.file, item.file.name, (progress) =>
              update(key, { status: 'uploading', progress }),
            );
            update(key, { status: 'done', book });
          } catch (error) {
            if (isUnauthorized(error)) unauthorized = error;
            const overLimit = upgradeRequired(error);
            if (overLimit) onUpgradeRequired(overLimit);
            update(key, { status: 'failed', error: overLimit?.message ?? uploadErrorMessage(error) });
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
      onSettled(latest.current);
    },
  });

  /** Starts a batch with the files of one drop (replacing the previous batch's list). */
  const start = (dropped: File[]) => {
    const batch: BatchFile[] = dropped.map((file) => ({
      key: nextKey.current++,
      file,
      state: isPdf(file) ? { status: 'waiting' } : { status: 'failed', error: MESSAGES.notAPdf },
    }));
    latest.current = batch;
    setFiles(batch);
    const queue = batch.filter((item) => item.state.status === 'waiting');
    if (queue.length > 0) run.mutate(queue);
    else onSettled(batch);
  };

  return { files, start, running: run.isPending };
}
