import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { AppError } from '../../common/app-error.js';
import { Public } from '../../common/auth.decorators.js';
import { renderTestCheckoutPage, TEST_CHECKOUT_SCRIPT } from './test-checkout.page.js';
import { TestCheckoutService } from './test-checkout.service.js';

/** Test mode only (PAY-4): every route answers 404 in production or when both providers are live. */
@Public()
@Controller('payments/test-checkout')
export class TestCheckoutController {
  constructor(private readonly checkout: TestCheckoutService) {}

  @Get('assets/checkout.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  script(): string {
    if (!this.checkout.available) throw AppError.notFound();
    return TEST_CHECKOUT_SCRIPT;
  }

  @Get(':sessionId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async page(@Param('sessionId') sessionId: string): Promise<string> {
    return renderTestCheckoutPage(await this.checkout.view(sessionId));
  }

  @Post(':sessionId/approve')
  @HttpCode(200)
  approve(@Param('sessionId') sessionId: string) {
    return this.checkout.approve(sessionId);
  }

  @Post(':sessionId/decline')
  @HttpCode(200)
  decline(@Param('sessionId') sessionId: string) {
    return this.checkout.decline(sessionId);
  }
}
