import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { StudioController } from './studio.controller.js';
import { StudioRepository } from './studio.repository.js';
import { StudioService } from './studio.service.js';

@Module({
  imports: [BooksModule],
  controllers: [StudioController],
  providers: [StudioService, StudioRepository],
  exports: [StudioService],
})
export class StudioModule {}
