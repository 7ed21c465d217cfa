import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ContactRequestSchema, MESSAGES, type ContactRequest } from '@chapterwise/shared';
import type { Request } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterFactory } from '../../providers/rate-limit/rate-limiter.factory.js';
import { AppError } from '../../common/app-error.js';
import { Public } from '../../common/auth.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import { ContactService } from './contact.service.js';

@Public()
@Controller('contact')
export class ContactController {
  // A person writes a few messages an hour; a script writes hundreds.
  private readonly perIp: RateLimiterAbstract;

  constructor(
    private readonly contact: ContactService,
    limiters: RateLimiterFactory,
  ) {
    this.perIp = limiters.create({ points: 5, duration: 3600, keyPrefix: 'contact' });
  }

  @Post()
  @HttpCode(200)
  async submit(@Req() request: Request, @Body(new ZodPipe(ContactRequestSchema)) body: ContactRequest) {
    try {
      await this.perIp.consume(request.ip ?? 'unknown');
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
      throw rejection;
    }
    return this.contact.submit(body);
  }
}
