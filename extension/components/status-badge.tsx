import type { BookStatus } from '@chapterwise/shared';

/** 'completed' is green; any other status is yellow with its text (spec, section 3). */
export function StatusBadge({ status }: { status: BookStatus }) {
  const done = status === 'completed';
  return <span className={`badge ${done ? 'badge-green' : 'badge-yellow'}`}>{status}</span>;
}

export function ProgressBar({ percent, label }: { percent: number | null; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
    >
      <div
        className={percent === null ? 'progress-fill progress-indeterminate' : 'progress-fill'}
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}
