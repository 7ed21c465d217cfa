import { type BookListItem, MESSAGES } from '@chapterwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { api } from '../../lib/api.js';
import { toastError } from '../../lib/errors.js';
import { bookKeys } from '../books/queries.js';

/** Asks 'Are you sure you want to delete this book?', deletes, and reloads the list. */
export function DeleteBookDialog({ book, onClose }: { book: BookListItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (bookId: string) => api.deleteBook(bookId),
    onSuccess: async (_result, bookId) => {
      toast.success(MESSAGES.bookDeleted);
      onClose();
      queryClient.removeQueries({ queryKey: bookKeys.detail(bookId) });
      await queryClient.invalidateQueries({ queryKey: bookKeys.list() });
    },
    onError: (error) => toastError(error, MESSAGES.deleteBookFailed, { preferDetail: false }),
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
      onConfirm={() => book && remove.mutate(book.id)}
      onClose={onClose}
    />
  );
}
