import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query, Res } from '@nestjs/common';
import {
  CreateFlashcardRequestSchema,
  FlashcardExportQuerySchema,
  QuizAnswersRequestSchema,
  ReviewRequestSchema,
  SummaryReadRequestSchema,
  UpdateFlashcardRequestSchema,
  type QuizAnswersRequest,
  type ReviewRequest,
  type SummaryReadRequest,
  type UpdateFlashcardRequest,
} from '@chapterwise/shared';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { StudioService } from './studio.service.js';

@Controller()
export class StudioController {
  constructor(private readonly studio: StudioService) {}

  @Post('chapters/:id/flashcards')
  @HttpCode(200)
  async generate(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { cards, unsupported } = await this.studio.generateFlashcards(user.id, id);
    // Model cards the cited page did not support were dropped; the count is there for clients that show it.
    response.setHeader('X-Dropped-Cards', String(unsupported));
    return cards;
  }

  @Get('chapters/:id/flashcards')
  list(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.studio.listFlashcards(user.id, id);
  }

  @Post('chapters/:id/flashcards/manual')
  add(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(CreateFlashcardRequestSchema)) body: z.output<typeof CreateFlashcardRequestSchema>,
  ) {
    return this.studio.addFlashcard(user.id, id, body);
  }

  @Patch('flashcards/:id')
  update(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(UpdateFlashcardRequestSchema)) body: UpdateFlashcardRequest,
  ) {
    return this.studio.updateFlashcard(user.id, id, body);
  }

  @Delete('flashcards/:id')
  @HttpCode(200)
  async remove(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    await this.studio.deleteFlashcard(user.id, id);
    return { message: 'Flashcard deleted' };
  }

  @Get('flashcards/due')
  dueInLibrary(@CurrentUser() user: UserEntity) {
    return this.studio.due(user.id, null);
  }

  @Get('books/:id/flashcards/due')
  dueInBook(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.studio.due(user.id, id);
  }

  @Post('flashcards/:id/review')
  @HttpCode(200)
  review(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(ReviewRequestSchema)) body: ReviewRequest,
  ) {
    return this.studio.review(user.id, id, body.rating);
  }

  @Get('books/:id/flashcards/export')
  async export(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Query(new ZodPipe(FlashcardExportQuerySchema)) query: z.output<typeof FlashcardExportQuerySchema>,
    @Res() response: Response,
  ) {
    const file = await this.studio.export(user.id, id, query.format);
    response
      .status(200)
      .setHeader('Content-Type', file.type)
      .setHeader('Content-Disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
      .send(file.body);
  }

  @Post('chapters/:id/quiz')
  createQuiz(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.studio.createQuiz(user.id, id);
  }

  @Post('quizzes/:id/answers')
  @HttpCode(200)
  answer(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(QuizAnswersRequestSchema)) body: QuizAnswersRequest,
  ) {
    return this.studio.answerQuiz(user.id, id, body);
  }

  @Get('chapters/:id/quiz/attempts')
  quizAttempts(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.studio.quizAttempts(user.id, id);
  }

  @Get('books/:id/study-progress')
  progress(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.studio.progress(user.id, id);
  }

  @Put('chapters/:id/summary-read')
  summaryRead(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(SummaryReadRequestSchema)) body: SummaryReadRequest,
  ) {
    return this.studio.markSummaryRead(user.id, id, body.read);
  }
}
