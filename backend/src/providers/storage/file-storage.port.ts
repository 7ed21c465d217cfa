import type { Readable } from 'node:stream';

export interface StoredObject {
  /** Size of the whole object in bytes. */
  size: number;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded books and generated files live; keys are made by the server, never by a user (UP-3).
 * No method hands out a path of the store: API and workers may run on machines that share no disk.
 */
export abstract class FileStorage {
  /** Stores a finished local file (an upload's temp file) under `key`; the file may be moved or left for the caller to remove. */
  abstract importFile(key: string, sourcePath: string): Promise<void>;
  abstract write(key: string, data: Buffer): Promise<void>;
  abstract read(key: string): Promise<Buffer>;
  /** The object's bytes, or only `range` of them. */
  abstract openReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the object, or null when it does not exist. */
  abstract stat(key: string): Promise<StoredObject | null>;
  /** Runs `use` with a file on this machine holding the object (poppler, mutool and tesseract need one); it is gone afterwards unless the store is local. */
  abstract withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Every key under a prefix ending in '/' (the account export); none when there is nothing. */
  abstract list(prefix: string): Promise<string[]>;
  /** Removes a key, or every key under a prefix ending in '/'. */
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
