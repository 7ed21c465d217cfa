import { type UpgradeRequired } from '@chapterwise/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CircleAlert, CircleCheck, Clock, FileText, Files, Layers } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { toast } from '../../lib/toast.js';
import { Badge } from '../../components/ui/badge.js';
import { buttonClasses } from '../../components/ui/button.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { DropZone } from './drop-zone.js';
import { openUploadedBook } from './open-uploaded-book.js';
import { BATCH_MAX_FILES, summarize, useBatchUpload, type BatchFile } from './use-batch-upload.js';

function batchResult(done: number, total: number): string {
  if (done === total) return `${total} ${total === 1 ? 'book' : 'books'} uploaded`;
  return `${done} of ${total} books uploaded`;
}

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function BatchUpload({ onUpgradeRequired }: { onUpgradeRequired: (limit: UpgradeRequired) => void }) {
  const navigate = useNavigate();
  const { files, start, running } = useBatchUpload({
    onUpgradeRequired,
    onSettled: (settled) => {
      const { total, done } = summarize(settled);
      const [only] = settled;
      // One PDF in batch mode behaves like the ordinary upload: straight to the new book.
      if (total === 1 && only?.state.status === 'done') {
        void openUploadedBook(navigate, only.state.book);
        return;
      }
      if (total === 1) return;
      if (done === total) toast.success(`${batchResult(done, total)}. Processing continues in your library.`);
      else toast.warning(`${batchResult(done, total)}. See the list for what went wrong.`);
    },
  });

  const dropzone = useDropzone({
    accept: { 'application/pdf': ['.pdf'] },
    multiple: true,
    disabled: running,
    onDrop: (accepted, rejected) => {
      // Rejected files stay in the list with their error: the batch reports every file it was given.
      const dropped = [...accepted, ...rejected.map((rejection) => rejection.file)];
      if (dropped.length === 0) return;
      if (dropped.length > BATCH_MAX_FILES) {
        toast.info(`Up to ${BATCH_MAX_FILES} files per batch: the first ${BATCH_MAX_FILES} are uploading now.`);
      }
      start(dropped.slice(0, BATCH_MAX_FILES));
    },
  });

  const { total, done, failed } = summarize(files);
  const finished = done + failed;
  const overall =
    total === 0
      ? 0
      : files.reduce((sum, item) => {
          const { state } = item;
          if (state.status === 'done' || state.status === 'failed') return sum + 100;
          return sum + (state.status === 'uploading' ? state.progress : 0);
        }, 0) / total;

  return (
    <>
      <DropZone
        dropzone={dropzone}
        busy={running}
        busyTitle="Processing your books..."
        progress={{ value: overall, label: 'Batch progress', text: `${finished} / ${total}` }}
        icon={<Files className="size-8" aria-hidden="true" />}
        title="Drag & drop your PDFs here"
        dragTitle="Drop your PDFs here"
        footnote={
          <p className="mt-4 flex flex-wrap items-center justify-center gap-2 text-xs text-slate-500">
            <Badge tone="brand">
              <Layers className="size-3.5" aria-hidden="true" />
              Batch upload
            </Badge>
            {`Up to ${BATCH_MAX_FILES} PDFs at a time`}
          </p>
        }
        className="min-h-64 py-10"
      />

      {files.length > 0 && (
        <section
          aria-labelledby="batch-heading"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
            <h2 id="batch-heading" className="text-lg font-semibold text-slate-900">
              This batch
            </h2>
            <p className="text-sm text-slate-600" role="status">
              {running
                ? `Uploading… ${finished} of ${total} done`
                : `${batchResult(done, total)}${failed > 0 ? `, ${failed} failed` : ''}`}
            </p>
          </div>
          <ul className="mt-4 divide-y divide-slate-100">
            {files.map((item) => (
              <BatchFileRow key={item.key} item={item} />
            ))}
          </ul>
          {!running && done > 0 && (
            <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
              <Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
                Go to your library
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
          )}
        </section>
      )}
    </>
  );
}

function BatchFileRow({ item }: { item: BatchFile }) {
  const { state, file } = item;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <FileText className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-xs text-slate-500">{fileSize(file.size)}</p>
        </div>
      </div>
      <div className="pl-8 sm:w-64 sm:shrink-0 sm:pl-0">
        {state.status === 'waiting' && (
          <p className="flex items-center gap-1.5 text-sm text-slate-500">
            <Clock className="size-4" aria-hidden="true" />
            Waiting
          </p>
        )}
        {state.status === 'uploading' && (
          <div className="flex items-center gap-3">
            <ProgressBar value={state.progress} label={`Uploading ${file.name}`} />
            <span className="w-10 text-right text-sm font-medium text-slate-700 tabular-nums">{`${state.progress}%`}</span>
          </div>
        )}
        {state.status === 'done' && (
          <p className="flex items-center gap-1.5 text-sm">
            <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            <span className="text-emerald-700">Uploaded</span>
            <span aria-hidden="true" className="text-slate-300">
              ·
            </span>
            <Link
              to="/books/$bookId"
              params={{ bookId: state.book.id }}
              className="truncate font-semibold text-brand-600 hover:underline"
            >
              Open book<span className="sr-only">{`: ${state.book.title}`}</span>
            </Link>
          </p>
        )}
        {state.status === 'failed' && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-red-600">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {state.error}
          </p>
        )}
      </div>
    </li>
  );
}
