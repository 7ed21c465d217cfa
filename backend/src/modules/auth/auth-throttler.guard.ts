import { Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard } from '@nestjs/throttler';
import { MESSAGES } from '@chapterwise/shared';

/**
 * Limits sign-in, sign-up and reset calls per IP and per account (AUTH-2); the two throttlers and
 * their trackers are configured in AuthModule.
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(MESSAGES.tooManyRequests);
  }
}

/** The account a request is about, lower-cased; falls back to the IP for bodies without an email. */
export function accountTracker(request: Record<string, unknown>): Promise<string> {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return Promise.resolve(email ? `account:${email}` : `ip:${String(request.ip)}`);
}
