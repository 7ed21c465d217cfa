import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ChildEntry {
  modulePath: string;
  execArgv: string[];
}

// From TypeScript sources (jest through swc): the `.ts` entry via Node's type stripping and a `.js` resolve hook.
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
