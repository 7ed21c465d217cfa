import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './app-config.js';
import { EnvSchema } from './config.schema.js';

describe('.env.example', () => {
  it('documents every variable the configuration reads, and no other', () => {
    const example = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]).sort();
    expect(documented).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it('parses with its own defaults', () => {
    const example = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    );
    expect(() => loadConfig({ ...values, DATA_DIR: '/tmp/chapterwise-env-example' })).not.toThrow();
  });
});
