import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiTokensModule } from '../api-tokens/api-tokens.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthThrottlerGuard } from './auth-throttler.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { TokenService } from './token.service.js';
import { RevokedSessionRepository } from './revoked-session.repository.js';
import { ResetMailJob } from './reset-mail.job.js';

@Module({
  imports: [UsersModule, BillingModule, ApiTokensModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    AuthThrottlerGuard,
    PasswordHasher,
    PasswordResetRepository,
    TokenService,
    RevokedSessionRepository,
    ResetMailJob,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, PasswordHasher],
})
export class AuthModule {}
