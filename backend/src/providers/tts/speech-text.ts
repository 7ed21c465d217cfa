import { plainInline } from '../renderer/summary-text.js';

// Pieces are always cut at sentence boundaries.

const PAGE_RANGE = /\bpp\.\s*([\w.]+)\s*[–—-]\s*([\w.]+)/g;
const SINGLE_PAGE = /\bpp?\.\s*(\w+)/g;

export function prepareForSpeech(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      // Links, emphasis and code spans as plain words, as the exports show them.
      plainInline(line.replace(/^\s{0,3}#{1,6}\s+/, '').replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, ''))
        .replace(PAGE_RANGE, 'pages $1 to $2')
        .replace(SINGLE_PAGE, 'page $1')
        // Verse quoted in the notes keeps its line breaks as " / ": spoken, a line break is a pause.
        .replace(/([,;:.!?…]["'”’)]*) \/ (?=["'‘“]?\p{Lu})/gu, '$1 ')
        .replace(/ \/ (?=["'‘“]?\p{Lu})/gu, ', ')
        .trim(),
    )
    .filter((line) => line.length > 0)
    // A heading or list item without final punctuation would run into the next line when spoken.
    .map((line) => (/[.!?:;…]["'”’)]*$/.test(line) ? line : `${line}.`));
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

function segmenter(language: string | null, granularity: 'sentence' | 'word'): Intl.Segmenter {
  try {
    return new Intl.Segmenter(language ?? 'en', { granularity });
  } catch {
    return new Intl.Segmenter('en', { granularity });
  }
}

// About equal lengths (no short tail piece); between words only for an over-long sentence.
export function splitIntoSpeechChunks(text: string, maxChars: number, language: string | null): string[] {
  const chunks: string[] = [];
  const evenLength = Math.ceil(text.length / Math.ceil(text.length / maxChars));
  let current = '';
  const push = (piece: string) => {
    if (current.length > 0 && (current.length >= evenLength || current.length + 1 + piece.length > maxChars)) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${piece}` : piece;
  };
  for (const { segment } of segmenter(language, 'sentence').segment(text)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    if (sentence.length <= maxChars) push(sentence);
    else for (const piece of splitLongSentence(sentence, maxChars, language)) push(piece);
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLongSentence(sentence: string, maxChars: number, language: string | null): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const { segment } of segmenter(language, 'word').segment(sentence)) {
    if (current.length + segment.length > maxChars && current.trim()) {
      pieces.push(current.trim());
      current = '';
    }
    let word = segment;
    while (word.length > maxChars) {
      pieces.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    current += word;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}
