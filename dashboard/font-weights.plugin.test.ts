// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { charactersOf, FONT_WEIGHTS, fontWeights, preloadLatinFont } from './font-weights.plugin.js';

const require = createRequire(import.meta.url);
const LATIN = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const LATIN_RANGE = (require('@fontsource-variable/inter/unicode.json') as Record<string, string>).latin!;

/** The font as harfbuzz reads it (TrueType: every character of the range kept, no axis touched). */
async function faceOf(woff2: Uint8Array): Promise<Face> {
  const truetype = await subsetFont(Buffer.from(woff2), charactersOf(LATIN_RANGE), { targetFormat: 'truetype' });
  return new Face(new Blob(new Uint8Array(truetype)));
}

describe('charactersOf', () => {
  it('expands a CSS unicode-range', () => {
    expect(charactersOf('U+0041-0043,U+20AC, U+0131')).toBe('ABC€ı');
  });
});

describe('fontWeights', () => {
  it('cuts Inter to the weights the dashboard uses, keeps every character, and renames it in the CSS', async () => {
    const original = new Uint8Array(readFileSync(LATIN));
    const fontName = 'assets/inter-latin-wght-normal-Dx4kXJAl.woff2';
    const css = {
      type: 'asset',
      fileName: 'assets/index-abc.css',
      source: `@font-face{font-family:Inter Variable;font-weight:100 900;src:url(/assets/inter-latin-wght-normal-Dx4kXJAl.woff2)}`,
    };
    const bundle: Record<string, unknown> = {
      [fontName]: { type: 'asset', fileName: fontName, source: original },
      [css.fileName]: css,
    };
    const emitted: Array<{ fileName: string; source: Uint8Array }> = [];
    const plugin = fontWeights() as unknown as {
      generateBundle: (this: unknown, options: unknown, bundle: OutputBundle) => Promise<void>;
    };
    await plugin.generateBundle.call(
      { emitFile: (file: { fileName: string; source: Uint8Array }) => emitted.push(file) },
      {},
      bundle as unknown as OutputBundle,
    );

    expect(bundle[fontName]).toBeUndefined();
    expect(emitted.map((file) => file.fileName)).toEqual(['assets/inter-latin-wght-normal-Dx4kXJAl.w400-800.woff2']);
    expect(css.source).toBe(
      '@font-face{font-family:Inter Variable;font-weight:400 800;src:url(/assets/inter-latin-wght-normal-Dx4kXJAl.w400-800.woff2)}',
    );
    const cut = emitted[0]!.source;
    expect(cut.length).toBeLessThan(original.length * 0.75);

    const [before, after] = [await faceOf(original), await faceOf(cut)];
    const { min, max } = after.getAxisInfos().wght!;
    expect({ min, max }).toEqual(FONT_WEIGHTS);
    expect(before.getAxisInfos().wght).toMatchObject({ min: 100, max: 900 });
    const kept = new Set(after.collectUnicodes());
    const wanted = [...charactersOf(LATIN_RANGE)].map((character) => character.codePointAt(0)!);
    expect(wanted.filter((code) => new Set(before.collectUnicodes()).has(code) && !kept.has(code))).toEqual([]);
  });
});

describe('preloadLatinFont', () => {
  type Handler = (html: string, context: { bundle?: Record<string, unknown> }) => unknown;
  const handlerOf = (base: string) => {
    const plugin = preloadLatinFont() as unknown as {
      configResolved: (config: { base: string }) => void;
      transformIndexHtml: { handler: Handler };
    };
    plugin.configResolved({ base });
    return plugin.transformIndexHtml.handler;
  };
  const bundle = Object.fromEntries(
    [
      'assets/inter-latin-ext-wght-normal-DO1Apj_S.w400-800.woff2',
      'assets/inter-latin-wght-normal-Dx4kXJAl.w400-800.woff2',
      'assets/inter-cyrillic-wght-normal-DqGufNeO.w400-800.woff2',
      'assets/index-abc.css',
    ].map((fileName) => [fileName, { type: 'asset', fileName }]),
  );

  it("names Inter's latin file (not latin-ext or another script's) in index.html, as a CORS font preload", () => {
    expect(handlerOf('/')('', { bundle })).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: '/assets/inter-latin-wght-normal-Dx4kXJAl.w400-800.woff2',
          as: 'font',
          type: 'font/woff2',
          crossorigin: '',
        },
        injectTo: 'head',
      },
    ]);
  });

  it('adds nothing in the dev server or without the file', () => {
    expect(handlerOf('/')('', {})).toEqual([]);
    expect(handlerOf('/')('', { bundle: { 'assets/index-abc.css': bundle['assets/index-abc.css'] } })).toEqual([]);
  });
});
