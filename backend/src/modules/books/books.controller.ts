import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { BookBySourceQuerySchema, MESSAGES, type BookBySourceQuery } from '@chapterwise/shared';
import type { Response } from 'express';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { BooksService } from './books.service.js';
import { PdfUploadInterceptor, receivedPdf } from './pdf-upload.interceptor.js';

@Controller()
export class BooksController {
  constructor(private readonly books: BooksService) {}

  @Get('books')
  list(@CurrentUser() user: UserEntity) {
    return this.books.list(user.id);
  }

  @Post('books/upload')
  @UseInterceptors(PdfUploadInterceptor)
  async upload(
    @CurrentUser() user: UserEntity,
    @UploadedFile() file: Express.Multer.File,
    @Body() body: { source_url?: unknown },
    @Res({ passthrough: true }) response: Response,
  ) {
    const sourceUrl =
      typeof body?.source_url === 'string' && /^(https?|file):\/\//.test(body.source_url)
        ? body.source_url.slice(0, 2000)
        : null;
    const { book, created } = await this.books.upload(user, receivedPdf(file), sourceUrl);
    response.status(created ? 201 : 200);
    return created ? book : { ...book, already_in_library: true };
  }

  // Declared before books/:id, which would take "by-source" for an id.
  @Get('books/by-source')
  async bySource(
    @CurrentUser() user: UserEntity,
    @Query(new ZodPipe(BookBySourceQuerySchema)) query: BookBySourceQuery,
  ) {
    return { book: await this.books.findBySource(user.id, query.url) };
  }

  @Get('books/:id')
  get(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.books.get(user.id, id);
  }

  @Delete('books/:id')
  @HttpCode(200)
  async delete(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    await this.books.delete(user.id, id);
    return { message: MESSAGES.bookDeleted };
  }

  @Get('books/:id/chapters')
  chapters(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.books.chapters(user.id, id);
  }

  @Get('chapters/:id')
  chapter(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.books.chapter(user.id, id);
  }
}
