import { createFileRoute } from '@tanstack/react-router';
import { EXAM_MESSAGES, examQueries } from '../../features/exams/queries.js';
import { PracticePage } from '../../features/exams/practice-page.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/practice/$practiceId')({
  loader: ({ context: { queryClient }, preload, params: { practiceId } }) =>
    loadOrLeave(
      EXAM_MESSAGES.loadPracticeFailed,
      async () => {
        const practice = await queryClient.ensureQueryData(examQueries.practice(practiceId));
        // The exam names the chapters and their books (for "Re-read p. N").
        await queryClient.ensureQueryData(examQueries.detail(practice.exam_id));
      },
      { preload },
    ),
  component: PracticeRoute,
});

function PracticeRoute() {
  const { practiceId } = Route.useParams();
  return <PracticePage key={practiceId} practiceId={practiceId} />;
}
