import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, type RawBodyRequest } from '@nestjs/common';
import {
  CreateSubscriptionRequestSchema,
  RazorpayVerifyRequestSchema,
  type CreateSubscriptionRequest,
  type RazorpayVerifyRequest,
} from '@chapterwise/shared';
import type { Request } from 'express';
import { CurrentUser, Public } from '../../common/auth.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { LocationService } from './location.service.js';
import { PaypalBillingService } from './paypal-billing.service.js';
import { RazorpayBillingService } from './razorpay-billing.service.js';
import { SubscriptionRefreshService } from './subscription-refresh.service.js';

@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly location: LocationService,
    private readonly razorpay: RazorpayBillingService,
    private readonly paypal: PaypalBillingService,
    private readonly refresher: SubscriptionRefreshService,
  ) {}

  // req.ip honours X-Forwarded-For only when TRUST_PROXY says a proxy is in front.
  @Public()
  @Get('detect-location')
  detectLocation(@Req() request: Request) {
    return this.location.detect(request.ip);
  }

  @Post('razorpay/create-subscription')
  createRazorpaySubscription(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(CreateSubscriptionRequestSchema)) body: CreateSubscriptionRequest,
  ) {
    return this.razorpay.createSubscription(user, body.plan);
  }

  @Post('razorpay/verify')
  @HttpCode(200)
  verifyRazorpay(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(RazorpayVerifyRequestSchema)) body: RazorpayVerifyRequest,
  ) {
    return this.razorpay.verify(user, body);
  }

  @Public()
  @Post('razorpay/webhook')
  @HttpCode(200)
  async razorpayWebhook(
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ) {
    return { status: await this.razorpay.handleWebhook(request.rawBody, signature, eventId) };
  }

  @Post('paypal/create-subscription')
  createPaypalSubscription(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(CreateSubscriptionRequestSchema)) body: CreateSubscriptionRequest,
  ) {
    return this.paypal.createSubscription(user, body.plan);
  }

  @Public()
  @Post('paypal/webhook')
  @HttpCode(200)
  async paypalWebhook(@Req() request: RawBodyRequest<Request>, @Headers() headers: Record<string, string | undefined>) {
    const status = await this.paypal.handleWebhook(request.rawBody, {
      authAlgo: headers['paypal-auth-algo'],
      certUrl: headers['paypal-cert-url'],
      transmissionId: headers['paypal-transmission-id'],
      transmissionSig: headers['paypal-transmission-sig'],
      transmissionTime: headers['paypal-transmission-time'],
    });
    return { status };
  }

  @Get('status/:session_id')
  status(@CurrentUser() user: UserEntity, @Param('session_id') sessionId: string) {
    return this.refresher.status(user, sessionId);
  }
}
