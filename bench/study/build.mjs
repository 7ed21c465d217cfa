// Compiles the study engine and the fake model server (TypeScript) for the benchmarks, into bench/results.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const buildDir = join(root, 'bench', 'results', '.study-build');

export function buildStudyEngine() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.json')], { stdio: 'pipe' });
  } catch (error) {
    // Type errors still emit JavaScript; they are shown so they get fixed, but do not stop a benchmark.
    process.stderr.write(String(error.stdout ?? error));
  }
  if (!existsSync(join(buildDir, 'src', 'providers', 'llm', 'study-engine.factory.js')))
    throw new Error('study engine build failed');
}

/** Imports a compiled module by its path under backend/ (e.g. 'src/providers/llm/readability.js'). */
export function importBuilt(path) {
  return import(pathToFileURL(join(buildDir, path)).href);
}

// The shared corpus beside the project root (../shared), as CI places it.
export const corpusDir = join(root, '..', 'shared', 'corpus');
export const resultsFile = join(root, 'bench', 'results', 'study.json');

/** Merges one benchmark's figures into bench/results/study.json. */
export async function writeSection(name, data) {
  const { mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
  mkdirSync(dirname(resultsFile), { recursive: true });
  let all;
  try {
    all = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    all = {};
  }
  all[name] = { ...data, measuredAt: new Date().toISOString(), node: process.version };
  writeFileSync(resultsFile, JSON.stringify(all, null, 2) + '\n');
}

export function printTable(rows, columns) {
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => row[column] ?? '')));
}
