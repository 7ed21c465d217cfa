/** Where a phrase was found in a text: `text.slice(start, end)` is the occurrence as printed. */
export interface TextRange {
  start: number;
  end: number;
}

const SPECIAL = /[.*+?^${}()|[\]\\]/g;
const LETTER = /\p{L}/u;
// "photo-\nsynthesis" is one word when a lowercase letter follows the break.
const HYPHEN_BREAK = '(?:-\\s*\\n\\s*(?=\\p{Ll}))?';

function charPattern(char: string): string {
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  if (lower === upper || lower.length !== 1 || upper.length !== 1) return char.replace(SPECIAL, '\\$&');
  return `[${lower}${upper}]`;
}

/**
 * Every occurrence of `query` in `text`, in order and not overlapping. Case is ignored, any run of
 * spaces or line breaks matches any other, and a word hyphenated at the end of a line matches the whole
 * word. The server counts find-in-book matches with it and the reader marks the n-th of them with it,
 * so both must agree on what an occurrence is.
 */
export function findInText(text: string, query: string): TextRange[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const pattern = words
    .map((word) => {
      const chars = [...word];
      return chars
        .map((char, index) => {
          const next = chars[index + 1];
          const joinable = next !== undefined && LETTER.test(char) && LETTER.test(next);
          return charPattern(char) + (joinable ? HYPHEN_BREAK : '');
        })
        .join('');
    })
    .join('\\s+');
  return [...text.matchAll(new RegExp(pattern, 'gu'))].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
