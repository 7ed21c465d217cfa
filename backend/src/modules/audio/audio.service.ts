import { Injectable } from '@nestjs/common';
import { chapterHeadings, MESSAGES, type AudioQuery, type AudioResponse } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { SpeechSynthesizer, SpeechUnavailableError } from '../../providers/tts/speech.port.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import { downloadSlug, GeneratedFilesService } from '../books/generated-files.service.js';

/** MP3 narration of a book summary, a chapter summary, or every chapter summary in one file. */
@Injectable()
export class AudioService {
  constructor(
    private readonly books: BookRepository,
    private readonly files: GeneratedFilesService,
    private readonly speech: SpeechSynthesizer,
  ) {}

  async generate(ownerId: string, query: AudioQuery): Promise<AudioResponse> {
    try {
      switch (query.content_type) {
        case 'book':
          return await this.bookSummary(ownerId, query.content_id);
        case 'chapter':
          return await this.chapterSummary(ownerId, query.content_id);
        case 'book_full':
          return await this.wholeBook(ownerId, query.content_id);
      }
    } catch (error) {
      if (error instanceof SpeechUnavailableError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
  }

  private async bookSummary(ownerId: string, bookId: string): Promise<AudioResponse> {
    const book = await this.ownedBook(ownerId, bookId);
    if (!book.fullSummary) throw AppError.validation(MESSAGES.bookSummaryFirst);
    const text = book.fullSummary;
    const file = await this.files.obtain(
      { ownerId, bookId: book.id, kind: 'audio', subject: 'book', subjectId: book.id },
      { voice: this.speech.name, language: book.language, text },
      { extension: 'mp3', downloadName: `${downloadSlug(book.title)}-summary.mp3` },
      async () => ({ data: await this.speech.synthesize(text, { language: book.language }) }),
    );
    return { audio_url: file.url };
  }

  private async chapterSummary(ownerId: string, chapterId: string): Promise<AudioResponse> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    const { chapter, book } = owned;
    if (!chapter.summary) throw AppError.validation(MESSAGES.chapterSummaryFirst);
    const text = chapter.summary;
    const file = await this.files.obtain(
      { ownerId, bookId: book.id, kind: 'audio', subject: 'chapter', subjectId: chapter.id },
      { voice: this.speech.name, language: book.language, text },
      { extension: 'mp3', downloadName: `${downloadSlug(book.title)}-chapter-${chapter.chapterNumber}.mp3` },
      async () => ({ data: await this.speech.synthesize(text, { language: book.language }) }),
    );
    return { audio_url: file.url };
  }

  /** Beyond the spec: every chapter summary in order, with ID3 chapter marks a player can skip between. */
  private async wholeBook(ownerId: string, bookId: string): Promise<AudioResponse> {
    const book = await this.ownedBook(ownerId, bookId);
    const chapters = await this.books.listChapters(book.id);
    // Each part's title (its ID3 chapter mark) is the chapter's heading on the book page.
    const headings = chapterHeadings(chapters);
    const parts = chapters
      .map((chapter, index) => ({ title: headings[index]!, text: chapter.summary }))
      .filter((part): part is { title: string; text: string } => Boolean(part.text));
    if (!parts.length) throw AppError.validation(MESSAGES.chapterSummaryFirst);
    const file = await this.files.obtain(
      { ownerId, bookId: book.id, kind: 'audio', subject: 'book_full', subjectId: book.id },
      { voice: this.speech.name, language: book.language, parts },
      { extension: 'mp3', downloadName: `${downloadSlug(book.title)}-all-chapters.mp3` },
      async () => ({ data: await this.speech.synthesizeChapters(parts, { language: book.language }) }),
    );
    return { audio_url: file.url };
  }

  private async ownedBook(ownerId: string, bookId: string): Promise<BookEntity> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    return book;
  }
}
