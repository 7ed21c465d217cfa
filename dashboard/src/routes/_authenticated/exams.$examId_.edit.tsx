import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { bookQueries } from '../../features/books/queries.js';
import { ExamFormPage } from '../../features/exams/exam-form-page.js';
import { EXAM_MESSAGES, examQueries } from '../../features/exams/queries.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/exams/$examId_/edit')({
  loader: ({ context: { queryClient }, preload, params: { examId } }) =>
    loadOrLeave(
      EXAM_MESSAGES.loadFailed,
      () =>
        Promise.all([
          queryClient.ensureQueryData({ ...examQueries.detail(examId), revalidateIfStale: true }),
          queryClient.ensureQueryData(bookQueries.list()),
        ]),
      { preload },
    ),
  component: EditExamRoute,
});

function EditExamRoute() {
  const { examId } = Route.useParams();
  const { data: exam } = useSuspenseQuery(examQueries.detail(examId));
  return <ExamFormPage key={examId} exam={exam} />;
}
