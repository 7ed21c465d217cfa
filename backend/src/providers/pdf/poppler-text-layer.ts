// Runs in the extraction child, also from source: erasable TypeScript only.
// Why poppler: pdf.js `getTextContent` parses on the calling thread, 4-8x slower than poppler's native extraction in
// its own process. `pdftohtml -xml` (not `pdftotext -bbox-layout`) reports font sizes, which typography detection
// needs. pdf.js stays the fallback when the binary is missing, fails, is too slow or too big, or disagrees on pages.
import { StringDecoder } from 'node:string_decoder';
import { layoutPage, type PageLine, type TextRun } from './page-layout.js';
import { runPoppler } from './poppler-process.js';

export interface TextLayerPage {
  width: number;
  height: number;
  lines: PageLine[];
  /** Phrases the page sets in bold or italic, in drawing order (a book's key terms, also its headings and stress). */
  emphasis: string[];
}

export interface TextLayerReading {
  done: Promise<TextLayerPage[] | null>;
  pagesRead: () => number;
  eachPage: (listener: (page: TextLayerPage, number: number) => void) => void;
}

export interface PopplerTextLayerOptions {
  timeoutMs: number;
  maxRssBytes: number;
  signal?: AbortSignal;
  command?: string;
}

// pdftohtml's XML for a 2,000-page book is about 40 MB; more than this is not a book's text.
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
// Coordinates are printed to 6 decimals, font sizes only as integers of the zoomed size: zoom 3 (the most
// pdftohtml allows for XML) keeps them to a third of a point.
const ZOOM = 3;
// pdftohtml gives each string's box (font ascent to descent), not its baseline; most faces descend about a
// fifth of their size below it, which puts the estimate within a point of pdf.js's baseline.
const DESCENT = 0.2;

export function startTextLayer(
  filePath: string,
  limits: { textLayer: 'auto' | 'pdfjs'; textLayerTimeoutMs: number; textLayerMemoryMb: number },
  signal?: AbortSignal,
): TextLayerReading | null {
  if (limits.textLayer === 'pdfjs') return null;
  return readPopplerTextLayer(filePath, {
    timeoutMs: limits.textLayerTimeoutMs,
    maxRssBytes: limits.textLayerMemoryMb * 1024 * 1024,
    signal,
  });
}

export function readPopplerTextLayer(filePath: string, options: PopplerTextLayerOptions): TextLayerReading {
  const listeners: ((page: TextLayerPage, number: number) => void)[] = [];
  const parser = pdfToHtmlXmlParser((page, number) => listeners.forEach((listener) => listener(page, number)));
  const args = ['-xml', '-i', '-q', '-stdout', '-hidden', '-nomerge', '-noroundcoord', '-enc', 'UTF-8'];
  const done = runPoppler(options.command ?? 'pdftohtml', [...args, '-zoom', String(ZOOM), filePath], {
    timeoutMs: options.timeoutMs,
    maxOutputBytes: MAX_OUTPUT_BYTES,
    maxRssBytes: options.maxRssBytes,
    signal: options.signal,
    onOutput: (chunk) => parser.push(chunk),
  }).then((output) => {
    if (output === null) return null;
    try {
      return parser.end();
    } catch {
      return null;
    }
  });
  return {
    done,
    pagesRead: () => parser.pages.length,
    eachPage: (listener) => {
      parser.pages.forEach((page, index) => listener(page, index + 1));
      listeners.push(listener);
    },
  };
}

// A glyph the font draws without naming its character (no ToUnicode entry: an "=" or "≪" in many typeset formulas)
// comes out as an empty string with a width. It is kept as Unicode's replacement character, so the text shows that a
// symbol stood there ("an � n + 3") instead of running its operands together ("an n + 3").
const UNNAMED_GLYPH = '\uFFFD';

// A string may hold markup (<b>, <i>, <a>) and, rarely, a line break.
const ELEMENT =
  /<page number="(\d+)"[^>]*?height="([\d.]+)" width="([\d.]+)"[^>]*>|<fontspec id="(\d+)" size="(-?[\d.]+)"[^>]*>|<text top="(-?[\d.]+)" left="(-?[\d.]+)" width="(-?[\d.]+)" height="(-?[\d.]+)" font="(\d+)"[^>]*>([\s\S]*?)<\/text>|<\/page>/g;
const PAGE_END = '</page>';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
// The ligature decomposition pdf.js applies to its text content.
const LIGATURES: Record<string, string> = {
  '\ufb00': 'ff',
  '\ufb01': 'fi',
  '\ufb02': 'fl',
  '\ufb03': 'ffi',
  '\ufb04': 'ffl',
  '\ufb05': 'st',
  '\ufb06': 'st',
};

function decodeText(raw: string): string {
  if (!/[<&\ufb00-\ufb06]/.test(raw)) return raw;
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/[\ufb00-\ufb06]/g, (ligature) => LIGATURES[ligature] ?? ligature);
}

// pdftohtml wraps text set in a bold or italic face in <b> or <i> (with -nomerge, mostly a whole string).
const EMPHASIS_MARKUP = /<([bi])>([\s\S]*?)<\/\1>/g;
// pdftohtml marks a face bold only when its name says "Bold": a book may set its key terms in a "Medium" or
// "Semibold" weight (OpenIntro's "Kp-Medium") or an "Oblique" style, which the font's name tells.
const ITALIC_FAMILY = /italic|oblique|slanted/i;
const BOLD_FAMILY = /bold|demi|medium|heavy|black/i;

type EmphasisReader = { read: (markup: string, family: string) => void; phrases: () => string[] };

function faceOfFamily(family: string): 'b' | 'i' | null {
  if (ITALIC_FAMILY.test(family)) return 'i';
  return BOLD_FAMILY.test(family) ? 'b' : null;
}

/**
 * The page's emphasised phrases: text set in one emphasised face one string after another forms one phrase, so a term
 * wrapped onto the next line ("lattice" / "path") stays whole, and any plain text between two ends it. A face is
 * emphasised when pdftohtml marks it, or when its font's name says bold or italic and it is not the page's body font
 * (a book set in a "Medium" weight throughout emphasises nothing by it).
 */
function emphasisReader(): EmphasisReader {
  const segments: Array<{ face: string | null; family: string; text: string }> = [];
  return {
    read(markup, family) {
      let at = 0;
      for (const match of markup.matchAll(EMPHASIS_MARKUP)) {
        segments.push({ face: null, family, text: decodeText(markup.slice(at, match.index)) });
        segments.push({ face: match[1]!, family, text: decodeText(match[2]!) });
        at = match.index + match[0].length;
      }
      segments.push({ face: null, family, text: decodeText(markup.slice(at)) });
    },
    phrases() {
      const letters = new Map<string, number>();
      for (const segment of segments)
        letters.set(segment.family, (letters.get(segment.family) ?? 0) + segment.text.length);
      const body = [...letters].sort((a, b) => b[1] - a[1])[0]?.[0];
      const phrases: string[] = [];
      let face: string | null = null;
      let phrase = '';
      const close = () => {
        if (face) phrases.push(phrase.replace(/\s+/g, ' ').trim());
        face = null;
        phrase = '';
      };
      for (const segment of segments) {
        if (segment.text.trim() === '') continue;
        const segmentFace = segment.face ?? (segment.family !== body ? faceOfFamily(segment.family) : null);
        if (segmentFace !== face) close();
        if (!segmentFace) continue;
        face = segmentFace;
        // A word broken at a line's end keeps its hyphen ("recur-" + "rence" reads "recur-rence"), as "self-" +
        // "esteem" must.
        const text = segment.text.trim();
        phrase += phrase === '' || phrase.endsWith('-') ? text : ` ${text}`;
      }
      close();
      return phrases.filter((text) => text.length > 0);
    },
  };
}

/** Incremental parser of `pdftohtml -xml -zoom 3 -noroundcoord`; throws on output it does not understand. */
export function pdfToHtmlXmlParser(onPage: (page: TextLayerPage, number: number) => void = () => undefined) {
  const pages: TextLayerPage[] = [];
  const fontSizes = new Map<string, number>();
  const fontFamilies = new Map<string, string>();
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let page: { width: number; height: number; runs: TextRun[]; emphasis: EmphasisReader } | null = null;

  const closePage = () => {
    if (!page) return;
    const laidOut = {
      width: page.width,
      height: page.height,
      lines: layoutPage(page.runs, page.width),
      emphasis: page.emphasis.phrases(),
    };
    pages.push(laidOut);
    page = null;
    onPage(laidOut, pages.length);
  };
  const consume = (xml: string) => {
    for (const match of xml.matchAll(ELEMENT)) {
      if (match[1] !== undefined) {
        closePage();
        if (Number(match[1]) !== pages.length + 1) throw new Error(`page ${match[1]} after ${pages.length}`);
        page = {
          height: Number(match[2]) / ZOOM,
          width: Number(match[3]) / ZOOM,
          runs: [],
          emphasis: emphasisReader(),
        };
      } else if (match[4] !== undefined) {
        fontSizes.set(match[4], Math.abs(Number(match[5])));
        fontFamilies.set(match[4], /family="([^"]*)"/.exec(match[0])?.[1] ?? '');
      } else if (match[6] !== undefined) {
        const raw = page ? decodeText(match[11]!) : '';
        const text = raw === '' && Number(match[8]) > 0 ? UNNAMED_GLYPH : raw.trimStart();
        if (!page || text.length === 0) continue;
        page.emphasis.read(match[11]!, fontFamilies.get(match[10]!) ?? '');
        const [top, left, width, height] = [match[6], match[7], match[8], match[9]].map(
          (value) => Number(value) / ZOOM,
        ) as [number, number, number, number];
        const size = (fontSizes.get(match[10]!) ?? height * ZOOM) / ZOOM;
        // Leading spaces (indented code) are inside the box; pdf.js starts the run at the first glyph.
        const indent = raw.length > text.length ? (width * (raw.length - text.length)) / raw.length : 0;
        page.runs.push({
          text,
          x: left + indent,
          top: top + height - DESCENT * size,
          width: width - indent,
          size,
          hasEOL: false,
        });
      } else closePage();
    }
  };
  return {
    pages,
    push(chunk: Buffer): void {
      pending += decoder.write(chunk);
      const end = pending.lastIndexOf(PAGE_END);
      if (end < 0) return;
      consume(pending.slice(0, end + PAGE_END.length));
      pending = pending.slice(end + PAGE_END.length);
    },
    end(): TextLayerPage[] {
      consume(pending + decoder.end());
      pending = '';
      closePage();
      return pages;
    },
  };
}

export function parsePdfToHtmlXml(xml: string): TextLayerPage[] {
  const parser = pdfToHtmlXmlParser();
  parser.push(Buffer.from(xml));
  return parser.end();
}
