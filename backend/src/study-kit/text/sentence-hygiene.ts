import contextOpeners from '../data/context-openers.json' with { type: 'json' };
import { isKnownWord } from './plain-words.js';

// Every sentence the engine emits must stand on its own: `sentenceProblem` says why not, `repairSentence` fixes what is safe.

export type SentenceProblem =
  | 'empty'
  | 'too-short'
  | 'unbalanced-brackets'
  | 'unbalanced-quotes'
  | 'bad-start'
  | 'bad-end'
  | 'table-row'
  | 'caption'
  | 'code'
  | 'page-furniture'
  | 'figure-reference'
  | 'no-main-clause'
  | 'capitals'
  | 'broken-formula'
  | 'glued-number';

const PAIRS: ReadonlyArray<[string, string]> = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
];
// Symbols books use to mark right and wrong examples: kept, and allowed to open a sentence.
const MARKS = '✓✔✗✘☐☑☒';
// A sentence may open on a program's or a file's name, spelt as the book spells it ("sys.argv[0] is …",
// "decay_mod.py holds …"); not on "e.g." or "i.e.".
const START = new RegExp(
  `^(?:[${MARKS}]\\s*)?(?:["'(\\[]?[\\p{Lu}\\p{N}]|\\p{Ll}[\\p{L}\\d]+[._][\\p{L}\\d_.\\[\\]]*[\\p{L}\\d\\]]\\s)`,
  'u',
);
const END = /[.!?…]["')\]]*$/u;
// "… can be compared by.", "… the main ups." is not one of these, but "… of the." is: a statement
// does not end on an article, a conjunction or these prepositions (a question may: "made of?").
const CUT_OFF_END = /\b(?:a|an|the|and|or|nor|but|of|by|from|than|whose|its|their|your|our|my)\s*\.["')\]]*$/i;
// "When bugs are closed by new uploads.": a subordinate clause whose main clause never comes (no comma,
// no "then" after it); "NMUs, especially if …": a noun and a qualifier with no clause of their own.
const SUBORDINATE_ONLY =
  /^(?:when|whenever|if|because|although|though|while|unless|whereas)\b(?![^]*\bthen\b)[^,;:—–?]*[.!]$/i;
const QUALIFIER_ONLY =
  /^[^\s,]+(?:\s+[^\s,]+)?,\s+(?:especially|particularly|notably|mainly|mostly|except)\s+(?:if|when|where|because|for|in|with|after|before)\b/i;

const CAPTION =
  /^(?:fig(?:ure)?|table|listing|exhibit|plate|chart|diagram|example)\.?\s+[\dIVXivx]+(?:[.:-]\d+)*[.:]?\s/i;
const FURNITURE = [
  /\b(?:all rights reserved|copyright ©|©\s*\d{4}|isbn[\s:-]*\d)/i,
  /\bpage\s+\d+\s+of\s+\d+\b/i,
  /(?:https?:\/\/|www\.)\S+\s*$/i,
  // A reference entry's headings glued to their text: "Name svnadmin create — Create a new, empty
  // repository.", "Synopsis svnadmin create REPOS_PATH Create …" (DocBook manual pages).
  /^(?:Name\s+\S+(?:\s+\S+){0,2}\s+[—–-]\s|Synopsis\s)/,
  /^(?:chapter|part|section|lesson|unit)\s+[\dIVXLC]+\b(?!\s+(?:is|was|are|were|has|had|shows|explains|describes)\b)/i,
];
// A sentence that leans on a figure or table the student does not see, or on an unfinished draft's placeholder.
const FIGURE_REFERENCE =
  /\b(?:fig(?:ure)?s?\.?|tables?|listings?|screenshots?|screen\s+captures?|diagrams?|illustrations?|plates?)\s+(?:\d+(?:[.-]\d+)*|[A-Z]\b|TBD\b|below\b|above\b)|\b(?:the|this|these|following|next|previous|preceding)\s+(?:figures?|screenshots?|screen\s+captures?|diagrams?|illustrations?|pictures?|images?)\b|\bas\s+(?:shown|illustrated|depicted)\s+(?:above|below|here)\b|\b(?:TBD|TODO|XXX)\b/i;
// "(see Figure 4.2)", "(Table 3)": a pointer the sentence reads fine without.
const FIGURE_ASIDE =
  /\s*\((?:see\s+(?:also\s+)?)?(?:fig(?:ure)?s?\.?|tables?|listings?)\s+\d+(?:[.-]\d+)*(?:\s*(?:and|,|–|-)\s*\d+(?:[.-]\d+)*)*\)/gi;
// "As you can see on figure 4.2, …": the clause pointing at the figure, before what the sentence says.
const FIGURE_LEAD =
  /^(?:as\s+(?:you\s+can\s+see|(?:is\s+)?shown|illustrated)\s+(?:on|in)\s+(?:fig(?:ure)?\.?|table)\s+\d+(?:[.-]\d+)*,\s+)/i;
const CODE_SYMBOLS = /[{}<>=;$#|\\_~^`+]/g;
const CODE_LINE =
  /(?:^\s*(?:\$|#|>>>|\/\/)\s|=>|\(\)|::|\bfunction\b\s*\w*\(|;\s*$|^\s*[a-z_]+\s*=\s*\S|\w+\.\w+\(|--[a-z][\w-]+)/;
// Function words: prose has many, a table row or a heading run almost none.
const FUNCTION_WORDS = new Set(
  'a an the of to in on at by for with from and or but is are was were be been being has have had do does did not no it its this that these those he she they we you i his her their our your as if than then so which who whom what when where why how can will would should could may might must there'.split(
    ' ',
  ),
);
/** Pronoun openings that point back at a sentence the reader does not have ("This is why …"). */
const DANGLING =
  /^(?:(?:when|if|as|once)\s+(?:this|that)\s+(?:happens|is\s+the\s+case|is\s+done)\b)|^(?:(?:instead|however|also|therefore|thus|so|but|and|then|still|otherwise|in addition|for example|for instance|again|here|now),?\s+)?(?:(?:this|that|these|those)\s+(?:is|was|are|were|means|meant|shows|showed|explains|makes|made|allows|gives|gave|leads|led|can|could|will|would|may|might|should|must|has|have|had|does|did|also|in turn|contains|includes|requires|provides|ensures|covers|describes|lists|applies|depends|helps|lets|needs|becomes|seems|happens|works|keeps|takes|causes|results)\b|(?:it|they)\s+(?:also\s+)?(?:is|was|are|were|does|do|did|can|could|will|would|may|might|should|must|has|have|had|means?|shows?|refers?|describes?|allows?|makes?|gives?|lets?|helps?|uses?|works?|happens?|says?|said|contains?|includes?|requires?|provides?|lists?|covers?|needs?|depends?|applies?|consists?)\b(?!\s+(?:\w+\s+)?(?:to|that|important|possible|necessary|clear|true|easy|hard|difficult|likely|said|known)\b))/i;

/** Folds what the reader would not notice as different: typographic quotes, soft hyphens, hyphenation. */
export function normaliseReaderText(text: string): string {
  return (
    text
      .replace(/\u00ad/g, '')
      .replace(/[“”„‟″«»]/g, '"')
      .replace(/[‘’‚‛′]/g, "'")
      .replace(/\u00a0/g, ' ')
      // "particu- lars": a word broken at a line end, its halves separated by a space. Two words that make no
      // word together were a compound broken at its hyphen: "boiling- point" is "boiling-point".
      .replace(/(\p{Ll}{2,})- (\p{Ll}{2,})\b/gu, (whole, head: string, tail: string) => {
        if (/^(?:and|or|to|nor|but|as)$/.test(tail)) return whole;
        const compound = !isKnownWord(head + tail) && isKnownWord(head) && isKnownWord(tail);
        return compound ? `${head}-${tail}` : head + tail;
      })
      .replace(/[ \t]+/g, ' ')
      // "a record for Execs on the Aphrodite ." (a space the source left before closing punctuation).
      .replace(/(?<=[\p{L}\p{N}"')\]]) ([.,;:!?])(?=\s|$)/gu, '$1')
      .trim()
  );
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

function bracketBalance(text: string): boolean {
  for (const [open, close] of PAIRS) {
    let depth = 0;
    for (const char of text) {
      if (char === open) depth += 1;
      else if (char === close) {
        depth -= 1;
        if (depth < 0) return false;
      }
    }
    if (depth !== 0) return false;
  }
  return true;
}

function quotesBalanced(text: string): boolean {
  if (((text.match(/"/g) ?? []).length & 1) !== 0) return false;
  // Single quotes as quotation marks (not apostrophes): one that opens a word, one that closes one.
  const opening = (text.match(/(?:^|[\s([—–"-])'(?=[\p{L}\p{N}])/gu) ?? []).length;
  const closing = (text.match(/(?<=[\p{L}\p{N}.,!?;:—–-])'(?=$|[\s.,;:!?)\]"—–-])/gu) ?? []).length;
  return opening === closing || (opening === 0 && closing === 1 && /s'/.test(text));
}

/** Opens with speech and ends inside a quotation opened after a space: only its closing mark is missing. */
function speechLeftOpen(text: string): boolean {
  if (!/^["'][\p{L}\p{N}]/u.test(text) || !/[.!?,;—–-]$/.test(text)) return false;
  if (text[0] === '"') return /(?:^|\s)"[^"]*$/.test(text);
  const opening = (text.match(/(?:^|[\s([—–"-])'(?=[\p{L}\p{N}])/gu) ?? []).length;
  const closing = (text.match(/(?<=[\p{L}\p{N}.,!?;:—–-])'(?=$|[\s.,;:!?)\]"—–-])/gu) ?? []).length;
  return opening === closing + 1;
}

/** Quoted speech: double quotes, or single quotes used as quotation marks. */
/** The sentence asks a question: it ends on a question mark, maybe inside closing quotes or brackets. */
export function asksAQuestion(text: string): boolean {
  return /\?["'’”)\]]*$/u.test(text.trim());
}

export function hasQuotedSpeech(text: string): boolean {
  return /["“”]/.test(text) || /(?:^|[\s(—–-])['‘](?=[\p{L}])/u.test(text);
}

/** Mostly capitalised words and numbers with next to no function words: a table row or heading run. */
export function looksLikeTableRow(text: string): boolean {
  const list = words(text);
  if (list.length < 6) return false;
  const functionWords = list.filter((word) => FUNCTION_WORDS.has(word.toLowerCase())).length;
  const numbers = list.filter((word) => /^\d/.test(word)).length;
  const capitalised = list.filter((word) => /^\p{Lu}/u.test(word)).length;
  if (numbers / list.length > 0.3) return true;
  // A table's cells glued to a sentence: a long run of words without a single function word or full stop.
  let run = 0;
  for (const word of list) {
    run = FUNCTION_WORDS.has(word.toLowerCase()) ? 0 : run + 1;
    if (run >= 9) return true;
  }
  if (capitalised / list.length > 0.6 && functionWords / list.length < 0.2) return true;
  return list.length >= 8 && functionWords / list.length < 0.08;
}

/**
 * "… WHILE RUFUS CHOATE GETS FIVE THOUSAND DOLLARS FOR MAKING ONE ARGUMENT TO A JURY, …": prose set in capitals is
 * a heading glued to its text or a passage marked up for an exercise, not a sentence to learn. Acronyms ("NUT", "UPS")
 * are capitals too, but they do not run with function words.
 */
function shoutsInCapitals(text: string): boolean {
  let run = 0;
  let functionWords = 0;
  for (const word of text.split(/\s+/)) {
    const letters = word.replace(/[^\p{L}]/gu, '');
    if (
      letters.length >= 1 &&
      letters === letters.toUpperCase() &&
      /\p{Lu}/u.test(letters) &&
      (letters.length > 1 || word === 'A')
    ) {
      run += 1;
      if (FUNCTION_WORDS.has(letters.toLowerCase())) functionWords += 1;
      if (run >= 5 && functionWords >= 2) return true;
    } else {
      run = 0;
      functionWords = 0;
    }
  }
  return false;
}

export function looksLikeCode(text: string): boolean {
  // "Independent clause + comma + FANBOYS": a formula, not a sentence.
  if ((text.match(/\s[+=]\s/g) ?? []).length >= 2) return true;
  // Shell prompts glued into prose: "… is this easy: $ cd /var/svn $ svnadmin create repos $ In …".
  if ((text.match(/(?:^|\s)\$(?=\s|$)/g) ?? []).length >= 2) return true;
  const symbols = (text.match(CODE_SYMBOLS) ?? []).length;
  if (symbols >= 3 && symbols / Math.max(1, text.length) > 0.02) return true;
  return CODE_LINE.test(text);
}

/**
 * Where the PDF's font draws a symbol without saying which character it is (no ToUnicode entry), the text layer
 * gives a control character in its place: "an \u0003 n + 3" for "an = n + 3". The sentences are read with such a
 * glyph marked as Unicode's replacement character, so a sentence that lost a symbol is known for certain.
 */
export const UNMAPPED_GLYPH = '\uFFFD';
// eslint-disable-next-line no-control-regex -- finding the control characters the text layer left is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000E-\u001F\u007F]/gu;

/** The text with each glyph the PDF left unnamed (a control character) marked as {@link UNMAPPED_GLYPH}. */
export function markUnmappedGlyphs(text: string): string {
  return text.replace(CONTROL_CHARACTERS, UNMAPPED_GLYPH);
}

// A formula the text layer dropped a symbol of leaves an operator with nothing on one side, or two operands with
// nothing between them. "The t-statistic will be t = = −2.2.", "… the value is u = .": a relation with no operand.
const OPERATOR_WITHOUT_OPERAND = /(?:^|\s)[=≠≈≤≥<>]\s+[=≠≈≤≥<>](?=\s|$)|\s[=≠≈≤≥]\s*(?:[.,;:!?)\]]+(?:\s|$)|$)/u;
// "The mean is .", "… divided by , so …": a word that needs what follows it, then a blank where a symbol stood
// and the punctuation after it (the space before the mark is the hole's trace); an ellipsis ("to . . . achieve") is
// a quotation's cut, not a hole.
const HOLE_BEFORE_PUNCTUATION =
  /\b(?:is|are|was|were|be|equals?|gives|becomes|yields|by|of|to|than|where|and|with|get|obtain)\s+[.,;:!?](?=\s|$)(?!\s*\.)/i;
// "For the set A {1, 2, 3, 4, 5} we …" (A = {…}), "the set is |A| 16" (|A| = 16), "since 38 − 23 15" (= 15): two
// operands side by side where a relation stood. An article before a set ("a {0, 1}-string") is no variable.
const OPERANDS_SIDE_BY_SIDE = [
  /(?:^|[\s(])(?!a\s)\p{L}\s+\{/u,
  /\|\p{L}{1,3}\|\s+[\d{(]/u,
  /(?:^|\s)\d+(?:\s[−+×·*/]\s\d+)+\s\d+(?=[\s,.;:)]|$)(?![\s\d]*[−+×·*/=])/u,
  // "… gives 0 is x 0." (x = 0): a variable in lower case, then a number closing the clause. "a 5" is an article.
  /(?:^|\s)(?!a\s)\p{Ll}\s\d+(?:\.\d+)?[.,;:]?$/u,
];

/**
 * A sentence whose formula lost a symbol in the text layer (an operator without an operand, a blank where a symbol
 * stood, two operands with no relation between them): no key point, card or explanation can quote it. Read before
 * the reader's spacing is folded: the space before a mark is the trace of a dropped symbol.
 */
export function hasBrokenFormula(sentence: string): boolean {
  return (
    sentence.includes(UNMAPPED_GLYPH) ||
    OPERATOR_WITHOUT_OPERAND.test(sentence) ||
    HOLE_BEFORE_PUNCTUATION.test(sentence) ||
    OPERANDS_SIDE_BY_SIDE.some((pattern) => pattern.test(sentence))
  );
}

const CONTEXT_OPENER = new RegExp(
  `^(?:${contextOpeners.openers
    .map((opener) => opener.replace(/\s+/g, '\\s+'))
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b(?!-)`,
  'i',
);

/**
 * A sentence tied by its first words to the text around it: "So this sequence has …", "Then you would just have …",
 * "Below you reason …", "So far you have seen …". It explains nothing read alone.
 */
export function opensOnContext(sentence: string): boolean {
  return CONTEXT_OPENER.test(sentence.trim().replace(/^["'(“‘]/, ''));
}

// A relation, set or logic sign: what only a formula says ("ad ≡ bd (mod n)", "χ ≥ 5", "n ∈ Z").
const FORMULA_SIGN = /[=≈≠≤≥<>≡∈∉⊂⊆∪∩→⇒⇔∀∃±∑∏∫√]/u;

/** A sentence that states part of its claim in a formula: a retelling in plain words cannot carry it. */
export function quotesFormula(sentence: string): boolean {
  return FORMULA_SIGN.test(sentence);
}

// "13Throughout this book …": a footnote's number run into the sentence's first word; "… two objects: 10.1.1." a
// section number after the sentence's last words. "… for a sphere: 0.45." is a value: a number with one dot stays.
const GLUED_NUMBER = [/^\d{1,3}\p{Lu}\p{Ll}{2,}/u, /:\s*\d{1,2}(?:\.\d{1,2}){2,3}\.?$/];

/** Why a sentence is not one a student can read, or null when it is. */
export function sentenceProblem(sentence: string): SentenceProblem | null {
  const text = sentence.trim();
  if (!text) return 'empty';
  if (words(text).length < 4) return 'too-short';
  if (!bracketBalance(text)) return 'unbalanced-brackets';
  if (!quotesBalanced(text.replace(/[“”]/g, '"'))) return 'unbalanced-quotes';
  if (!START.test(text)) return 'bad-start';
  if (!END.test(text) || CUT_OFF_END.test(text)) return 'bad-end';
  if (CAPTION.test(text)) return 'caption';
  if (FURNITURE.some((pattern) => pattern.test(text))) return 'page-furniture';
  if (looksLikeCode(text)) return 'code';
  if (hasBrokenFormula(text)) return 'broken-formula';
  if (GLUED_NUMBER.some((pattern) => pattern.test(text))) return 'glued-number';
  if (FIGURE_REFERENCE.test(text)) return 'figure-reference';
  if (SUBORDINATE_ONLY.test(text) || QUALIFIER_ONLY.test(text)) return 'no-main-clause';
  if (shoutsInCapitals(text)) return 'capitals';
  // "(High pitch) | | I do not know.": the cell separators of a table the text layer flattened.
  if (looksLikeTableRow(text) || /\s\|\s/.test(text)) return 'table-row';
  return null;
}

// "Furthermore, …" adds to the sentence before and reads alone without it; "However, …" answers that sentence.
const ADDITIVE = 'furthermore|moreover|additionally|in addition|besides|also|likewise|similarly';
const LINKING =
  'however|therefore|thus|hence|consequently|as a result|nevertheless|nonetheless|still|instead|otherwise|in contrast|on the other hand|for this reason|accordingly|then';
const LEADING_CONNECTIVE = new RegExp(`^(${ADDITIVE}|${LINKING}),\\s+(?=\\S)`, 'i');
// "But the sea was calm.": a conjunction that opens a sentence answers the one before as a "However," would.
const LEADING_CONJUNCTION = /^(but|and|yet)\s+(?=[\p{L}"'‘“])/iu;
// "Subversion, however, is not …": the same connective set off after the subject.
const CONNECTIVE_AFTER_SUBJECT = new RegExp(`^([^,;:]{2,40}?),\\s+(${ADDITIVE}|${LINKING}),\\s+(?=\\p{Ll})`, 'iu');
const ADDITIVE_ONLY = new RegExp(`^(?:${ADDITIVE})$`, 'i');

/** The connective a sentence opens with ("However, …", "Subversion, however, …"), its kind, and the sentence without it. */
export function leadingConnective(sentence: string): { kind: 'additive' | 'linking'; rest: string } | null {
  const text = sentence.trim();
  const conjunction = LEADING_CONJUNCTION.exec(text);
  const leading = LEADING_CONNECTIVE.exec(text) ?? conjunction;
  const afterSubject = leading ? null : CONNECTIVE_AFTER_SUBJECT.exec(text);
  const match = leading ?? afterSubject;
  if (!match) return null;
  const connective = leading ? match[1]! : match[2]!;
  const rest = text.slice(match[0].length);
  return {
    // "But the sea was calm." reads whole without its "But": a story's narration is not joined up into long sentences.
    kind: conjunction || ADDITIVE_ONLY.test(connective) ? 'additive' : 'linking',
    rest: afterSubject ? `${match[1]} ${rest}` : capitaliseFirst(rest),
  };
}

// "After that they returned …", "Because of this, …": a preposition whose object is the sentence before. "After that
// night …" names its own time: a demonstrative followed by a noun is no pointer back.
const POINTS_BACK =
  /^(?:after|before|because\s+of|despite|in\s+spite\s+of|besides|apart\s+from|following|like|unlike|with|without)\s+(?:this|that|these|those)\b(?=\s*,|\s+(?:i|you|he|she|it|we|they|there|the|a|an|his|her|their|our|my)\b)/i;

// "… is not one of these systems.": "these" or "those" before a noun the sentence has not named.
const PLURAL_DEMONSTRATIVE =
  /\b(?:these|those)\s+(?!(?:who|whom|whose|which|that|of|in|on|with|days|are|were|is|was)\b)(\p{L}{3,})/giu;

function pointsBackToNoun(text: string): boolean {
  for (const match of text.matchAll(PLURAL_DEMONSTRATIVE)) {
    const stem = match[1]!.toLowerCase().slice(0, 5);
    if (!text.slice(0, match.index).toLowerCase().includes(stem)) return true;
  }
  return false;
}

// "Repeat this, first in the pitches indicated", "You know this to be true": a demonstrative standing for what the
// sentence before said, as the object of the sentence's first words.
const DEMONSTRATIVE_OBJECT =
  /^(?:[\p{L}'’]+,?\s+){1,4}(?:(?:this|these|those)(?=\s*[,;:.!?—]|\s+(?:to|is|was|are|were|as|in|with|for|and|but|again|first|aloud)\b)|that(?=\s*[,;.!?]))/iu;
// "In that case the cylinder might be destroyed …", "Probable as this seems, …": the case or claim is the one before.
const CASE_BEFORE =
  /^(?:in\s+(?:that|this|such\s+a)\s+case\b|[\p{L}'’-]+\s+as\s+(?:this|that)\s+(?:seems|is|was|may|might|sounds|appears)\b)/iu;
// "Read the following selection …", "In the foregoing sentence, experiment …", "Read the selections on pages 34, 35":
// material the notes do not carry. "The following year" is a time.
const OUTSIDE_MATERIAL =
  /\bthe\s+(?:following|foregoing|preceding|above)\s+(?!(?:years?|days?|mornings?|evenings?|nights?|weeks?|months?|spring|summer|autumn|winter|seasons?|afternoons?|hours?|minutes?|moments?|times?|generations?|century|centuries|decades?|sundays?|letter)\b)\p{L}{3,}|\b(?:on|see)\s+pages?\s+\d/iu;

/** True when the sentence opens with a pronoun or connective that needs the sentence before it ("This means …"). */
export function needsAntecedent(sentence: string): boolean {
  const text = sentence.trim().replace(/^["'(]/, '');
  // "Repeat the following." points at a list or example the reader does not have.
  return (
    DANGLING.test(text) ||
    pointsBackToNoun(text) ||
    DEMONSTRATIVE_OBJECT.test(text) ||
    OUTSIDE_MATERIAL.test(text) ||
    CASE_BEFORE.test(text) ||
    POINTS_BACK.test(text) ||
    LEADING_CONNECTIVE.test(text) ||
    LEADING_CONJUNCTION.test(text) ||
    CONNECTIVE_AFTER_SUBJECT.test(text) ||
    /\b(?:the|as)\s+follows?(?:ing)?\s*[.:]$/i.test(text)
  );
}

/** The sentence made readable (orphan brackets and quotes stripped), or null when it cannot safely be. */
export function repairSentence(sentence: string): string | null {
  // Folding the spaces would hide a dropped symbol's trace ("the mean is ."): a broken formula is no repair's to make.
  if (hasBrokenFormula(sentence)) return null;
  let text = normaliseReaderText(sentence);
  for (let pass = 0; pass < 3; pass += 1) {
    const before = text;
    // "(Book is the direct object.)" is a sentence in parentheses.
    const wrapped = /^\(([^()]*[.!?])\)$/.exec(text);
    if (wrapped) text = wrapped[1]!.trim();
    // A closing bracket or stray punctuation left from the sentence before.
    text = text.replace(/^[)\]}.,;:!?\-–—\s]+/, '');
    // "(Past tense of the verb lie) Fred is lying …": the label of the example before, not of this sentence.
    text = text.replace(/^\([^()]{1,80}\)\s+(?=\p{Lu})/u, '');
    text = text.replace(FIGURE_ASIDE, '');
    // "26 If you wish …", "5 Actually, …": a page number or footnote mark left before the sentence.
    const number = /^\d{1,3}\s+(\p{Lu}\p{Ll}*)\b/u.exec(text);
    const opener = number?.[1]?.toLowerCase() ?? '';
    if (number && (OPENERS.has(opener) || FUNCTION_WORDS.has(opener) || /ly$/.test(opener)))
      text = text.slice(text.indexOf(' ') + 1);
    // "13Throughout this book …": a footnote's number run into its first word.
    const glued = /^\d{1,3}(\p{Lu}\p{Ll}+)\b/u.exec(text);
    if (glued && isKnownWord(glued[1]!)) text = text.slice(glued[0].length - glued[1]!.length);
    const lead = FIGURE_LEAD.exec(text);
    if (lead) text = capitaliseFirst(text.slice(lead[0].length));
    // "Note: both developers … are welcome …": an admonition's label, not part of its sentence.
    const label = /^(?:note|tip|hint|important|remember)\s*:\s+(?=\p{L})/iu.exec(text);
    if (label) text = capitaliseFirst(text.slice(label[0].length));
    // A heading glued to the sentence under it: "Clauses A clause is …", "Whose Whose is …".
    text = stripGluedHeading(text);
    for (const [open, close] of PAIRS) {
      const opens = text.split(open).length - 1;
      const closes = text.split(close).length - 1;
      // "… the verb drove.)": one more closing bracket than opening ones, at the end.
      if (closes === opens + 1 && text.endsWith(close)) text = text.slice(0, -1).trimEnd();
      else if (closes === opens + 1 && new RegExp(`\\${close}[.!?]$`).test(text))
        text = text.replace(new RegExp(`\\${close}([.!?])$`), '$1');
      // "(habitual action) …" style openers are fine; an opening bracket never closed at the start is not.
      else if (opens === closes + 1 && text.startsWith(open)) text = text.slice(1).trimStart();
    }
    if (!quotesBalanced(text)) {
      // "'It's a Cheshire cat,' said the Duchess, 'and that's why." The speech goes on into the next sentence:
      // closed here, it reads as the book wrote it. Any other quote at the start is an orphan.
      if (speechLeftOpen(text)) text = `${text}${text[0]}`;
      else if (/^["']/.test(text)) text = text.slice(1).trimStart();
      else if (/["']$/.test(text)) text = text.slice(0, -1).trimEnd();
    }
    if (text === before) break;
  }
  return sentenceProblem(text) ? null : text;
}

/** Share of sentences with no problem, and the problems found (for tests and benchmarks). */
export function hygieneReport(sentences: readonly string[]): {
  total: number;
  passed: number;
  failures: Array<{ sentence: string; problem: SentenceProblem }>;
} {
  const failures: Array<{ sentence: string; problem: SentenceProblem }> = [];
  for (const sentence of sentences) {
    const problem = sentenceProblem(sentence);
    if (problem) failures.push({ sentence, problem });
  }
  return { total: sentences.length, passed: sentences.length - failures.length, failures };
}

/** Key of a sentence for "never say it twice": letters and digits only, lower-cased. */
export function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const OPENERS = new Set(
  'a an the in if when this these some most every each to for many all unless although while since as on at with by from after before because once there it we you they most'.split(
    ' ',
  ),
);

/** A section number: "6.2.3", "5.11.", "A.1". */
export const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){1,4}\.?|[A-Z]\.\d{1,2}(?:\.\d{1,2}){0,3})$/;
const ALL_CAPS = /^\p{Lu}[\p{Lu}'’-]+$/u;
const SENTENCE_START = /^\p{Lu}\p{Ll}/u;

// "5.11 Non-Maintainer Uploads (NMUs) Every package …", "SCOPE OF THIS DOCUMENT The purpose …": a numbered or
// all-caps heading before a sentence that opens as sentences do.
function stripLeadingHeading(text: string): string {
  const tokens = text.split(' ');
  if (SECTION_NUMBER.test(tokens[0]!)) {
    for (let cut = 2; cut <= Math.min(10, tokens.length - 4); cut += 1) {
      const word = tokens[cut]!;
      if (SENTENCE_START.test(word) && OPENERS.has(word.toLowerCase())) return tokens.slice(cut).join(' ');
      if (!/^[\p{Lu}(]/u.test(word) && !/^(?:of|and|the|to|in|for|a|an|on|with)$/.test(word)) break;
    }
    return text;
  }
  let run = 0;
  while (run < tokens.length && run < 8 && ALL_CAPS.test(tokens[run]!)) run += 1;
  const next = tokens[run] ?? '';
  const heading = run >= 2 || (run === 1 && OPENERS.has(next.toLowerCase()));
  return heading && SENTENCE_START.test(next) && tokens.length - run >= 4 ? tokens.slice(run).join(' ') : text;
}

const TITLE_SMALL_WORDS = new Set('a an and as at by for in is of on or the to with'.split(' '));
// A heading that opens like a sentence ("The Man In …") is not cut at a capitalised word.
const SENTENCE_LIKE_OPENING = /^(?:A|An|The|In|If|When|To|For)$/;

function stripGluedHeading(text: string): string {
  text = stripLeadingHeading(text);
  const tokens = text.split(' ');
  for (let cut = 1; cut <= Math.min(14, tokens.length - 4); cut += 1) {
    const heading = tokens.slice(0, cut);
    const next = tokens[cut]!;
    // A title-case heading keeps its small words low: "Pause Enables the Mind of the Speaker to Gather His Forces".
    const titleWords = heading.filter((word) => /^\p{Lu}[\p{L}'’-]*$/u.test(word)).length;
    const smallWords = heading.filter((word) => TITLE_SMALL_WORDS.has(word)).length;
    if (titleWords + smallWords < heading.length || !/^\p{Lu}/u.test(heading[0]!)) return text;
    const opens = /^\p{Lu}/u.test(next) && OPENERS.has(next.toLowerCase()) && !SENTENCE_LIKE_OPENING.test(heading[0]!);
    if (smallWords > 0) {
      if (opens && titleWords >= 4 && titleWords >= smallWords * 1.5) return tokens.slice(cut).join(' ');
      continue;
    }
    if (cut > 6) return text;
    if (heading.some((word) => FUNCTION_WORDS.has(word.toLowerCase()) && !/^(?:of|and|the|to|in|for)$/i.test(word)))
      return text;
    const repeats =
      next.toLowerCase() === heading[0]!.toLowerCase() || singular(next) === singular(heading[heading.length - 1]!);
    if (repeats || opens) return tokens.slice(cut).join(' ');
  }
  return text;
}

export function capitaliseFirst(text: string): string {
  // A program's or a file's name is spelt as the book spells it: "sys.argv", "decay_mod.py", not "Sys.argv".
  if (/^[^\s.]+[._]\S/.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function singular(word: string): string {
  return word.toLowerCase().replace(/(?:es|s)$/, '');
}
