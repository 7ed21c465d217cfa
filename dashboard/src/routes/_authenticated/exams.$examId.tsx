import { createFileRoute } from '@tanstack/react-router';
import { ExamPage } from '../../features/exams/exam-page.js';
import { EXAM_MESSAGES, examQueries } from '../../features/exams/queries.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/exams/$examId')({
  loader: ({ context: { queryClient }, preload, params: { examId } }) => {
    // Each section below the header loads on its own, with its own skeleton and retry.
    void queryClient.prefetchQuery(examQueries.readiness(examId));
    void queryClient.prefetchQuery(examQueries.plan(examId));
    void queryClient.prefetchQuery(examQueries.practiceHistory(examId));
    return loadOrLeave(EXAM_MESSAGES.loadFailed, () => queryClient.ensureQueryData(examQueries.detail(examId)), {
      preload,
    });
  },
  component: ExamRoute,
});

function ExamRoute() {
  const { examId } = Route.useParams();
  return <ExamPage key={examId} examId={examId} />;
}
