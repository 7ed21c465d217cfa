import { Injectable } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config.js';

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

export interface SessionClaims extends TokenClaims {
  sessionId: string;
  expiresAt: Date;
}

const ALGORITHM = 'HS256';
const ISSUER = 'chapterwise';

/** Session tokens: HS256 only, `exp` enforced, and a per-user version so old tokens can be revoked (AUTH-4). */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwt.secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.config.jwt.ttlHours}h`)
      .sign(this.key);
  }

  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.jti !== 'string')
        return null;
      return {
        userId: payload.sub,
        tokenVersion: payload.tv,
        sessionId: payload.jti,
        expiresAt: new Date(payload.exp! * 1000),
      };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
