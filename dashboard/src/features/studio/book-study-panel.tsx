import { chapterHeadings, type Chapter, type ChapterProgress } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarPlus, FileDown, GraduationCap, Layers, ListChecks, Repeat } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { MasteryIndicator } from './mastery.js';
import { studioQueries, useExportFlashcardsMutation, useGenerateBookFlashcardsMutation } from './queries.js';

/**
 * The book page's "Study" section, near its top: cards due today with one Review button, mastery per chapter and
 * the Anki/CSV export; before any card exists, one button makes them for every chapter.
 */
export function BookStudyPanel({ bookId, title, chapters }: { bookId: string; title: string; chapters: Chapter[] }) {
  const due = useQuery({ ...studioQueries.due(bookId), retry: false });
  const progress = useQuery({ ...studioQueries.progress(bookId), retry: false });
  const makeAll = useGenerateBookFlashcardsMutation();
  const making = makeAll.progress;
  const exportCards = useExportFlashcardsMutation(bookId, title);
  if (!progress.data || chapters.length === 0) return null;

  const cardCount = progress.data.reduce((sum, chapter) => sum + chapter.cards_total, 0);
  const dueCount = due.data?.due_count ?? 0;
  const byChapter = new Map(progress.data.map((row) => [row.chapter_id, row]));
  const makeFlashcards = () =>
    makeAll.mutate(
      chapters.map((chapter) => chapter.id),
      {
        onSuccess: ({ cards, failed }) => {
          if (failed) toast.error(`${cards} flashcards made; ${failed} chapters could not be done. Try them again.`);
          else toast.success(`${cards} flashcards ready`);
        },
        onError: (error) => toastError(error, 'Could not generate flashcards. Please try again.'),
      },
    );

  return (
    <Card className="mt-6 p-5 sm:p-7">
      <section aria-labelledby="study-heading">
        <div className="flex items-center gap-2">
          <GraduationCap className="size-5 text-brand-600" aria-hidden="true" />
          <h2 id="study-heading" className="text-lg font-semibold text-slate-900">
            Study
          </h2>
        </div>
        {cardCount === 0 ? (
          <div className="mt-3 flex flex-col items-start gap-3">
            <p className="text-sm text-slate-600">
              Turn every chapter into flashcards, each with the page to check, and review them on a spaced schedule.
            </p>
            {making ? (
              <div className="w-full max-w-md" aria-live="polite">
                <p className="text-sm text-slate-700">
                  {`Making flashcards: ${making.done} of ${making.total} chapters done, ${making.cards} cards so far…`}
                </p>
                <div className="mt-2 flex items-center gap-3">
                  <ProgressBar
                    value={making.total ? (100 * making.done) / making.total : 0}
                    label="Flashcards progress"
                  />
                  <span className="w-10 text-right text-sm font-medium text-slate-700 tabular-nums">
                    {`${making.total ? Math.round((100 * making.done) / making.total) : 0}%`}
                  </span>
                </div>
              </div>
            ) : (
              <Button onClick={makeFlashcards} icon={<Layers className="size-4" aria-hidden="true" />}>
                Make flashcards for every chapter
              </Button>
            )}
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">
              {`${cardCount} flashcards · ${dueCount === 0 ? 'none due today' : `${dueCount} due today`}`}
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <Link to="/review" search={{ book: bookId }} className={buttonClasses()}>
                <Repeat className="size-4" aria-hidden="true" />
                {dueCount ? `Review (${dueCount})` : 'Review'}
              </Link>
              <Button
                variant="outline"
                busy={exportCards.isPending && exportCards.variables === 'apkg'}
                onClick={() =>
                  exportCards.mutate('apkg', { onError: (error) => toastError(error, 'Could not export the cards.') })
                }
                icon={<FileDown className="size-4" aria-hidden="true" />}
              >
                Export to Anki (.apkg)
              </Button>
              <Button
                variant="outline"
                busy={exportCards.isPending && exportCards.variables === 'csv'}
                onClick={() =>
                  exportCards.mutate('csv', { onError: (error) => toastError(error, 'Could not export the cards.') })
                }
                icon={<FileDown className="size-4" aria-hidden="true" />}
              >
                Export CSV
              </Button>
            </div>
          </>
        )}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Link to="/exams/new" search={{ book: bookId }} className={buttonClasses({ variant: 'secondary' })}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Plan for an exam
          </Link>
          <Link to="/books/$bookId/questions" params={{ bookId }} className={buttonClasses({ variant: 'secondary' })}>
            <ListChecks className="size-4" aria-hidden="true" />
            Question bank
          </Link>
        </div>
        <ChapterMastery chapters={chapters} progress={byChapter} />
      </section>
    </Card>
  );
}

/** Mastery per chapter, each row opening the chapter's cards. Shown once any chapter has been studied. */
function ChapterMastery({ chapters, progress }: { chapters: Chapter[]; progress: Map<string, ChapterProgress> }) {
  const studied = chapters.some((chapter) => {
    const row = progress.get(chapter.id);
    return row && (row.summary_read || row.cards_total > 0 || row.best_quiz_score !== null);
  });
  if (!studied) return null;
  const headings = chapterHeadings(chapters);
  return (
    <details className="group mt-5 border-t border-slate-100 pt-4">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800 marker:text-slate-400">
        Mastery by chapter
      </summary>
      <ul className="mt-3 divide-y divide-slate-100">
        {chapters.map((chapter, index) => (
          <li key={chapter.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
            <Link
              to="/chapters/$chapterId"
              params={{ chapterId: chapter.id }}
              hash="cards"
              className="min-w-0 truncate text-sm font-medium text-slate-800 hover:text-brand-700 hover:underline"
            >
              {headings[index]}
            </Link>
            <MasteryIndicator progress={progress.get(chapter.id)} />
          </li>
        ))}
      </ul>
    </details>
  );
}
