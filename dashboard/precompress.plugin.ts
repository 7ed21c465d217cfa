import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(js|mjs|css|svg|json)$/;

/**
 * Writes a Brotli copy (`<file>.br`) of every text asset at the highest quality, which the backend
 * serves to browsers that accept it: 10-20% fewer bytes than gzip on the first visit's critical path.
 */
export function precompressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chapterwise:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!TEXT.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
        if (source.length < 1024) continue;
        // Quality 11 takes seconds on the pdf.js worker (1.2 MB), which no first visit loads.
        const quality = source.length > 512 * 1024 ? 9 : 11;
        const compressed = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
        if (compressed.length < source.length)
          writeFileSync(join(config.build.outDir, `${file.fileName}.br`), compressed);
      }
    },
  };
}
