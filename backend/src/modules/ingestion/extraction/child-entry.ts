import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ChildEntry {
  modulePath: string;
  execArgv: string[];
}

/**
 * How to start the extraction child from wherever this module runs: next to the compiled `.js` in dist, or,
 * when running from TypeScript sources (jest through swc), the `.ts` entry through Node's type stripping with
 * a resolve hook for the `.js` import suffixes.
 */
export function extractionChildEntry(): ChildEntry {
  const compiled = new URL('./extraction-child.js', import.meta.url);
  if (existsSync(compiled)) return { modulePath: fileURLToPath(compiled), execArgv: [] };
  const source = new URL('./extraction-child.ts', import.meta.url);
  const hooks = new URL('./ts-source-hooks.mjs', import.meta.url);
  if (existsSync(source) && existsSync(hooks)) {
    return { modulePath: fileURLToPath(source), execArgv: ['--import', hooks.href] };
  }
  throw new Error(`The extraction child was not found next to ${fileURLToPath(import.meta.url)}`);
}
