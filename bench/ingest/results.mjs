// bench/results/ingest.json is shared by the ingestion benches: each merges its own keys into it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'ingest.json');

export function writeResults(results) {
  mkdirSync(dirname(resultsFile), { recursive: true });
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ ...previous, ...results, updatedAt: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(`\nwrote ${resultsFile}`);
}
