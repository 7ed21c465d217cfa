import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with the library's defaults (OWASP's minimums or better). */
@Injectable()
export class PasswordHasher {
  // Verifying against this when the email is unknown keeps the timing of both answers alike (AUTH-3).
  private readonly decoy = argon2.hash('decoy password for unknown accounts', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
