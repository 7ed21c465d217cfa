import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

// A copy of the database alone does not give webhook secrets away. Sealed: `enc:v1:` + base64url(iv | tag | data).
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = createHmac('sha256', keyMaterial).update('chapterwise secret box').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
  }

  /** The plain value; a value stored before encryption (no prefix) is returned as it is. */
  open(stored: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }
}

/** The key the running configuration seals with, for the migration that encrypts rows written before. */
let migrationBox: SecretBox | undefined;
export function setMigrationSecretBox(box: SecretBox): void {
  migrationBox = box;
}
export function migrationSecretBox(): SecretBox {
  if (!migrationBox) throw new Error('The secret-box key is not set: run migrations through the app (AppModule)');
  return migrationBox;
}
