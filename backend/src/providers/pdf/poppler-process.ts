// Runs in the extraction child, also from source: erasable TypeScript only.
// The tool inherits the extraction child's process group, so its limits kill it too; these tighter ones let the
// child fall back to pdf.js instead of failing the book.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processRss } from './process-memory.js';

export interface PopplerRunOptions {
  timeoutMs: number;
  /** Output beyond this many bytes is not wanted (a hostile file can draw without end). */
  maxOutputBytes: number;
  maxRssBytes: number;
  signal?: AbortSignal;
  onOutput?: (chunk: Buffer) => void;
}

// The extraction's watch sees the whole process group only every second; a native process can take a lot of
// memory in a second.
const MEMORY_POLL_MS = 100;
const OUTPUT_POLL_MS = 15;

// Never rejects: null when the tool cannot start, fails or passes a limit. It writes to an unlinked temp file read as
// it grows, not a pipe: a 64 KB pipe would stall the tool whenever this thread is busy (pdf.js opening the document).
export function runPoppler(command: string, args: string[], options: PopplerRunOptions): Promise<Buffer | null> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) return resolve(null);
    const path = join(tmpdir(), `chapterwise-poppler-${process.pid}-${randomUUID()}`);
    let fd: number;
    try {
      fd = openSync(path, 'wx+', 0o600);
      unlinkSync(path);
    } catch {
      return resolve(null);
    }
    const child = spawn(command, args, { stdio: ['ignore', fd, 'ignore'] });
    const chunks: Buffer[] = [];
    let offset = 0;
    let settled = false;
    const finish = (ok: boolean) => {
      if (settled) return;
      if (ok) ok = drain();
      settled = true;
      clearTimeout(timer);
      clearInterval(outputWatch);
      clearInterval(memoryWatch);
      options.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      closeSync(fd);
      resolve(ok ? Buffer.concat(chunks) : null);
    };
    const drain = (): boolean => {
      const size = fstatSync(fd).size;
      if (size > options.maxOutputBytes) return false;
      while (offset < size) {
        const chunk = Buffer.allocUnsafe(Math.min(size - offset, 4 * 1024 * 1024));
        const read = readSync(fd, chunk, 0, chunk.length, offset);
        if (read === 0) break;
        offset += read;
        if (!options.onOutput) chunks.push(chunk.subarray(0, read));
        else {
          try {
            options.onOutput(chunk.subarray(0, read));
          } catch {
            return false;
          }
        }
      }
      return true;
    };
    const onAbort = () => finish(false);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => finish(false), options.timeoutMs);
    const outputWatch = setInterval(() => drain() || finish(false), OUTPUT_POLL_MS);
    const memoryWatch = setInterval(() => {
      if (child.pid !== undefined) void processRss(child.pid).then((rss) => rss > options.maxRssBytes && finish(false));
    }, MEMORY_POLL_MS);
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}
