import { createFileRoute } from '@tanstack/react-router';
import { EXAM_MESSAGES, examQueries } from '../../features/exams/queries.js';
import { PracticeSetupPage } from '../../features/exams/practice-setup-page.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/exams/$examId_/practice')({
  loader: ({ context: { queryClient }, preload, params: { examId } }) => {
    void queryClient.prefetchQuery(examQueries.practiceHistory(examId));
    return loadOrLeave(EXAM_MESSAGES.loadFailed, () => queryClient.ensureQueryData(examQueries.detail(examId)), {
      preload,
    });
  },
  component: PracticeSetupRoute,
});

function PracticeSetupRoute() {
  const { examId } = Route.useParams();
  return <PracticeSetupPage key={examId} examId={examId} />;
}
