import { Body, Controller, Delete, HttpCode, Patch, Post } from '@nestjs/common';
import {
  RenameChapterRequestSchema,
  SplitChapterRequestSchema,
  type RenameChapterRequest,
  type SplitChapterRequest,
} from '@chapterwise/shared';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { ChapterEditsService } from './chapter-edits.service.js';

@Controller()
export class ChapterEditsController {
  constructor(private readonly edits: ChapterEditsService) {}

  @Patch('chapters/:id')
  rename(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(RenameChapterRequestSchema)) body: RenameChapterRequest,
  ) {
    return this.edits.rename(user.id, id, body.title);
  }

  @Post('chapters/:id/merge-next')
  @HttpCode(200)
  mergeNext(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.edits.mergeWithNext(user.id, id);
  }

  @Post('chapters/:id/split')
  @HttpCode(200)
  split(
    @CurrentUser() user: UserEntity,
    @IdParam() id: string,
    @Body(new ZodPipe(SplitChapterRequestSchema)) body: SplitChapterRequest,
  ) {
    return this.edits.split(user.id, id, body.page);
  }

  @Delete('chapters/:id')
  @HttpCode(200)
  remove(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.edits.remove(user.id, id);
  }

  @Post('books/:id/redetect')
  @HttpCode(202)
  redetect(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.edits.redetect(user.id, id);
  }
}
