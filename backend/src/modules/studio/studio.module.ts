import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { StudioController } from './studio.controller.js';
import { StudioRepository } from './studio.repository.js';
import { StudioService } from './studio.service.js';

/** The study studio: flashcards (FSRS), practice quizzes, Anki/CSV export, progress per chapter. */
@Module({
  imports: [BooksModule],
  controllers: [StudioController],
  providers: [StudioService, StudioRepository],
})
export class StudioModule {}
