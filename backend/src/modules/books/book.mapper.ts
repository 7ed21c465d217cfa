import type { Book, BookListItem, Chapter, Topic } from '@chapterwise/shared';
import type { BookEntity } from './entities/book.entity.js';
import type { ChapterEntity } from './entities/chapter.entity.js';
import type { TopicEntity } from './entities/topic.entity.js';

export function toBookListItem(book: BookEntity): BookListItem {
  return {
    id: book.id,
    title: book.title,
    status: book.status,
    total_pages: book.totalPages,
    progress: book.progress,
    status_detail: book.statusDetail,
    created_at: book.createdAt.toISOString(),
  };
}

export function toBookDto(
  book: BookEntity,
  extra: { pdfUrl: string; chapterCount: number; engine: Book['engine'] },
): Book {
  return {
    ...toBookListItem(book),
    pdf_url: extra.pdfUrl,
    full_summary: book.fullSummary,
    full_summary_engine: book.fullSummary === null ? null : book.fullSummaryEngine,
    chapter_count: extra.chapterCount,
    error: book.error,
    source_url: book.sourceUrl,
    engine: extra.engine,
    summary_job: book.summaryStatus
      ? { status: book.summaryStatus, progress: book.summaryProgress, error: book.summaryError }
      : null,
  };
}

export function toChapterDto(chapter: ChapterEntity): Chapter {
  return {
    id: chapter.id,
    book_id: chapter.bookId,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    summary: chapter.summary,
    summary_engine: chapter.summary === null ? null : chapter.summaryEngine,
    start_page: chapter.startPage,
    end_page: chapter.endPage,
    start_label: chapter.startLabel,
    end_label: chapter.endLabel,
    detection_method: chapter.detectionMethod,
    label: chapter.label,
  };
}

export function toTopicDto(topic: TopicEntity): Topic {
  return { id: topic.id, title: topic.title, eli12_summary: topic.eli12Summary, pages: topic.pages };
}
