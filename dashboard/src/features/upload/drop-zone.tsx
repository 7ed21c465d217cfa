import type { ReactNode } from 'react';
import type { DropzoneState } from 'react-dropzone';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { Spinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/cn.js';

export interface DropZoneProps {
  dropzone: Pick<DropzoneState, 'getRootProps' | 'getInputProps' | 'isDragActive'>;
  busy: boolean;
  busyTitle: string;
  progress: { value: number; label: string; text: string };
  /** Whether screen readers hear the progress as it changes (not when a status line elsewhere says it). */
  announceProgress?: boolean;
  icon: ReactNode;
  title: string;
  dragTitle: string;
  footnote: ReactNode;
  className?: string;
}

export function DropZone({
  dropzone: { getRootProps, getInputProps, isDragActive },
  busy,
  busyTitle,
  progress,
  announceProgress = false,
  icon,
  title,
  dragTitle,
  footnote,
  className,
}: DropZoneProps) {
  return (
    <>
      {/* Outside the drop zone: a button may not contain another control. */}
      <input {...getInputProps()} />
      <div
        {...getRootProps({
          // A button to assistive technology, named by its text: Enter or Space opens the file picker.
          role: 'button',
          'aria-disabled': busy || undefined,
        })}
        className={cn(
          'mt-6 flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 text-center transition-colors',
          busy
            ? 'cursor-not-allowed border-brand-200 bg-white'
            : isDragActive
              ? 'cursor-copy border-brand-500 bg-brand-50'
              : 'cursor-pointer border-slate-300 bg-white hover:border-brand-400 hover:bg-brand-50/40',
          className,
        )}
      >
        {busy ? (
          <div className="w-full max-w-sm text-brand-600" aria-live={announceProgress ? 'polite' : undefined}>
            <Spinner size="lg" label="Uploading" />
            <p className="mt-4 font-semibold text-slate-900">{busyTitle}</p>
            <div className="mt-4 flex items-center gap-3">
              <ProgressBar value={progress.value} label={progress.label} />
              <span className="min-w-10 text-right text-sm font-medium text-slate-700 tabular-nums">
                {progress.text}
              </span>
            </div>
          </div>
        ) : (
          <>
            <div className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
              {icon}
            </div>
            <p className="mt-4 text-lg font-semibold text-slate-900">{isDragActive ? dragTitle : title}</p>
            <p className="mt-1 text-sm text-slate-600">
              or <span className="font-semibold text-brand-600">browse your files</span>
            </p>
            {footnote}
          </>
        )}
      </div>
    </>
  );
}
