import { MESSAGES, type BookListItem, type UpgradeRequired } from '@chapterwise/shared';
import { useRef, useState } from 'react';
import { useBatchUploadMutation } from './queries.js';
import { isPdf, upgradeRequired, uploadErrorMessage } from './upload-error.js';

export const BATCH_MAX_FILES = 20;

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

/** Every PDF goes up with the ordinary upload call, so the quota and every upload rule stay on the server. */
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

  const update = (key: number, state: BatchFileState) => {
    latest.current = latest.current.map((item) => (item.key === key ? { ...item, state } : item));
    setFiles(latest.current);
  };

  const run = useBatchUploadMutation({
    report: {
      progress: (key, progress) => update(key, { status: 'uploading', progress }),
      uploaded: (key, book) => update(key, { status: 'done', book }),
      failed: (key, error) => {
        const overLimit = upgradeRequired(error);
        if (overLimit) onUpgradeRequired(overLimit);
        update(key, { status: 'failed', error: overLimit?.message ?? uploadErrorMessage(error) });
      },
      skipped: (key) => update(key, { status: 'failed', error: MESSAGES.sessionExpired }),
    },
    onSettled: () => onSettled(latest.current),
  });

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
