import { MESSAGES, type UpgradeRequired } from '@chapterwise/shared';
import { openUploadedBook } from './open-uploaded-book.js';
import { useNavigate } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { toast } from '../../lib/toast.js';
import { BackLink } from '../../components/back-link.js';
import { DropZone } from './drop-zone.js';
import { isUnauthorized } from '../../lib/errors.js';
import { useSession } from '../../lib/session.js';
import { BatchUpload } from './batch-upload.js';
import { useUploadBookMutation } from './queries.js';
import { isPdf, upgradeRequired, uploadErrorMessage } from './upload-error.js';
import { UploadLimitDialog } from './upload-limit-dialog.js';

const NEXT_STEPS = [
  {
    title: 'We extract the text',
    text: 'Every page is read — scanned pages too, with OCR.',
  },
  {
    title: 'AI detects the chapters',
    text: 'Your book is split into its real chapters, ready to study.',
  },
  {
    title: 'Summaries, audio and presentations on demand',
    text: 'Generate chapter and book summaries, key topics, audio and slides whenever you need them.',
  },
];

export function UploadPage() {
  const [limit, setLimit] = useState<UpgradeRequired | null>(null);
  // Batch upload is a Premium feature (spec §6); the other plans keep one PDF per drop.
  const batch = useSession().user?.plan === 'premium';

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>Upload a Book · ChapterWise</title>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Upload a Book</h1>
      <p className="mt-1.5 text-slate-600">
        {batch
          ? "Add one PDF or a whole stack — regular or scanned — and we'll turn each into a study kit."
          : "Add a PDF — a regular or a scanned one — and we'll turn it into a study kit."}
      </p>

      {batch ? <BatchUpload onUpgradeRequired={setLimit} /> : <SingleUpload onUpgradeRequired={setLimit} />}

      <section aria-labelledby="next-steps" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
          What happens next?
        </h2>
        <ol className="mt-4 space-y-4">
          {NEXT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <div>
                <p className="font-medium text-slate-900">{step.title}</p>
                <p className="text-sm text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <UploadLimitDialog limit={limit} onClose={() => setLimit(null)} />
    </main>
  );
}

/** The spec's drop zone: one PDF per drop, then straight to the new book. */
function SingleUpload({ onUpgradeRequired }: { onUpgradeRequired: (limit: UpgradeRequired) => void }) {
  const [progress, setProgress] = useState(0);
  const navigate = useNavigate();

  const upload = useUploadBookMutation({
    onProgress: setProgress,
    onUploaded: (book) => openUploadedBook(navigate, book),
  });
  const uploading = upload.isPending;

  const dropzone = useDropzone({
    accept: { 'application/pdf': ['.pdf'] },
    multiple: false,
    maxFiles: 1,
    disabled: uploading,
    onDrop: (accepted, rejected) => {
      const [file] = accepted;
      if (rejected.length > 0 || accepted.length !== 1 || !file || !isPdf(file)) {
        toast.error(MESSAGES.notAPdf);
        return;
      }
      setProgress(0);
      upload.mutate(file, {
        onError: (error) => {
          setProgress(0);
          if (isUnauthorized(error)) return;
          const overLimit = upgradeRequired(error);
          if (overLimit) onUpgradeRequired(overLimit);
          else toast.error(uploadErrorMessage(error));
        },
      });
    },
  });

  return (
    <>
      <DropZone
        dropzone={dropzone}
        busy={uploading}
        busyTitle="Processing your book..."
        progress={{ value: progress, label: 'Upload progress', text: `${progress}%` }}
        announceProgress
        icon={<FileUp className="size-8" aria-hidden="true" />}
        title="Drag & drop your PDF here"
        dragTitle="Drop your PDF here"
        footnote={<p className="mt-4 text-xs text-slate-500">One PDF file at a time</p>}
        className="min-h-72 py-12"
      />
    </>
  );
}
