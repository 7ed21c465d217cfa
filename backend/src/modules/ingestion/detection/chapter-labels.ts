import { matchDivisionLabel, parseRoman, parseSpelledNumber } from './numbering.js';

export interface LabelledTitle {
  label: string | null;
  title: string;
}

const ENUMERATOR = /^(\d{1,3}|[IVXLC]{1,7}|[A-Z])[.):]?\s+(?=\S)/;
const SMALL_WORDS = new Set(
  'a an and as at but by for from in into nor of on or over per the to upon via vs with'.split(' '),
);

export function titleCase(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 4 || letters !== letters.toUpperCase()) return text;
  const parts = text.split(/(\s+)/);
  return parts
    .map((original, index) => {
      const word = original.toLowerCase();
      if (/^\s+$/.test(word)) return word;
      if (/^[IVXLC]+[.:,]?$/.test(original)) return original;
      // The first and the last word are capitalised whatever they are ('How I Fell In With').
      if (index > 0 && index < parts.length - 1 && SMALL_WORDS.has(word)) return word;
      return word.replace(/\p{L}/u, (first) => first.toUpperCase());
    })
    .join('');
}

const tidy = (title: string) => titleCase(title.replace(/[\s.:;,—–-]+$/u, '').trim());

function printedNumber(token: string): string {
  const cleaned = token.replace(/[.:,)\]]+$/, '');
  if (/^\d+$/.test(cleaned) || /^[A-Z]$/.test(cleaned) || parseRoman(cleaned) !== null) return cleaned.toUpperCase();
  const spelled = parseSpelledNumber(cleaned);
  return spelled === null ? cleaned : String(spelled);
}

// A bare number counts when most titles have one, a bare letter after numbered chapters: 'A Scandal…' keeps its 'A'.
export function splitChapterLabels(titles: string[]): LabelledTitle[] {
  const leading = titles.map((title) => ENUMERATOR.exec(title)?.[1] ?? null);
  const arabic = leading.filter((token) => token !== null && /^\d/.test(token)).length;
  const roman = leading.filter((token) => token !== null && token.length > 0 && parseRoman(token) !== null).length;
  const enough = Math.max(2, titles.length * 0.5);
  const numberedList = arabic >= enough || roman >= enough;
  let numberedSeen = false;
  return titles.map((title, index) => {
    const division = matchDivisionLabel(title);
    if (division && division.kind !== 'part' && division.rest) {
      const token = title.trim().split(/\s+/)[1] ?? '';
      numberedSeen = true;
      return { label: printedNumber(token), title: tidy(division.rest) };
    }
    const token = leading[index];
    if (token && numberedList) {
      const isLetter = /^[A-Z]$/.test(token) && !(roman >= enough && parseRoman(token) !== null);
      const fits = isLetter ? numberedSeen : arabic >= enough ? /^\d/.test(token) : parseRoman(token) !== null;
      if (fits) {
        numberedSeen = true;
        return { label: token, title: tidy(title.slice(ENUMERATOR.exec(title)![0].length)) };
      }
    }
    return { label: null, title: tidy(title) };
  });
}
