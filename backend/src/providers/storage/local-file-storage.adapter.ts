import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStorage } from './file-storage.port.js';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Files under DATA_DIR/files, outside any web root. */
export class LocalFileStorage extends FileStorage {
  constructor(private readonly root: string) {
    super();
  }

  async importFile(key: string, localPath: string): Promise<void> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      // Temp files may sit on another file system: copy, then remove the original.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(localPath, target);
      await unlink(localPath);
    }
  }

  async write(key: string, data: Buffer): Promise<void> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.localPath(key));
  }

  createReadStream(key: string): Readable {
    return createReadStream(this.localPath(key));
  }

  localPath(key: string): string {
    // Keys are server-made, but a defence in depth costs nothing: nothing escapes the root.
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Invalid storage key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.localPath(key));
      return true;
    } catch {
      return false;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix.replace(/\/$/, '');
    try {
      const entries = await readdir(this.localPath(base), { recursive: true, withFileTypes: true });
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
    const path = keyOrPrefix.endsWith('/') ? this.localPath(keyOrPrefix.slice(0, -1)) : this.localPath(keyOrPrefix);
    await rm(path, { recursive: true, force: true });
  }
}
