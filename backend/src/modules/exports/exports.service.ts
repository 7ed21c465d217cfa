import { Injectable } from '@nestjs/common';
import { chapterHeadings, MESSAGES, type PptxResponse, type SummaryPdfResponse } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import type { SummaryDocument } from '../../providers/renderer/summary-document.js';
import { targetPagesFor } from '../../providers/renderer/summary-document.js';
import { SummaryPdfRenderer } from '../../providers/renderer/summary-pdf.port.js';
import { buildSlideDeck } from '../../providers/slides/slide-deck.js';
import { StudyEngine } from '../../providers/llm/study-engine.port.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import { downloadSlug, GeneratedFilesService } from '../books/generated-files.service.js';
import { TopicRepository } from '../study/topic.repository.js';

@Injectable()
export class ExportsService {
  constructor(
    private readonly books: BookRepository,
    private readonly topics: TopicRepository,
    private readonly files: GeneratedFilesService,
    private readonly renderer: SummaryPdfRenderer,
    private readonly engine: StudyEngine,
  ) {}

  async summaryPdf(ownerId: string, bookId: string): Promise<SummaryPdfResponse> {
    const book = await this.completedBook(ownerId, bookId);
    if (!book.fullSummary) throw AppError.validation(MESSAGES.bookSummaryFirst);
    const document = await this.document(book);
    const targetPages = targetPagesFor(book.totalPages);
    const file = await this.files.obtain(
      { ownerId, bookId: book.id, kind: 'summary_pdf', subject: 'book', subjectId: book.id },
      { document: { ...document, generatedAt: null }, targetPages },
      { extension: 'pdf', downloadName: `${downloadSlug(book.title)}-summary.pdf` },
      async () => {
        const { pdf, pages } = await this.renderer.render(document, targetPages);
        return { data: pdf, meta: { pages } };
      },
    );
    // The pages actually produced: thin summaries can make a shorter PDF than the target, never a longer one (±1).
    const pages = typeof file.meta?.pages === 'number' ? file.meta.pages : targetPages;
    return { pdf_url: file.url, target_pages: pages, original_pages: book.totalPages };
  }

  async slides(ownerId: string, bookId: string): Promise<PptxResponse> {
    const book = await this.completedBook(ownerId, bookId);
    const document = await this.document(book);
    const file = await this.files.obtain(
      { ownerId, bookId: book.id, kind: 'pptx', subject: 'book', subjectId: book.id },
      { document: { ...document, generatedAt: null } },
      { extension: 'pptx', downloadName: `${downloadSlug(book.title)}.pptx` },
      async () => {
        const deck = await buildSlideDeck(document);
        return { data: deck.pptx, meta: { slides: deck.slides, chaptersWithoutSummary: deck.chaptersWithoutSummary } };
      },
    );
    const meta = file.meta as { slides: number; chaptersWithoutSummary: string[] };
    return { pptx_url: file.url, slides: meta.slides, chapters_without_summary: meta.chaptersWithoutSummary };
  }

  private async document(book: BookEntity): Promise<SummaryDocument> {
    const chapters = await this.books.listChapters(book.id);
    const headings = chapterHeadings(chapters);
    return {
      title: book.title,
      originalPages: book.totalPages,
      generatedAt: new Date(),
      // Who wrote the book summary: the offline engine also stands in for a model whose summary was unusable.
      engineNote:
        (book.fullSummaryEngine ?? this.engine.kind) === 'offline' ? 'Extractive summary (offline engine)' : null,
      bookSummary: book.fullSummary,
      chapters: await Promise.all(
        chapters.map(async (chapter, index) => ({
          number: chapter.chapterNumber,
          title: chapter.title,
          heading: headings[index]!,
          pageRange: pageRange(
            chapter.startLabel ?? String(chapter.startPage),
            chapter.endLabel ?? String(chapter.endPage),
          ),
          summary: chapter.summary,
          topics: (await this.topics.listForChapter(chapter.id)).map((topic) => topic.title),
        })),
      ),
    };
  }

  private async completedBook(ownerId: string, bookId: string): Promise<BookEntity> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    if (book.status !== 'completed')
      throw AppError.conflict('This book is still being processed. Exports are available once it is ready.');
    return book;
  }
}

function pageRange(start: string, end: string): string {
  return start === end ? `p. ${start}` : `pp. ${start}–${end}`;
}
