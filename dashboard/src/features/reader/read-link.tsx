import { Link } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.js';

/** The "Read" button of the book and chapter pages: the reader at a page. */
export function ReadLink({ bookId, page, className }: { bookId: string; page?: number; className?: string }) {
  return (
    <Link
      to="/books/$bookId/read"
      params={{ bookId }}
      search={{ page: page ?? 1 }}
      className={buttonClasses({ variant: 'primary', className })}
    >
      <BookOpen className="size-4" aria-hidden="true" />
      Read
    </Link>
  );
}
