import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../config/app-config.js';

export interface SignedFile {
  key: string;
  ownerId: string;
  fileName: string;
}

const DEFAULT_TTL_S = 15 * 60;

// A PDF or MP3 opened in a new tab carries no bearer header: the link itself is the permission (URL-1).
@Injectable()
export class SignedUrls {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.jwt.secret).update('signed-file-urls').digest();
  }

  sign(file: SignedFile, ttlSeconds = DEFAULT_TTL_S): string {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const params = new URLSearchParams({ o: file.ownerId, exp: String(exp), name: file.fileName });
    params.set('sig', this.signature(file.key, file.ownerId, exp, file.fileName));
    // A path, not an address: the dashboard fetches it from whatever host it was opened on (the CSP allows only
    // its own origin), and the extension and API clients resolve it against the server they called.
    return `/api/files/${file.key}?${params.toString()}`;
  }

  verify(key: string, query: Record<string, unknown>): SignedFile | null {
    const { o, exp, name, sig } = query;
    if (typeof o !== 'string' || typeof exp !== 'string' || typeof name !== 'string' || typeof sig !== 'string')
      return null;
    // Digits only: `N.0`, ` N` or `1e9` would sign the same number under another spelling.
    if (!/^[0-9]{1,12}$/.test(exp)) return null;
    const expiry = Number(exp);
    if (expiry < Date.now() / 1000) return null;
    const expected = Buffer.from(this.signature(key, o, expiry, name), 'base64url');
    const given = Buffer.from(sig, 'base64url');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { key, ownerId: o, fileName: name };
  }

  private signature(key: string, ownerId: string, exp: number, fileName: string): string {
    return createHmac('sha256', this.key).update(`${key}\n${ownerId}\n${exp}\n${fileName}`).digest('base64url');
  }
}
