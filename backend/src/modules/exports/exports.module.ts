import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { StudyModule } from '../study/study.module.js';
import { ExportsController } from './exports.controller.js';
import { ExportsService } from './exports.service.js';

@Module({
  imports: [BooksModule, StudyModule],
  controllers: [ExportsController],
  providers: [ExportsService],
})
export class ExportsModule {}
