import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ExplainSelectionRequestSchema, type ExplainSelectionRequest } from '@chapterwise/shared';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { Response } from 'express';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import type { UserEntity } from '../users/user.entity.js';
import { StudyService } from './study.service.js';

@Controller()
export class StudyController {
  constructor(private readonly study: StudyService) {}

  /** 200 `{ summary }`, or 202 `{ status: 'generating', progress }` when it outlasts the request budget. */
  @Post('books/:id/summarize')
  async summarizeBook(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const answer = await this.study.summarizeBook(user.id, id);
    response.status(answer.done ? 200 : 202);
    return answer.body;
  }

  @Get('books/:id/prepare')
  chapterPreparation(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.study.chapterPreparation(user.id, id);
  }

  @Post('books/:id/prepare')
  @HttpCode(202)
  prepareChapters(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.study.startChapterPreparation(user.id, id);
  }

  @Post('chapters/:id/summarize')
  @HttpCode(200)
  summarizeChapter(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.study.summarizeChapter(user.id, id);
  }

  @Get('chapters/:id/topics')
  topics(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.study.listTopics(user.id, id);
  }

  @Post('chapters/:id/topics')
  @HttpCode(200)
  extractTopics(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.study.extractTopics(user.id, id);
  }

  @Post('topics/:id/eli12')
  @HttpCode(200)
  explain(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.study.explainTopic(user.id, id);
  }

  @Post('books/:id/explain')
  @HttpCode(200)
  explainPassage(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(ExplainSelectionRequestSchema)) body: ExplainSelectionRequest,
  ) {
    return this.study.explainPassage(user.id, id, body.page, body.text);
  }
}
