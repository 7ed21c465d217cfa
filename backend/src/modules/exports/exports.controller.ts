import { Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import type { UserEntity } from '../users/user.entity.js';
import { ExportsService } from './exports.service.js';

@Controller('export')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Post('summary-pdf/:bookId')
  @HttpCode(200)
  summaryPdf(@CurrentUser() user: UserEntity, @IdParam('bookId') bookId: string) {
    return this.exports.summaryPdf(user.id, bookId);
  }

  @Post('pptx/:bookId')
  @HttpCode(200)
  slides(@CurrentUser() user: UserEntity, @IdParam('bookId') bookId: string) {
    return this.exports.slides(user.id, bookId);
  }
}
