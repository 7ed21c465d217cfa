import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, FileStorage, type ByteRange, type StoredObject } from './file-storage.port.js';

export class LocalFileStorage extends FileStorage {
  constructor(private readonly root: string) {
    super();
  }

  async importFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch (error) {
      // Temp files may sit on another file system: copy, then remove the original.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
  }

  async write(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async openReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch {
      return null;
    }
  }

  // The store is this folder: the tool reads the stored file itself, nothing is copied.
  withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(key));
  }

  async list(prefix: string): Promise<string[]> {
    try {
      const entries = await readdir(this.pathOf(prefix.replace(/\/$/, '')), { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(resolve(this.root), join(entry.parentPath, entry.name)).split(sep).join('/'))
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async delete(keyOrPrefix: string): Promise<void> {
    const key = keyOrPrefix.endsWith('/') ? keyOrPrefix.slice(0, -1) : keyOrPrefix;
    await rm(this.pathOf(key), { recursive: true, force: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }
}
