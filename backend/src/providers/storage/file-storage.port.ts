import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Keys are made by the server (UP-3); no method hands out a path: API and workers may share no disk. */
export abstract class FileStorage {
  /** The source file may be moved or left for the caller to remove. */
  abstract importFile(key: string, sourcePath: string): Promise<void>;
  abstract write(key: string, data: Buffer): Promise<void>;
  abstract read(key: string): Promise<Buffer>;
  abstract openReadStream(key: string, range?: ByteRange): Promise<Readable>;
  abstract stat(key: string): Promise<StoredObject | null>;
  /** For tools that need a file (poppler, mutool, tesseract); gone afterwards unless the store is local. */
  abstract withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** `prefix` ends in '/'. */
  abstract list(prefix: string): Promise<string[]>;
  /** A prefix ending in '/' removes every key under it. */
  abstract delete(keyOrPrefix: string): Promise<void>;

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys are server-made, but a defence in depth costs nothing: no key climbs out of its root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Invalid storage key: ${key}`);
}
