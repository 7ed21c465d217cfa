import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CreateApiTokenRequestSchema, MESSAGES } from '@chapterwise/shared';
import type { z } from 'zod';
import { CurrentUser, SessionOnly } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { ApiTokensService } from './api-tokens.service.js';

// Managing tokens takes a dashboard session: a leaked token cannot mint more of itself.
@SessionOnly(MESSAGES.apiTokenSessionOnly)
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  list(@CurrentUser() user: UserEntity) {
    return this.tokens.list(user);
  }

  @Post()
  create(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(CreateApiTokenRequestSchema)) body: z.infer<typeof CreateApiTokenRequestSchema>,
  ) {
    return this.tokens.create(user, body.name);
  }

  @Delete(':id')
  @HttpCode(200)
  async revoke(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    await this.tokens.revoke(user.id, id);
    return { message: MESSAGES.apiTokenRevoked };
  }
}
