import { MESSAGES } from '@chapterwise/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import {
  ArrowLeft,
  ArrowRight,
  GraduationCap,
  Headphones,
  Layers,
  ListTree,
  NotebookText,
  Sparkles,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { BackLink } from '../../components/back-link.js';
import { AudioPlayer } from '../../components/ui/audio-player.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { toastError } from '../../lib/errors.js';
import { chapterHeading, pageRange } from '../books/chapter-heading.js';
import { BOOK_PROGRESS_POLL_MS as POLL_MS, bookQueries, offlineNotesPending } from '../books/queries.js';
import { FlashcardsSection, QuizSection } from '../studio/chapter-studio.js';
import { studioQueries } from '../studio/queries.js';
import { Tabs, tabPanelProps } from '../../components/ui/tabs.js';
import { SummaryReadMarker } from '../studio/summary-read-marker.js';
import { EngineNote } from '../study/engine-note.js';
import { useBookPageLinks } from '../study/page-links.js';
import { SummaryMarkdown } from '../study/summary-markdown.js';
import {
  chapterQueries,
  useChapterAudioMutation,
  useExtractTopicsMutation,
  useSummarizeChapterMutation,
} from './queries.js';
import { TopicCard } from './topic-card.js';
import { AfterFirstPaint } from '../../components/after-first-paint.js';
import { ReadLink } from '../reader/read-link.js';

export function ChapterPage({ chapterId }: { chapterId: string }) {
  const { data: chapter } = useSuspenseQuery(chapterQueries.detail(chapterId));
  const { data: book } = useSuspenseQuery(bookQueries.detail(chapter.book_id));
  const { data: chapters } = useSuspenseQuery(bookQueries.chapters(chapter.book_id));
  // Offline notes are written right after processing: a reader who got here first sees them arrive.
  const engine = book.status === 'completed' ? book.engine : undefined;
  useQuery({
    ...chapterQueries.detail(chapterId),
    refetchInterval: (query) =>
      offlineNotesPending(engine, query.state, !query.state.data?.summary) ? POLL_MS : false,
  });
  const { data: topics } = useSuspenseQuery({
    ...chapterQueries.topics(chapterId),
    refetchInterval: (query) =>
      offlineNotesPending(engine, query.state, query.state.data?.length === 0) ? POLL_MS : false,
  });
  const position = chapters.findIndex((item) => item.id === chapterId);
  const previous = position > 0 ? chapters[position - 1] : undefined;
  const next = position >= 0 ? chapters[position + 1] : undefined;
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const resolvePageLink = useBookPageLinks(book, chapters, chapter.start_page);

  const summarize = useSummarizeChapterMutation(chapterId, chapter.book_id);

  const listen = useChapterAudioMutation(chapterId, {
    onReady: ({ audio_url }) => {
      setAudioUrl(audio_url);
      toast.success(MESSAGES.audioPlaying);
    },
    onFailed: (error) => toastError(error, MESSAGES.audioFailed),
  });

  const extract = useExtractTopicsMutation(chapterId);
  const [tab, setTab] = useChapterTab();
  const cardCount = useQuery(studioQueries.cards(chapterId)).data?.length;

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${chapterHeading(chapter)} · ChapterWise`}</title>
      <BackLink to="/books/$bookId" params={{ bookId: chapter.book_id }}>
        Back to Book
      </BackLink>

      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-brand-600">
            <Link to="/books/$bookId" params={{ bookId: chapter.book_id }} className="hover:underline">
              {book.title}
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {chapterHeading(chapter)}
          </h1>
          <p className="mt-1.5 text-sm text-slate-500">{pageRange(chapter)}</p>
        </div>
        <div className="flex gap-2 self-start">
          <ReadLink bookId={chapter.book_id} page={chapter.start_page} />
          <Button
            variant="outline"
            busy={listen.isPending}
            disabled={!chapter.summary}
            onClick={() => listen.mutate()}
            icon={<Headphones className="size-4" aria-hidden="true" />}
            title={chapter.summary ? undefined : 'Generate the summary first'}
          >
            Listen
          </Button>
        </div>
      </div>
      {audioUrl && (
        <div className="mt-4">
          <AudioPlayer
            key={audioUrl}
            src={audioUrl}
            label="Chapter summary"
            content={{ content_type: 'chapter', content_id: chapterId }}
          />
        </div>
      )}

      <Tabs
        baseId="chapter"
        label="Study this chapter"
        className="mt-6"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'notes', label: 'Notes', icon: <NotebookText className="size-4" aria-hidden="true" /> },
          {
            id: 'cards',
            label: cardCount ? `Cards (${cardCount})` : 'Cards',
            icon: <Layers className="size-4" aria-hidden="true" />,
          },
          { id: 'quiz', label: 'Quiz', icon: <GraduationCap className="size-4" aria-hidden="true" /> },
        ]}
      />
      <div {...tabPanelProps('chapter', tab)} className="mt-4 rounded-xl">
        {tab === 'notes' && (
          <>
            {/* The notes are what the student came for: drawn with the header; the topics come in a second pass. */}
            <Card className="p-5 sm:p-7">
              <div className="flex items-center gap-2">
                <Sparkles className="size-5 text-brand-600" aria-hidden="true" />
                <h2 className="text-lg font-semibold text-slate-900">Summary</h2>
              </div>
              {chapter.summary ? (
                <>
                  <div className="mt-4">
                    <SummaryMarkdown text={chapter.summary} resolvePageLink={resolvePageLink} />
                  </div>
                  <SummaryReadMarker bookId={chapter.book_id} chapterId={chapterId} />
                  <EngineNote
                    engine={book.engine}
                    writtenBy={chapter.summary_engine}
                    action={
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={summarize.isPending}
                        onClick={() => summarize.mutate()}
                      >
                        Ask the AI again
                      </Button>
                    }
                  />
                </>
              ) : (
                <div className="mt-4 flex flex-col items-start gap-3">
                  <p className="text-sm text-slate-600">
                    Get the key ideas of this chapter in a few minutes of reading.
                  </p>
                  <Button
                    busy={summarize.isPending}
                    onClick={() => summarize.mutate()}
                    icon={<Sparkles className="size-4" aria-hidden="true" />}
                  >
                    Generate Summary
                  </Button>
                </div>
              )}
            </Card>
            <AfterFirstPaint>
              <section aria-labelledby="topics-heading" className="mt-8">
                <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                  <div className="flex items-center gap-2">
                    <ListTree className="size-5 text-brand-600" aria-hidden="true" />
                    <h2 id="topics-heading" className="text-lg font-semibold text-slate-900">
                      Key Topics
                    </h2>
                  </div>
                  {topics.length === 0 && (
                    <Button
                      busy={extract.isPending}
                      onClick={() => extract.mutate()}
                      icon={<ListTree className="size-4" aria-hidden="true" />}
                    >
                      Extract Topics
                    </Button>
                  )}
                </div>
                {topics.length === 0 ? (
                  <p className="rounded-xl border-2 border-dashed border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-500">
                    Click "Extract Topics" to identify key topics in this chapter
                  </p>
                ) : (
                  <ul className="grid items-start gap-3 md:grid-cols-2">
                    {topics.map((topic) => (
                      <TopicCard key={topic.id} topic={topic} chapterId={chapterId} resolvePageLink={resolvePageLink} />
                    ))}
                  </ul>
                )}
                {/* The engine is named once, under the summary; topics alone (no summary yet) carry it themselves. */}
                {topics.length > 0 && !chapter.summary && <EngineNote engine={book.engine} />}
              </section>
            </AfterFirstPaint>
          </>
        )}
        {tab === 'cards' && (
          <FlashcardsSection chapterId={chapterId} bookId={chapter.book_id} resolvePageLink={resolvePageLink} />
        )}
        {tab === 'quiz' && (
          <QuizSection chapterId={chapterId} bookId={chapter.book_id} resolvePageLink={resolvePageLink} />
        )}
      </div>

      <AfterFirstPaint>
        {(previous || next) && (
          <nav aria-label="Chapters" className="mt-10 grid gap-3 border-t border-slate-200 pt-6 sm:grid-cols-2">
            {previous ? (
              <Link
                to="/chapters/$chapterId"
                params={{ chapterId: previous.id }}
                className="group rounded-xl border border-slate-200 bg-white p-4 transition hover:border-brand-300 hover:shadow-sm"
              >
                <span className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
                  <ArrowLeft className="size-3.5" aria-hidden="true" />
                  Previous chapter
                </span>
                <span className="mt-1 block font-semibold text-slate-900 group-hover:text-brand-700">
                  {chapterHeading(previous)}
                </span>
              </Link>
            ) : (
              <span className="max-sm:hidden" />
            )}
            {next && (
              <Link
                to="/chapters/$chapterId"
                params={{ chapterId: next.id }}
                className="group rounded-xl border border-slate-200 bg-white p-4 text-right transition hover:border-brand-300 hover:shadow-sm"
              >
                <span className="flex items-center justify-end gap-1.5 text-xs font-medium text-slate-500">
                  Next chapter
                  <ArrowRight className="size-3.5" aria-hidden="true" />
                </span>
                <span className="mt-1 block font-semibold text-slate-900 group-hover:text-brand-700">
                  {chapterHeading(next)}
                </span>
              </Link>
            )}
          </nav>
        )}
      </AfterFirstPaint>
    </main>
  );
}

export type ChapterTab = 'notes' | 'cards' | 'quiz';
const CHAPTER_TABS: readonly ChapterTab[] = ['notes', 'cards', 'quiz'];

/** The open section of the chapter page lives in the URL's hash (#cards, #quiz), so a link can open it. */
function useChapterTab(): [ChapterTab, (tab: ChapterTab) => void] {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const tab = CHAPTER_TABS.find((name) => name === hash) ?? 'notes';
  const open = (next: ChapterTab) =>
    void navigate({ to: '.', hash: next === 'notes' ? undefined : next, replace: true, resetScroll: false });
  return [tab, open];
}
