import { Controller, Get } from '@nestjs/common';
import { CurrentUser } from '../../common/auth.decorators.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsageService } from './usage.service.js';

@Controller('billing')
export class BillingController {
  constructor(private readonly usageService: UsageService) {}

  @Get('usage')
  usage(@CurrentUser() user: UserEntity) {
    return this.usageService.usage(user);
  }
}
