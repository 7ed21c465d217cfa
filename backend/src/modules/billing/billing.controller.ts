import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ReceiptsQuerySchema, type ReceiptsQuery } from '@chapterwise/shared';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import { CurrentUser, SessionOnly } from '../../common/auth.decorators.js';
import { SubscriptionCancelService } from './subscription-cancel.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { ReceiptsService } from './receipts.service.js';
import { UsageService } from './usage.service.js';

@Controller('billing')
export class BillingController {
  constructor(
    private readonly usageService: UsageService,
    private readonly cancelService: SubscriptionCancelService,
    private readonly receiptsService: ReceiptsService,
  ) {}

  @SessionOnly()
  @HttpCode(200)
  @Post('cancel-subscription')
  cancel(@CurrentUser() user: UserEntity) {
    return this.cancelService.cancel(user);
  }

  @Get('usage')
  usage(@CurrentUser() user: UserEntity) {
    return this.usageService.usage(user);
  }

  @Get('receipts')
  receipts(@CurrentUser() user: UserEntity, @Query(new ZodPipe(ReceiptsQuerySchema)) query: ReceiptsQuery) {
    return this.receiptsService.receipts(user.id, query.limit);
  }
}
