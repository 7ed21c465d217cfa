const ROMAN = /^(?=[MDCLXVI])M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/i;
const ROMAN_VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

export function parseRoman(text: string): number | null {
  if (!ROMAN.test(text)) return null;
  const letters = text.toUpperCase();
  let total = 0;
  for (let i = 0; i < letters.length; i++) {
    const value = ROMAN_VALUES[letters[i]!]!;
    const next = ROMAN_VALUES[letters[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

export function toRoman(value: number): string {
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = value;
  let out = '';
  for (const [amount, letters] of table) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
};

export function parseSpelledNumber(text: string): number | null {
  // Sphinx glues them: 'TWENTYTHREE'.
  const glued = new RegExp(`^(${TENS.slice(2).join('|')})(${UNITS.slice(1, 10).join('|')})$`).exec(text.toLowerCase());
  const words = (glued ? `${glued[1]} ${glued[2]}` : text)
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 2) return null;
  if (words.length === 1) {
    const word = words[0]!;
    const unit = UNITS.indexOf(word);
    if (unit > 0) return unit;
    const tens = TENS.indexOf(word);
    if (tens >= 2) return tens * 10;
    const ordinal = ORDINALS[word];
    return ordinal ?? null;
  }
  const tens = TENS.indexOf(words[0]!);
  const unit = UNITS.indexOf(words[1]!);
  return tens >= 2 && unit >= 1 && unit <= 9 ? tens * 10 + unit : null;
}

export function parseNumberToken(token: string, allowLetter = false): number | null {
  const cleaned = token.replace(/[.:,)\]]+$/, '');
  if (/^\d{1,4}$/.test(cleaned)) return Number(cleaned);
  if (allowLetter && /^[A-Z]$/.test(cleaned)) return cleaned.charCodeAt(0) - 64;
  return parseRoman(cleaned) ?? parseSpelledNumber(cleaned);
}

export type DivisionKind = 'chapter' | 'part' | 'appendix';

export interface DivisionLabel {
  kind: DivisionKind;
  number: number | null;
  rest: string;
}

const SPELLED = `(?:${[...TENS.slice(2), ...UNITS.slice(1)].join('|')})(?:[\\s-]?(?:${UNITS.slice(1, 10).join('|')}))?|${Object.keys(ORDINALS).join('|')}`;
const NUMBER_TOKEN = `(?:\\d{1,4}|[MDCLXVI]{1,8}|${SPELLED})`;
const CHAPTER_WORDS =
  'chapter|chap\\.|adventure|story|stave|letter|lecture|lesson|canto|unit|kapitel|chapitre|cap[ií]tulo|capitolo|hoofdstuk';
const PART_WORDS = 'part|book|volume|vol\\.|teil|partie|parte|livre';
const LABEL = new RegExp(
  `^(?:(${CHAPTER_WORDS})|(${PART_WORDS})|(appendix|annex))\\s+(${NUMBER_TOKEN}|[A-Z])(?=$|[\\s.:,—–-])[.:,—–-]*\\s*(.*)$`,
  'i',
);

export function matchDivisionLabel(line: string): DivisionLabel | null {
  const match = LABEL.exec(line.trim());
  if (!match) return null;
  const [, chapterWord, partWord, appendixWord, token, rest] = match;
  const kind: DivisionKind = chapterWord ? 'chapter' : partWord ? 'part' : 'appendix';
  // A lone capital letter is a number only for appendices ("Appendix B"); "Chapter A" is prose.
  const number = parseNumberToken(token!, Boolean(appendixWord));
  if (number === null) return null;
  // "Story I told" or "Part of the" would otherwise pass: prose continues in lower case after the number.
  if (!appendixWord && /^[a-z]/.test(rest ?? '') && !/^(chapter|part|book)$/i.test(token!)) return null;
  return { kind, number, rest: (rest ?? '').trim() };
}

export function isNumberedDivision(title: string): boolean {
  const label = matchDivisionLabel(title);
  return label !== null && label.kind !== 'part';
}
