import { type BookListItem, MESSAGES } from '@chapterwise/shared';
import { toast } from '../../lib/toast.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { toastError } from '../../lib/errors.js';
import { useDeleteBookMutation } from './queries.js';

/** Asks 'Are you sure you want to delete this book?', deletes, and reloads the list. */
export function DeleteBookDialog({ book, onClose }: { book: BookListItem | null; onClose: () => void }) {
  const remove = useDeleteBookMutation({
    onDeleted: () => {
      toast.success(MESSAGES.bookDeleted);
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={book !== null}
      title="Delete book"
      description={MESSAGES.deleteConfirm}
      subject={
        book && <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800">{book.title}</p>
      }
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={() =>
        book &&
        remove.mutate(book.id, {
          onError: (error) => toastError(error, MESSAGES.deleteBookFailed, { preferDetail: false }),
        })
      }
      onClose={onClose}
    />
  );
}
