import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { FileStorage } from '../../providers/storage/file-storage.port.js';
import { SignedUrls } from '../files/signed-urls.js';
import { AssetRepository, type AssetSubjectRef } from './asset.repository.js';

export interface GeneratedFile {
  url: string;
  meta: Record<string, unknown> | null;
  cached: boolean;
}

// The same input is never generated twice; changed input gets a new file and the old one is removed.
@Injectable()
export class GeneratedFilesService {
  private readonly logger = new Logger(GeneratedFilesService.name);
  private readonly inFlight = new Map<string, Promise<GeneratedFile>>();

  constructor(
    private readonly assets: AssetRepository,
    private readonly storage: FileStorage,
    private readonly signedUrls: SignedUrls,
  ) {}

  async obtain(
    ref: AssetSubjectRef,
    input: unknown,
    file: { extension: 'mp3' | 'pdf' | 'pptx'; downloadName: string },
    make: () => Promise<{ data: Buffer; meta?: Record<string, unknown> }>,
  ): Promise<GeneratedFile> {
    const contentHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    const cached = await this.assets.findCached(ref, contentHash);
    if (cached && (await this.storage.exists(cached.fileKey))) {
      return { url: this.sign(ref, cached.fileKey, file.downloadName), meta: cached.meta, cached: true };
    }
    // Two clicks on the same button share one generation.
    const flightKey = `${ref.kind}:${ref.subject}:${ref.subjectId}:${contentHash}`;
    const running = this.inFlight.get(flightKey);
    if (running) return running;
    const work = (async () => {
      const { data, meta = null } = await make();
      const fileKey = `books/${ref.bookId}/${ref.kind}/${ref.subject}-${ref.subjectId}-${contentHash.slice(0, 16)}.${file.extension}`;
      await this.storage.write(fileKey, data);
      const asset = await this.assets.record(ref, contentHash, fileKey, meta);
      for (const stale of await this.assets.removeStale(ref, contentHash)) {
        await this.storage
          .delete(stale)
          .catch((error: unknown) => this.logger.warn(`Could not remove ${stale}: ${String(error)}`));
      }
      return { url: this.sign(ref, asset.fileKey, file.downloadName), meta: asset.meta, cached: false };
    })().finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, work);
    return work;
  }

  private sign(ref: AssetSubjectRef, key: string, fileName: string): string {
    return this.signedUrls.sign({ key, ownerId: ref.ownerId, fileName });
  }
}

export function downloadSlug(title: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'book'
  );
}
