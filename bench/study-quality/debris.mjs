// Debris in study notes that the engine's whole-sentence test lets through today: simple, documented pattern
// counters. Each answers "does this sentence carry X?"; they are counters for a bench, not verdicts, so each is
// kept narrow (few false alarms) rather than complete. Tests: debris.test.mjs.

// --- Footnote or section numbers glued to words
// "13Throughout this book…": a footnote number run into the next word.
const FOOTNOTE_BEFORE_WORD = /(?:^|\s)\d{1,3}\p{Lu}\p{Ll}{2,}/u;
// "…as Knuth wrote.13 Later…": a footnote mark after a word's closing punctuation.
const FOOTNOTE_AFTER_WORD = /\p{Ll}{3,}[.,;:”")]\d{1,3}(?=\s|$)/u;
// "1.2 Sets A set is…" (a section heading run into the sentence) and "…you get two objects: 10.11."
const SECTION_NUMBER_START = /^\d{1,2}(?:\.\d{1,2}){1,3}\.?\s+\p{Lu}/u;
const SECTION_NUMBER_END = /:\s*\d{1,2}(?:\.\d{1,2}){1,3}\.?$/;
const SECTION_NUMBER_GLUED = /\d+\.\d+(?:\.\d+)*\p{Lu}\p{Ll}/u;

export function hasGluedNumber(sentence) {
  return [
    FOOTNOTE_BEFORE_WORD,
    FOOTNOTE_AFTER_WORD,
    SECTION_NUMBER_START,
    SECTION_NUMBER_END,
    SECTION_NUMBER_GLUED,
  ].some((pattern) => pattern.test(sentence));
}

// --- Formula or code text inside prose
const MATH_SYMBOL = /[=<>≤≥≠±×÷∑∏∫√∞∈∉⊂⊆⊃⊇∪∩→⇒⇔↔∀∃∧∨¬∆∂≡≈^]/u;
// A variable with a subscript run in ("a1", "an−1", "2an"), not an ordinal ("2nd"), a decade ("1990s") or a code
// in capitals ("CO2", "MP3").
const SUBSCRIPTED = /(?:^|[\s(,])(?:\d*\p{Ll}{1,2}[\d−-]+\d*|\d+\p{Ll}{1,2}\d*[−-]?\d*)(?=[\s,.;:)]|$)/u;
const NOT_SUBSCRIPT = /^(?:\d+(?:st|nd|rd|th|s|m|km|cm|mm|kg|g|h|min|ms)|\p{Ll}+-\d+)$/u;
// "n + 1", "a0 + 3 a1", "x · y": an operator between short operands.
const ARITHMETIC = /(?:^|\s)[\p{L}\d)]{1,3}\s[+−*/·×]\s[\p{L}\d(]{1,3}(?=[\s,.;:)]|$)/u;
// "n(n + 1)", "f(x)", but not "word(s)".
const APPLIED = /(?:^|\s)\p{L}{1,2}\((?!s\))[\p{L}\d ,+−-]+\)/u;

export function hasFormula(sentence) {
  if (MATH_SYMBOL.test(sentence) || ARITHMETIC.test(sentence) || APPLIED.test(sentence)) return true;
  for (const match of sentence.matchAll(new RegExp(SUBSCRIPTED.source, 'gu'))) {
    const token = match[0].trim().replace(/^[(,]/, '');
    if (!NOT_SUBSCRIPT.test(token)) return true;
  }
  return false;
}

const CODE = [
  /\b\p{Ll}+_[\p{Ll}\d_]+\b/u, // snake_case
  /\b[\p{Ll}\d]+[\p{Lu}][\p{Ll}\d]+[\p{L}\d]*\(/u, // camelCase( call
  /\b\w+\.\w+\(/u, // obj.method(
  /\w\(\)/u, // f()
  /==|!=|\+=|-=|->|=>|::|&&|\|\|/u,
  // "import numpy", not the English noun ("an import of the file", "import statements", "import and execution").
  /(?:^|\s)(?:def|elif|import(?!\s+(?:and|or|of|statements?|the|a|an|is|was)\b)|from \w+ import|#include|public static|void)\s+\w/u,
  /\b\w+\[[\w:, +-]*\]/u, // u[n], a[1:3]
  /[{};]\s*$/u,
  /(?:^|\s)\$\s+\w/u, // shell prompt
];

export function hasCode(sentence) {
  return CODE.some((pattern) => pattern.test(sentence));
}

// --- Exercise prompts given as key points
const PROMPT_VERBS =
  'find|prove|show|compute|calculate|determine|solve|evaluate|verify|explain|write|give|draw|describe|list|identify|compare|discuss|sketch|estimate|simplify|derive|construct|modify|implement|extend|rewrite|try|check|complete|fill in|answer|justify|illustrate|make|create|run|plot|repeat|suppose that you|imagine';
const PROMPT_START = new RegExp(
  `^(?:(?:then|now|next|also|finally|again|hint:|bonus:)\\s*,?\\s+)?(?:${PROMPT_VERBS})\\b(?!\\s+(?:is|are|was|were|that\\s+is)\\b)|^use\\s+(?:the|a|an|your|this|these|it|them)\\b`,
  'i',
);
const PROMPT_LABEL = /^(?:exercise|problem|question|activity|project)\s+\d/i;

export function isExercisePrompt(sentence) {
  const text = sentence.trim();
  return PROMPT_START.test(text) || PROMPT_LABEL.test(text) || /\?\s*(?:\(p\.[^)]*\))?$/.test(text);
}

// --- Sentences that lean on an example, figure or equation the student cannot see
const NUMBERED_ITEM =
  /\b(?:example|exercise|figure|fig\.|table|equation|eq\.|listing|problem|theorem|lemma|definition|program)\s+\(?\d+(?:\.\d+)*[a-z]?\)?/i;
// "(1.7)", "(12a)", "(iii)"; not a year "(1971)".
const EQUATION_NUMBER = /(?:^|\s)\((?:\d{1,2}(?:\.\d{1,2})*[a-z]?|[ivx]+)\)(?=[\s,.;:]|$)/;
const DEICTIC_ITEM =
  /\b(?:this|these|following|previous|preceding)\s+(?:examples?|figures?|tables?|listings?|code|programs?|equations?|formulas?|exercises?|diagrams?|graphs?|sentences?|outputs?|snippets?|scripts?)\b/i;
const ITEM_ABOVE =
  /\b(?:examples?|figures?|tables?|formulas?|equations?|code|listings?|programs?|diagrams?)\s+(?:above|below)\b/i;
const POINTING =
  /\b(?:given|shown|listed|defined|displayed|printed|seen|described|illustrated)\s+(?:below|above)\b|\bas follows\b|\bthe following\b|\b(?:above|below)[.:]?\s*(?:\(p\.[^)]*\))?$/i;

export function isExampleBound(sentence) {
  return [NUMBERED_ITEM, EQUATION_NUMBER, DEICTIC_ITEM, ITEM_ABOVE, POINTING].some((pattern) => pattern.test(sentence));
}

// --- Page furniture: running heads and feet of the printed page that reached a note
/**
 * The running heads and feet of a book: lines at the top or bottom of its pages (as pdftotext prints them, before
 * the ingestion removes them) that come back on at least 4 pages once numbers are masked. Only lines that carry a
 * number ("CHAPTER 2. SEQUENCES 87") or have 4 words or more are kept, so a chapter title alone never counts.
 */
export function runningLinesOf(rawPageTexts) {
  const seen = new Map();
  for (const text of rawPageTexts) {
    const lines = text
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    const edges = new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(maskNumbers));
    for (const line of edges) seen.set(line, (seen.get(line) ?? 0) + 1);
  }
  return (
    [...seen]
      .filter(
        ([line, pages]) => pages >= 4 && /\p{L}{2}/u.test(line) && (line.includes('#') || line.split(' ').length >= 4),
      )
      .filter(([line]) => line.replace(/[#\s.]/g, '').length >= 6)
      // "Chapter 3" alone is how prose names a chapter too.
      .filter(([line]) => !/^(?:chapter|part|section|unit|appendix|lecture|page)\s+#$/i.test(line))
      .map(([line]) => line)
  );
}

const maskNumbers = (text) => text.replace(/\d+/g, '#');

/** A text holding a running line, or the first half of a long one (a footer the text layer cut off). */
export function hasFurniture(text, runningLines) {
  const masked = maskNumbers(text.replace(/\s+/g, ' '));
  return runningLines.some((line) => {
    if (masked.includes(line)) return true;
    const words = line.split(' ');
    const half = words.slice(0, Math.floor(words.length / 2)).join(' ');
    return words.length >= 6 && half.length >= 15 && masked.includes(half);
  });
}

// --- Repeated key points
const contentWords = (text) =>
  new Set(
    text
      .toLowerCase()
      .replace(/\(p\.[^)]*\)/g, ' ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3),
  );

/** How many sentences repeat an earlier one: the same content words, or 80% of them shared (Jaccard). */
export function countRepeats(sentences) {
  const kept = [];
  let repeats = 0;
  for (const sentence of sentences) {
    const words = contentWords(sentence);
    if (words.size === 0) continue;
    const repeated = kept.some((other) => {
      let shared = 0;
      for (const word of words) if (other.has(word)) shared += 1;
      return shared / (words.size + other.size - shared) >= 0.8;
    });
    if (repeated) repeats += 1;
    else kept.push(words);
  }
  return repeats;
}
