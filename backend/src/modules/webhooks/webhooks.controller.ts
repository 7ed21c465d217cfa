import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CreateWebhookRequestSchema, MESSAGES, type ValidCreateWebhookRequest } from '@chapterwise/shared';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterFactory } from '../../providers/rate-limit/rate-limiter.factory.js';
import { AppError } from '../../common/app-error.js';
import { CurrentUser } from '../../common/auth.decorators.js';
import { IdParam } from '../../common/id-param.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { WebhooksPlanGuard } from './webhooks-plan.guard.js';
import { WebhooksService } from './webhooks.service.js';

@Controller('webhooks')
@UseGuards(WebhooksPlanGuard)
export class WebhooksController {
  // Test events go to any public URL the user names; a person sends a few, a script hundreds.
  private readonly testsPerUser: RateLimiterAbstract;

  constructor(
    private readonly webhooks: WebhooksService,
    limiters: RateLimiterFactory,
  ) {
    this.testsPerUser = limiters.create({ points: 10, duration: 60, keyPrefix: 'webhook-test' });
  }

  @Get()
  list(@CurrentUser() user: UserEntity) {
    return this.webhooks.list(user.id);
  }

  @Post()
  create(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(CreateWebhookRequestSchema)) body: ValidCreateWebhookRequest,
  ) {
    return this.webhooks.create(user.id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  async delete(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    await this.webhooks.delete(user.id, id);
    return { message: MESSAGES.webhookDeleted };
  }

  @Post(':id/test')
  @HttpCode(202)
  async test(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    try {
      await this.testsPerUser.consume(user.id);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
      throw rejection;
    }
    return this.webhooks.sendTest(user.id, id);
  }

  @Get(':id/deliveries')
  deliveries(@CurrentUser() user: UserEntity, @IdParam() id: string) {
    return this.webhooks.listDeliveries(user.id, id);
  }
}
