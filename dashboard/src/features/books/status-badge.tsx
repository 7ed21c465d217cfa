import { type BookStatus } from '@chapterwise/shared';
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';

/** 'completed' is green; every other status is yellow and shows its text (spec §3). */
export function StatusBadge({ status }: { status: BookStatus }) {
  if (status === 'completed') {
    return (
      <Badge tone="green">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        completed
      </Badge>
    );
  }
  const Icon = status === 'failed' ? TriangleAlert : LoaderCircle;
  return (
    <Badge tone="yellow">
      <Icon className={status === 'failed' ? 'size-3.5' : 'size-3.5 animate-spin'} aria-hidden="true" />
      {status.replaceAll('_', ' ')}
    </Badge>
  );
}
