import { Injectable, Logger } from '@nestjs/common';
import {
  MESSAGES,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  type AuthResponse,
  type ForgotPasswordResponse,
  type User,
} from '@chapterwise/shared';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';
import { Mailer } from '../../providers/mail/mail.port.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { EntitlementService } from '../billing/entitlement.service.js';
import { toUserDto, UserRepository } from '../users/user.repository.js';
import type { UserEntity } from '../users/user.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { RevokedSessionRepository } from './revoked-session.repository.js';
import { ApiTokenRepository } from '../api-tokens/api-token.repository.js';
import { generateResetCode, hashResetCode, sameHash } from './reset-code.js';
import { TokenService } from './token.service.js';

const RESET_MAIL_DELAY_MS = 250;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly entitlements: EntitlementService,
    private readonly revokedSessions: RevokedSessionRepository,
    private readonly apiTokens: ApiTokenRepository,
    private readonly jobs: JobQueue,
  ) {}

  async register(input: { name: string; email: string; password: string }): Promise<AuthResponse> {
    const passwordHash = await this.hasher.hash(input.password);
    const user = await this.users.create({ name: input.name, email: input.email, passwordHash });
    if (!user) throw AppError.conflict(MESSAGES.emailTaken);
    return this.session(user);
  }

  async login(input: { email: string; password: string }): Promise<AuthResponse> {
    const user = await this.users.findByEmail(input.email);
    // Unknown email and wrong password take the same path and give the same answer (AUTH-3).
    const valid = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !valid) throw AppError.unauthenticated(MESSAGES.invalidCredentials);
    return this.session(user);
  }

  async userForToken(token: string): Promise<UserEntity | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const [user, signedOut] = await Promise.all([
      this.users.findById(claims.userId),
      this.revokedSessions.isRevoked(claims.sessionId),
    ]);
    return user && !signedOut && user.tokenVersion === claims.tokenVersion ? user : null;
  }

  /** Logout: this session's token stops working on the server at once, not only in the browser (AUTH-4). */
  async logout(token: string): Promise<{ message: string }> {
    const claims = await this.tokens.verify(token);
    if (claims) await this.revokedSessions.revoke(claims.userId, claims.sessionId, claims.expiresAt);
    return { message: MESSAGES.signedOut };
  }

  // API tokens go too: anyone who held a session could have made one the owner never sees go.
  async logoutEverywhere(user: UserEntity): Promise<{ message: string }> {
    await this.users.revokeAllSessions(user.id);
    await this.apiTokens.deleteAllOwned(user.id);
    return { message: MESSAGES.signedOutEverywhere };
  }

  async forgotPassword(email: string): Promise<ForgotPasswordResponse> {
    if (!this.mailer.available && !this.config.showResetCodeWithoutMail) {
      throw new AppError(
        'UNAVAILABLE',
        'Password reset by email is not available on this server. Please contact support.',
      );
    }
    if (this.mailer.available) {
      // The same work for every email (RST-1); the delay keeps a known email's mail work off this answer's thread.
      await this.jobs.enqueue('auth.reset-mail', { email: email.toLowerCase() }, { delayMs: RESET_MAIL_DELAY_MS });
      return { email_sent: true };
    }
    // Development without mail only (RST-3); unknown emails get a code too, so both answers look alike.
    const code = generateResetCode();
    const user = await this.users.findByEmail(email);
    if (user) await this.storeResetCode(user, code);
    return { email_sent: false, reset_code: code };
  }

  async mailResetCode(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const code = generateResetCode();
    await this.storeResetCode(user, code);
    await this.sendResetMail(user, code);
  }

  private async storeResetCode(user: UserEntity, code: string): Promise<void> {
    const expiresAt = new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000);
    await this.resets.replaceForUser(user.id, hashResetCode(this.config.jwt.secret, user.id, code), expiresAt);
  }

  async resetPassword(input: {
    email: string;
    reset_code: string;
    new_password: string;
  }): Promise<{ message: string }> {
    const invalid = AppError.validation(MESSAGES.invalidResetCode);
    const user = await this.users.findByEmail(input.email);
    const reset = user ? await this.resets.findActiveForUser(user.id) : null;
    if (!user || !reset || reset.expiresAt.getTime() < Date.now() || reset.attempts >= RESET_CODE_MAX_ATTEMPTS) {
      throw invalid;
    }
    if (!sameHash(reset.codeHash, hashResetCode(this.config.jwt.secret, user.id, input.reset_code))) {
      await this.resets.recordFailedAttempt(reset.id);
      throw invalid;
    }
    if (!(await this.resets.markUsed(reset.id))) throw invalid;
    // Bumps the token version: every session ends (RST-4), and API tokens whoever knew the old password may have made.
    await this.users.changePassword(user.id, await this.hasher.hash(input.new_password));
    await this.apiTokens.deleteAllOwned(user.id);
    return { message: MESSAGES.passwordReset };
  }

  async updateProfile(user: UserEntity, name: string): Promise<User> {
    await this.users.rename(user.id, name);
    return this.me({ ...user, name });
  }

  // Bumping the token version ends this session too: the answer carries a fresh token so this browser stays in.
  async changePassword(
    user: UserEntity,
    input: { current_password: string; new_password: string },
  ): Promise<AuthResponse> {
    if (!(await this.hasher.verify(user.passwordHash, input.current_password)))
      throw AppError.validation(MESSAGES.wrongCurrentPassword);
    await this.users.changePassword(user.id, await this.hasher.hash(input.new_password));
    // As after a reset: whoever knew the old password may have made tokens with it.
    await this.apiTokens.deleteAllOwned(user.id);
    const updated = await this.users.findById(user.id);
    if (!updated) throw AppError.unauthenticated(MESSAGES.invalidCredentials);
    const { token } = await this.session(updated);
    return { token, user: await this.me(updated) };
  }

  private async session(user: UserEntity): Promise<AuthResponse> {
    const token = await this.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
    return { token, user: toUserDto(user) };
  }

  private async sendResetMail(user: UserEntity, code: string): Promise<void> {
    try {
      await this.mailer.send({
        to: user.email,
        subject: 'Your ChapterWise password reset code',
        text: [
          `Hi ${user.name},`,
          '',
          `Your password reset code is: ${code}`,
          '',
          `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once.`,
          'Setting a new password signs you out everywhere and revokes your personal API tokens.',
          `Enter it at ${this.config.appUrl}/reset-password`,
          '',
          "If you didn't ask for this, you can ignore this email: your password stays the same.",
        ].join('\n'),
      });
    } catch (error) {
      // Never log the code itself (RST-3); the job fails and is retried with a fresh code.
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`Reset mail to user ${user.id} failed: ${reason}`);
      throw new Error(`Reset mail to user ${user.id} failed: ${reason}`, { cause: error });
    }
  }

  async me(user: UserEntity): Promise<User> {
    return { ...toUserDto(user), plan: await this.entitlements.currentPlan(user) };
  }
}
