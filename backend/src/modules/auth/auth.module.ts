import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../../config/app-config.js';
import { UsersModule } from '../users/users.module.js';
import { accountTracker } from './auth-throttler.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { TokenService } from './token.service.js';

@Module({
  imports: [
    UsersModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [
          { name: 'ip', ttl: config.authThrottle.windowMs, limit: config.authThrottle.limit },
          { name: 'account', ttl: config.authThrottle.windowMs, limit: config.authThrottle.limit, getTracker: accountTracker },
        ],
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    PasswordHasher,
    PasswordResetRepository,
    TokenService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService],
})
export class AuthModule {}
