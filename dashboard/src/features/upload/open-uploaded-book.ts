import { MESSAGES, type BookListItem } from '@chapterwise/shared';
import type { useNavigate } from '@tanstack/react-router';
import { toast } from '../../lib/toast.js';

/** "Uploaded and processed" is said on the book page once processing has finished. */
export function openUploadedBook(navigate: ReturnType<typeof useNavigate>, book: BookListItem): Promise<void> {
  if (book.already_in_library) toast.info(MESSAGES.alreadyInLibrary);
  return navigate({
    to: '/books/$bookId',
    params: { bookId: book.id },
    state: book.already_in_library ? {} : { justUploaded: true },
  });
}
