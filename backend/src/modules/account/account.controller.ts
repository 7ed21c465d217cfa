import { Body, Controller, Delete, Get, HttpCode, Res } from '@nestjs/common';
import { DeleteAccountRequestSchema } from '@chapterwise/shared';
import type { Response } from 'express';
import { z } from 'zod';
import { CurrentUser, SessionOnly } from '../../common/auth.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import type { UserEntity } from '../users/user.entity.js';
import { AccountService } from './account.service.js';

@Controller('account')
@SessionOnly()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @HttpCode(200)
  @Delete()
  delete(
    @CurrentUser() user: UserEntity,
    @Body(new ZodPipe(DeleteAccountRequestSchema)) body: z.infer<typeof DeleteAccountRequestSchema>,
  ) {
    return this.account.delete(user, body.password);
  }

  @Get('export')
  async export(@CurrentUser() user: UserEntity, @Res() response: Response): Promise<void> {
    const zip = await this.account.export(user);
    const day = new Date().toISOString().slice(0, 10);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="chapterwise-export-${day}.zip"`);
    response.setHeader('Cache-Control', 'private, no-store');
    zip.on('error', (error) => response.destroy(error));
    zip.pipe(response);
  }
}
