import { MESSAGES, type BookListItem } from '@chapterwise/shared';
import type { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';

/**
 * After an upload the book page opens. "Uploaded and processed" is said there once processing has
 * finished (the page shows live progress until then); a file already in the library opens its book.
 */
export function openUploadedBook(navigate: ReturnType<typeof useNavigate>, book: BookListItem): Promise<void> {
  if (book.already_in_library) toast.info(MESSAGES.alreadyInLibrary);
  return navigate({
    to: '/books/$bookId',
    params: { bookId: book.id },
    state: book.already_in_library ? {} : { justUploaded: true },
  });
}
