import type { Exam } from '@chapterwise/shared';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { useDeleteExamMutation } from './queries.js';

/** Asks before an exam goes, saying what goes with it and what stays. */
export function DeleteExamDialog({
  exam,
  onClose,
  onDeleted,
}: {
  exam: Pick<Exam, 'id' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteExamMutation();
  return (
    <ConfirmDialog
      open={exam !== null}
      title="Delete exam"
      description="Are you sure you want to delete this exam? Its plan and practice history go with it; your flashcards and question banks stay."
      subject={
        exam && (
          <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium break-words text-slate-800">
            {exam.name}
          </p>
        )
      }
      confirmLabel="Delete exam"
      busy={remove.isPending}
      onConfirm={() =>
        exam &&
        remove.mutate(exam.id, {
          onSuccess: () => {
            toast.success('Exam deleted');
            onClose();
            onDeleted?.();
          },
          onError: (error) => toastError(error, 'Could not delete the exam.'),
        })
      }
      onClose={onClose}
    />
  );
}
