// The ingestion benchmarks in turn, each a separate process (they start backends and extraction processes):
// detection F1 on both corpora with and without outlines (detection.mjs), detection F1, extraction time and OCR (ingest.mjs), upload-to-completed throughput (throughput.mjs), API
// memory and latency isolation (isolation.mjs). Results: bench/results/ingest.json.
// Usage: npm run build -w backend && node bench/ingest/run.mjs     (or: npm run bench -- ingest)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const failed = [];
for (const script of ['detection.mjs', 'ingest.mjs', 'throughput.mjs', 'isolation.mjs']) {
  console.log(`\n== bench/ingest/${script}`);
  const result = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(script);
}
if (failed.length) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
