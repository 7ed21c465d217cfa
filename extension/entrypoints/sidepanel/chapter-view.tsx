import { chapterHeading, MESSAGES, readerPath, type Chapter, type Topic } from '@chapterwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap, uiErrorOf } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { Markdown, type CitationHandler } from '@/components/markdown.js';
import { OpenLink } from '@/components/open-link.js';
import { isUnreachable } from '@/components/query-policy.js';
import { useToast } from '@/components/toasts.js';
import { sendMessage } from '@/utils/messaging.js';
import { saveChapterCopy } from '@/utils/saved-chapters.js';
import type { SavedChapter } from '@/utils/storage.js';
import { ListenButton } from './audio-player.js';
import { useOpenCitation } from './citations.js';
import { libraryQueries } from './queries.js';

export function ChapterView({
  chapterId,
  userId,
  serverUrl,
  onBack,
}: {
  chapterId: string;
  userId: string;
  serverUrl: string;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const chapter = useQuery(libraryQueries.chapter(chapterId));
  const topics = useQuery(libraryQueries.topics(chapterId));
  const serverDown = chapter.isError && isUnreachable(chapter.error);
  const saved = useQuery({ ...libraryQueries.savedChapter(userId, chapterId), enabled: serverDown });

  // What was read stays readable while the server is down.
  useEffect(() => {
    if (chapter.data && topics.data) void saveChapterCopy(userId, chapter.data, topics.data).catch(() => undefined);
  }, [userId, chapter.data, topics.data]);
  const openCitation = useOpenCitation(chapter.data?.book_id, chapter.data?.start_page);

  const summarize = useMutation({
    mutationFn: () => unwrap(sendMessage('summarizeChapter', chapterId)),
    onSuccess: ({ summary }) => {
      const update = (current: Chapter | undefined) => (current ? { ...current, summary } : current);
      queryClient.setQueryData(libraryQueries.chapter(chapterId).queryKey, update);
      if (chapter.data) {
        queryClient.setQueryData(libraryQueries.chapters(chapter.data.book_id).queryKey, (list) =>
          list?.map((item) => (item.id === chapterId ? { ...item, summary } : item)),
        );
      }
      toast(MESSAGES.chapterSummaryGenerated);
    },
  });
  const extract = useMutation({
    mutationFn: () => unwrap(sendMessage('extractTopics', chapterId)),
    // The list is replaced by the response (spec, section 4).
    onSuccess: (list) => {
      queryClient.setQueryData(libraryQueries.topics(chapterId).queryKey, list);
      toast(MESSAGES.topicsExtracted);
    },
  });

  const back = (
    <button type="button" className="link-button" onClick={onBack}>
      ← Back to Book
    </button>
  );
  if (chapter.isPending)
    return (
      <section className="stack">
        {back}
        <p className="muted">Loading...</p>
      </section>
    );
  if (chapter.isError && !chapter.data) {
    return (
      <section className="stack">
        {back}
        <ErrorNotice
          error={uiErrorOf(chapter.error, MESSAGES.loadChapterFailed)}
          onRetry={() => void chapter.refetch()}
        />
        {saved.data && <SavedChapterView copy={saved.data} />}
      </section>
    );
  }

  const data = chapter.data;
  // A refetch that failed leaves the chapter as loaded; say why it may be out of date.
  const refreshError = chapter.isError ? (
    <ErrorNotice error={uiErrorOf(chapter.error, MESSAGES.loadChapterFailed)} onRetry={() => void chapter.refetch()} />
  ) : null;
  const pages =
    data.start_label && data.end_label
      ? `pp. ${data.start_label}–${data.end_label}`
      : `pages ${data.start_page}–${data.end_page}`;
  return (
    <section className="stack" aria-labelledby="chapter-title">
      {back}
      {refreshError}
      <h2 id="chapter-title">{chapterHeading(data)}</h2>
      <div className="row">
        <span className="muted small">{pages}</span>
        <OpenLink href={`${serverUrl}/chapters/${data.id}`}>Open in dashboard</OpenLink>
        <OpenLink href={`${serverUrl}${readerPath(data.book_id, data.start_page)}`}>
          Open in ChapterWise reader
        </OpenLink>
      </div>
      <ListenButton
        query={{ content_type: 'chapter', content_id: data.id }}
        label="Listen"
        title={data.title}
        summaryExists={!!data.summary}
        missingSummaryText={MESSAGES.chapterSummaryFirst}
      />

      <section className="stack" aria-labelledby="chapter-summary-title">
        <h3 id="chapter-summary-title">Summary</h3>
        {data.summary ? (
          <Markdown text={data.summary} onCitation={openCitation} />
        ) : (
          <button
            type="button"
            className="button-primary"
            onClick={() => summarize.mutate()}
            disabled={summarize.isPending}
          >
            {summarize.isPending ? 'Generating...' : 'Generate Summary'}
          </button>
        )}
        {summarize.isError && (
          <ErrorNotice error={uiErrorOf(summarize.error, MESSAGES.summaryFailed)} onRetry={() => summarize.mutate()} />
        )}
      </section>

      <section className="stack" aria-labelledby="topics-title">
        <h3 id="topics-title">Key Topics</h3>
        {topics.isPending && <p className="muted">Loading...</p>}
        {topics.isError && (
          <ErrorNotice
            error={uiErrorOf(topics.error, MESSAGES.loadChapterFailed)}
            onRetry={() => void topics.refetch()}
          />
        )}
        {topics.data?.length === 0 && (
          <>
            <p className="muted">Click "Extract Topics" to identify key topics in this chapter</p>
            <button
              type="button"
              className="button-primary"
              onClick={() => extract.mutate()}
              disabled={extract.isPending}
            >
              {extract.isPending ? 'Extracting...' : 'Extract Topics'}
            </button>
          </>
        )}
        {extract.isError && (
          <ErrorNotice error={uiErrorOf(extract.error, MESSAGES.topicsFailed)} onRetry={() => extract.mutate()} />
        )}
        <ul className="topic-list">
          {topics.data?.map((topic) => (
            <li key={topic.id}>
              <TopicCard topic={topic} chapterId={chapterId} onCitation={openCitation} />
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

function TopicCard({ topic, chapterId, onCitation }: { topic: Topic; chapterId: string; onCitation: CitationHandler }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const explain = useMutation({
    mutationFn: () => unwrap(sendMessage('explainTopic', topic.id)),
    // The explanation is attached to its topic (spec, section 4).
    onSuccess: ({ eli12_summary }) => {
      queryClient.setQueryData(libraryQueries.topics(chapterId).queryKey, (list) =>
        list?.map((item) => (item.id === topic.id ? { ...item, eli12_summary } : item)),
      );
      toast(MESSAGES.eli12Generated);
    },
  });
  return (
    <article className="topic-card stack-tight">
      <h4>{topic.title}</h4>
      {topic.pages.length > 0 && <span className="muted small">p. {topic.pages.join(', ')}</span>}
      {!topic.eli12_summary && (
        <button type="button" onClick={() => explain.mutate()} disabled={explain.isPending}>
          {explain.isPending ? 'Explaining...' : 'ELI12'}
        </button>
      )}
      {explain.isError && (
        <ErrorNotice error={uiErrorOf(explain.error, MESSAGES.eli12Failed)} onRetry={() => explain.mutate()} />
      )}
      {topic.eli12_summary && (
        <div className="eli12-box">
          <strong>Explain Like I'm 12</strong>
          <Markdown text={topic.eli12_summary} onCitation={onCitation} />
        </div>
      )}
    </article>
  );
}

function SavedChapterView({ copy }: { copy: SavedChapter }) {
  const savedAt = new Date(copy.savedAt).toLocaleString();
  return (
    <article className="stack saved-copy" aria-labelledby="saved-chapter-title">
      <p className="notice notice-warning">Saved copy from {savedAt}: the notes as you last read them.</p>
      <h2 id="saved-chapter-title">{copy.chapter.title}</h2>
      {copy.chapter.summary && (
        <section className="stack-tight">
          <h3>Summary</h3>
          <Markdown text={copy.chapter.summary} />
        </section>
      )}
      {copy.topics.length > 0 && (
        <section className="stack-tight">
          <h3>Key Topics</h3>
          <ul className="topic-list">
            {copy.topics.map((topic) => (
              <li key={topic.id} className="topic-card stack-tight">
                <h4>{topic.title}</h4>
                {topic.eli12_summary && (
                  <div className="eli12-box">
                    <strong>Explain Like I'm 12</strong>
                    <Markdown text={topic.eli12_summary} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
