import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, SessionOnly } from '../../common/auth.decorators.js';
import { SubscriptionCancelService } from './subscription-cancel.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsageService } from './usage.service.js';

@Controller('billing')
export class BillingController {
  constructor(
    private readonly usageService: UsageService,
    private readonly cancelService: SubscriptionCancelService,
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
}
