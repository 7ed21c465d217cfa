import { Body, Controller, Get, Headers, HttpCode, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ChangePasswordRequestSchema,
  UpdateProfileRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  type User,
} from '@chapterwise/shared';
import { z } from 'zod';
import { CurrentUser, Public, SessionOnly } from '../../common/auth.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { AuthService } from './auth.service.js';
import { AuthThrottlerGuard } from './auth-throttler.guard.js';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Post('register')
  register(@Body(new ZodPipe(RegisterRequestSchema)) body: z.infer<typeof RegisterRequestSchema>) {
    return this.auth.register(body);
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @HttpCode(200)
  @Post('login')
  login(@Body(new ZodPipe(LoginRequestSchema)) body: z.infer<typeof LoginRequestSchema>) {
    return this.auth.login(body);
  }

  @Get('me')
  me(@CurrentUser() user: UserEntity): Promise<User> {
    return this.auth.me(user);
  }

  @SessionOnly()
  @Patch('me')
  updateProfile(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(UpdateProfileRequestSchema)) body: z.infer<typeof UpdateProfileRequestSchema>,
  ): Promise<User> {
    return this.auth.updateProfile(user, body.name);
  }

  /** Throttled like sign-in: the current password is checked here. */
  @SessionOnly()
  @UseGuards(AuthThrottlerGuard)
  @HttpCode(200)
  @Post('change-password')
  changePassword(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(ChangePasswordRequestSchema)) body: z.infer<typeof ChangePasswordRequestSchema>,
  ) {
    return this.auth.changePassword(user, body);
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @HttpCode(200)
  @Post('forgot-password')
  forgotPassword(@Body(new ZodPipe(ForgotPasswordRequestSchema)) body: z.infer<typeof ForgotPasswordRequestSchema>) {
    return this.auth.forgotPassword(body.email);
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @HttpCode(200)
  @Post('reset-password')
  resetPassword(@Body(new ZodPipe(ResetPasswordRequestSchema)) body: z.infer<typeof ResetPasswordRequestSchema>) {
    return this.auth.resetPassword(body);
  }

  @SessionOnly()
  @HttpCode(200)
  @Post('logout')
  logout(@Headers('authorization') authorization: string) {
    return this.auth.logout(authorization.replace(/^Bearer\s+/i, ''));
  }

  @SessionOnly()
  @HttpCode(200)
  @Post('logout-everywhere')
  logoutEverywhere(@CurrentUser() user: UserEntity) {
    return this.auth.logoutEverywhere(user);
  }
}
