import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { HighlightRepository } from './highlight.repository.js';
import { ReaderController } from './reader.controller.js';
import { ReaderService } from './reader.service.js';

@Module({
  imports: [BooksModule],
  controllers: [ReaderController],
  providers: [ReaderService, HighlightRepository],
})
export class ReaderModule {}
