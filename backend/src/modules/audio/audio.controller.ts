import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { AudioQuerySchema, type AudioQuery } from '@chapterwise/shared';
import { CurrentUser } from '../../common/auth.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { AudioService } from './audio.service.js';

@Controller('audio')
export class AudioController {
  constructor(private readonly audio: AudioService) {}

  @Post('generate')
  @HttpCode(200)
  generate(@CurrentUser() user: UserEntity, @Query(new ZodPipe(AudioQuerySchema)) query: AudioQuery) {
    return this.audio.generate(user.id, query);
  }
}
