import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import {
  CreateExamRequestSchema,
  CreatePracticeRequestSchema,
  CreateQuestionRequestSchema,
  FlagQuestionRequestSchema,
  PracticeAnswersRequestSchema,
  QuestionBankQuerySchema,
  UpdateExamRequestSchema,
  UpdateQuestionRequestSchema,
  type CreatePracticeRequest,
  type FlagQuestionRequest,
  type PracticeAnswersRequest,
  type QuestionBankQuery,
  type UpdateExamRequest,
  type UpdateQuestionRequest,
} from '@chapterwise/shared';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { ExamsService } from './exams.service.js';
import { PracticeService } from './practice.service.js';
import { QuestionBankService } from './question-bank.service.js';

@Controller()
export class ExamsController {
  constructor(
    private readonly exams: ExamsService,
    private readonly practice: PracticeService,
    private readonly bank: QuestionBankService,
  ) {}

  @Post('exams')
  create(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(CreateExamRequestSchema)) body: z.output<typeof CreateExamRequestSchema>,
  ) {
    return this.exams.create(user.id, body);
  }

  @Get('exams')
  list(@CurrentUser() user: UserEntity) {
    return this.exams.list(user.id);
  }

  @Get('exams/:id')
  get(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.exams.get(user.id, id);
  }

  @Patch('exams/:id')
  update(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(UpdateExamRequestSchema)) body: UpdateExamRequest,
  ) {
    return this.exams.update(user.id, id, body);
  }

  @Delete('exams/:id')
  async remove(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    await this.exams.remove(user.id, id);
    return { message: 'Exam deleted' };
  }

  @Get('exams/:id/plan')
  plan(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.exams.plan(user.id, id);
  }

  @Get('exams/:id/calendar.ics')
  async calendar(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const { name, ics } = await this.exams.calendar(user.id, id);
    const fileName = `${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'exam'}-plan.ics`;
    response.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    return ics;
  }

  @Get('exams/:id/readiness')
  readiness(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.exams.readiness(user.id, id);
  }

  @Get('today')
  today(@CurrentUser() user: UserEntity) {
    return this.exams.today(user.id);
  }

  @Post('exams/:id/practice')
  createPractice(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(CreatePracticeRequestSchema)) body: CreatePracticeRequest,
  ) {
    return this.practice.create(user.id, id, body);
  }

  @Get('exams/:id/practice')
  listPractice(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.practice.list(user.id, id);
  }

  @Get('practice/:id')
  getPractice(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.practice.get(user.id, id);
  }

  @Post('practice/:id/answers')
  @HttpCode(200)
  answerPractice(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(PracticeAnswersRequestSchema)) body: PracticeAnswersRequest,
  ) {
    return this.practice.answer(user.id, id, body);
  }

  @Get('books/:id/questions')
  listQuestions(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Query(new ZodPipe(QuestionBankQuerySchema)) query: QuestionBankQuery,
  ) {
    return this.bank.list(user.id, id, query);
  }

  @Post('books/:id/questions')
  addQuestion(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(CreateQuestionRequestSchema)) body: z.output<typeof CreateQuestionRequestSchema>,
  ) {
    return this.bank.add(user.id, id, body);
  }

  @Patch('questions/:id')
  updateQuestion(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(UpdateQuestionRequestSchema)) body: UpdateQuestionRequest,
  ) {
    return this.bank.update(user.id, id, body);
  }

  @Post('questions/:id/flag')
  @HttpCode(200)
  flagQuestion(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(FlagQuestionRequestSchema)) body: FlagQuestionRequest,
  ) {
    return this.bank.flag(user.id, id, body);
  }
}
