import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { bookKeys } from '../books/queries.js';

/** The dialog closes once the server has deleted the book; its cached page goes and the library reloads after. */
export function useDeleteBookMutation({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) => api.deleteBook(bookId),
    onSuccess: async (_result, bookId) => {
      onDeleted();
      queryClient.removeQueries({ queryKey: bookKeys.detail(bookId) });
      await queryClient.invalidateQueries({ queryKey: bookKeys.list() });
    },
  });
}
