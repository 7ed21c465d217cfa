import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApiTokenRepository } from './api-token.repository.js';
import { ApiTokensController } from './api-tokens.controller.js';
import { ApiTokensService } from './api-tokens.service.js';
import { PersonalTokenAuthenticator } from './personal-token.authenticator.js';

@Module({
  imports: [UsersModule, BillingModule],
  controllers: [ApiTokensController],
  providers: [ApiTokenRepository, ApiTokensService, PersonalTokenAuthenticator],
  exports: [PersonalTokenAuthenticator, ApiTokenRepository],
})
export class ApiTokensModule {}
