import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { OutputBundle } from 'rolldown';
import type { HtmlTagDescriptor, Plugin, ResolvedConfig } from 'vite';

/** The weights the dashboard sets text in: normal (400) to extrabold (800). */
export const FONT_WEIGHTS = { min: 400, max: 800 } as const;

const INTER_FILE = /(^|\/)inter-([a-z-]+)-wght-normal-[\w-]+\.woff2$/;

/**
 * Inter's variable files carry every weight from 100 to 900. Each of its woff2 assets is cut to FONT_WEIGHTS at
 * build by harfbuzz's instancer, keeping every glyph of its unicode-range: the latin file every page loads goes
 * from 48 to about 31 KB. The file is renamed after the range, so no browser keeps an old cut under its name.
 */
export function fontWeights(): Plugin {
  return {
    name: 'chapterwise:font-weights',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const ranges = createRequire(import.meta.url)('@fontsource-variable/inter/unicode.json') as Record<
        string,
        string
      >;
      const renamed = new Map<string, string>();
      for (const asset of Object.values(bundle)) {
        const subset = asset.type === 'asset' ? INTER_FILE.exec(asset.fileName)?.[2] : undefined;
        if (!subset || !ranges[subset] || asset.type !== 'asset') continue;
        const source = await subsetFont(Buffer.from(asset.source), charactersOf(ranges[subset]), {
          targetFormat: 'woff2',
          variationAxes: { wght: FONT_WEIGHTS },
        });
        const fileName = asset.fileName.replace(/\.woff2$/, `.w${FONT_WEIGHTS.min}-${FONT_WEIGHTS.max}.woff2`);
        renamed.set(asset.fileName, fileName);
        delete bundle[asset.fileName];
        this.emitFile({ type: 'asset', fileName, source: new Uint8Array(source) });
      }
      for (const file of Object.values(bundle as OutputBundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        // Each rule of a cut file names it and says the weights it has now.
        file.source = String(file.source).replace(/@font-face\s*{[^}]*}/g, (rule) => {
          for (const [before, after] of renamed) {
            const [was, now] = [before.replace(/^.*\//, ''), after.replace(/^.*\//, '')];
            if (rule.includes(was)) {
              return rule
                .replace(was, now)
                .replace(/font-weight:\s*\d+\s+\d+/, `font-weight:${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max}`);
            }
          }
          return rule;
        });
      }
    },
  };
}

/** Inter's latin file as the build names it (after fontWeights has cut it). */
const LATIN_FONT_FILE = /(^|\/)inter-latin-wght-normal-[^/]+\.woff2$/;

/**
 * Every page sets its text in Inter's latin file, which the browser would only ask for once the app has rendered
 * text in it, that is after all of the page's scripts: the text would show in the fallback face first and move
 * when Inter arrives (a layout shift on the landing page). Named in index.html, it comes with the page's first files.
 */
export function preloadLatinFont(): Plugin {
  let base = '/';
  return {
    name: 'chapterwise:preload-latin-font',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const latin = Object.keys(context.bundle ?? {}).find((fileName) => LATIN_FONT_FILE.test(fileName));
        if (!latin) return [];
        // crossorigin: fonts are fetched in CORS mode, and a preload made otherwise would not be used.
        const attrs = { rel: 'preload', href: `${base}${latin}`, as: 'font', type: 'font/woff2', crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/** 'U+0000-00FF,U+0131' -> every character of those ranges. */
export function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}
