import { useQuery } from '@tanstack/react-query';
import { libraryQueries } from './queries.js';

/** While the server is away: the chapters whose notes were read on this device (of one book, or all). */
export function SavedChapters({
  userId,
  bookId,
  onOpenChapter,
}: {
  userId: string;
  bookId?: string;
  onOpenChapter: (chapterId: string, bookId: string) => void;
}) {
  const saved = useQuery(libraryQueries.savedChapters(userId));
  const copies = saved.data?.filter(({ chapter }) => !bookId || chapter.book_id === bookId) ?? [];
  if (copies.length === 0) return null;
  return (
    <section className="stack-tight" aria-labelledby="saved-chapters-title">
      <h3 id="saved-chapters-title">Saved chapter notes</h3>
      <p className="muted small">Readable while the server is away: the notes as you last read them.</p>
      <ul className="chapter-list">
        {copies.map(({ chapter }) => (
          <li key={chapter.id}>
            <button type="button" className="chapter-row" onClick={() => onOpenChapter(chapter.id, chapter.book_id)}>
              {chapter.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
