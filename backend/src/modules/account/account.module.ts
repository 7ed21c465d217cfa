import { Module } from '@nestjs/common';
import { PaymentsModule } from '../../providers/payments/payments.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BooksModule } from '../books/books.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { UserDataRepository } from './user-data.repository.js';

@Module({
  imports: [AuthModule, BooksModule, PaymentsModule],
  controllers: [AccountController],
  providers: [AccountService, UserDataRepository],
})
export class AccountModule {}
