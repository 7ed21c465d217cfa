import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import {
  CreateHighlightRequestSchema,
  FindInBookQuerySchema,
  type FindInBookQuery,
  UpdateHighlightRequestSchema,
  type CreateHighlightRequest,
  type UpdateHighlightRequest,
} from '@chapterwise/shared';
import type { Response } from 'express';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { ReaderService } from './reader.service.js';

@Controller()
export class ReaderController {
  constructor(private readonly reader: ReaderService) {}

  @Get('books/:id/page-labels')
  pageLabels(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.reader.pageLabels(user.id, id);
  }

  @Get('books/:id/find')
  find(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Query(new ZodPipe(FindInBookQuerySchema)) query: FindInBookQuery,
  ) {
    return this.reader.find(user.id, id, query.q);
  }

  @Get('books/:id/highlights')
  list(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.reader.list(user.id, id);
  }

  @Post('books/:id/highlights')
  create(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(CreateHighlightRequestSchema)) body: CreateHighlightRequest,
  ) {
    return this.reader.create(user.id, id, body);
  }

  @Patch('highlights/:id')
  update(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(UpdateHighlightRequestSchema)) body: UpdateHighlightRequest,
  ) {
    return this.reader.update(user.id, id, body);
  }

  @Delete('highlights/:id')
  @HttpCode(200)
  async delete(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    await this.reader.delete(user.id, id);
    return { message: 'Highlight deleted' };
  }

  @Get('books/:id/notes.md')
  async notes(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const { fileName, markdown } = await this.reader.notesMarkdown(user.id, id);
    response.setHeader('Content-Type', 'text/markdown; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    return markdown;
  }
}
