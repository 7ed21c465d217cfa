import type { Readable } from 'node:stream';

/** Where uploaded books and generated files live; keys are made by the server, never by a user (UP-3). */
export abstract class FileStorage {
  /** Moves a local file (a finished upload) into storage. */
  abstract importFile(key: string, localPath: string): Promise<void>;
  abstract write(key: string, data: Buffer): Promise<void>;
  abstract read(key: string): Promise<Buffer>;
  abstract createReadStream(key: string): Readable;
  /** A path on this machine for tools that need one (pdf.js child process, OCR); local storage only. */
  abstract localPath(key: string): string;
  abstract exists(key: string): Promise<boolean>;
  /** Every key under a prefix ending in '/' (the account export); none when there is nothing. */
  abstract list(prefix: string): Promise<string[]>;
  /** Removes a key, or every key under a prefix ending in '/'. */
  abstract delete(keyOrPrefix: string): Promise<void>;
}
