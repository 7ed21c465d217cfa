import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  SearchAnswerRequestSchema,
  SearchCountQuerySchema,
  SearchQuerySchema,
  type SearchAnswerRequest,
  type SearchCountQuery,
  type SearchQuery,
} from '@chapterwise/shared';
import { CurrentUser } from '../../common/auth.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { SearchService } from './search.service.js';

@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  find(@CurrentUser() user: UserEntity, @Query(new ZodPipe(SearchQuerySchema)) query: SearchQuery) {
    return this.search.search(user.id, query);
  }

  @Get('count')
  count(@CurrentUser() user: UserEntity, @Query(new ZodPipe(SearchCountQuerySchema)) query: SearchCountQuery) {
    return this.search.count(user.id, query);
  }

  @Post('answer')
  @HttpCode(200)
  answer(@CurrentUser() user: UserEntity, @Body(new ZodPipe(SearchAnswerRequestSchema)) body: SearchAnswerRequest) {
    return this.search.answer(user.id, body);
  }
}
