import { MESSAGES } from '@chapterwise/shared';
import { createFileRoute } from '@tanstack/react-router';
import { bookQueries } from '../../features/books/queries.js';
import { ChapterPage } from '../../features/chapters/chapter-page.js';
import { chapterQueries } from '../../features/chapters/queries.js';
import { studioQueries } from '../../features/studio/queries.js';
import { loadOrLeave } from '../../lib/load-or-leave.js';

export const Route = createFileRoute('/_authenticated/chapters/$chapterId')({
  loader: ({ context: { queryClient }, preload, params: { chapterId } }) =>
    loadOrLeave(
      MESSAGES.loadChapterFailed,
      async () => {
        const [chapter] = await Promise.all([
          queryClient.ensureQueryData(chapterQueries.detail(chapterId)),
          queryClient.ensureQueryData(chapterQueries.topics(chapterId)),
          queryClient.ensureQueryData(studioQueries.cards(chapterId)),
        ]);
        await Promise.all([
          queryClient.ensureQueryData(bookQueries.detail(chapter.book_id)),
          queryClient.ensureQueryData(bookQueries.chapters(chapter.book_id)),
        ]);
      },
      { preload },
    ),
  component: ChapterRoute,
});

function ChapterRoute() {
  const { chapterId } = Route.useParams();
  // Keyed: previous/next stay on this route, and audio or busy states belong to one chapter.
  return <ChapterPage key={chapterId} chapterId={chapterId} />;
}
