import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, FileStorage, type ByteRange, type StoredObject } from './file-storage.port.js';

export interface S3StorageConfig {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** An S3-compatible bucket (AWS S3, MinIO, R2): the API and every worker see the same files without a shared disk. */
export class S3FileStorage extends FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly swept: Promise<void>;

  constructor(
    config: S3StorageConfig,
    private readonly scratchDir: string,
  ) {
    super();
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several compatible stores reject the newer CRC headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.swept = sweepDeadCopies(scratchDir).catch(() => undefined);
  }

  async importFile(key: string, sourcePath: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(sourcePath), ContentLength: size }),
    );
  }

  async write(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.get(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async openReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const body = await this.get(key, range);
    return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    await this.swept;
    const dir = await mkdtemp(join(this.scratchDir, `${process.pid}-`));
    try {
      const path = join(dir, key.split('/').pop()!);
      await pipeline(await this.openReadStream(key), createWriteStream(path));
      return await use(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertSafeKey(prefix.replace(/\/$/, ''));
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async delete(keyOrPrefix: string): Promise<void> {
    if (!keyOrPrefix.endsWith('/')) {
      assertSafeKey(keyOrPrefix);
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOrPrefix }));
      return;
    }
    assertSafeKey(keyOrPrefix.slice(0, -1));
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: keyOrPrefix, ContinuationToken: token }),
      );
      // One DELETE per object: DeleteObjects needs a checksum header not every compatible store accepts.
      for (const object of page.Contents ?? []) {
        if (object.Key) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async get(key: string, range?: ByteRange) {
    assertSafeKey(key);
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!answer.Body) throw new Error(`Empty answer for ${key}`);
    return answer.Body;
  }
}

// A process killed mid-job leaves its copy behind; the next process on this DATA_DIR removes it.
async function sweepDeadCopies(scratchDir: string): Promise<void> {
  await mkdir(scratchDir, { recursive: true });
  for (const name of await readdir(scratchDir)) {
    const pid = Number(name.split('-')[0]);
    if (pid !== process.pid && !isAlive(pid)) await rm(join(scratchDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}
