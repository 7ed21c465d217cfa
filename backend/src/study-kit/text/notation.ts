/**
 * Mathematical notation inside a sentence: "A ∪ B is the set …", "… at t = tn", "P(n, k) is the number …". A maths
 * book writes its statements in symbols; the notes keep them, but show each formula as notation (a Markdown code
 * span), set apart from the words around it as the book sets it apart in its own type, never run into the prose.
 */

import { isEverydayWord } from './plain-words.js';

// Signs that only notation uses: relations, operators, set and logic signs, arrows, and the minus sign (U+2212; prose
// writes a hyphen or a dash).
const SIGN = /[≠≈≅∼≤≥≪≫±∓×÷·∑∏∫∮√∞∈∉∋⊂⊆⊃⊇⊊∪∩∖→←↦⇒⇐⇔↔∀∃∄∧∨¬⊕⊗∆∇∂≡−]/u;
// The same signs in ASCII serve markup and programs too ("<img", "onerror=alert(1)>"): in notation they stand between
// two short operands ("t=tn", "x^2").
const ASCII_RELATION = /^[\p{L}\d()¯˜ˆ]{1,4}(?:[=<>^][\p{L}\d()+−-]{1,5}|=)$/u;
// A Greek letter stands for a quantity ("λv", "χ(G)", "θ").
const GREEK = /[\u0370-\u03ff]/u;
// A token made of signs alone: the operator between two operands ("+", "=", "→", "−").
// A hyphen, slash, asterisk or bar standing alone is prose's dash, "and/or", footnote mark or table rule.
const OPERATOR = /^(?:[=≠≈≅∼<>≤≥≪≫±∓×÷·+−∈∉⊂⊆⊃⊇∪∩∖→←↦⇒⇐⇔↔∧∨⊕⊗≡]|:=)$/u;
// A function or set applied to its arguments: "P(A)", "u(tn)", "f(x)", "E(2)"; "word(s)" is a plural.
const APPLIED = /^\p{L}{1,3}\((?!s\))[^()\s]*\)?$/u;
// A variable with a subscript or power run in: "a0", "t12", "an−1", "7k+1"; not "CO2", "MP3", a page number run into
// a word ("fa414"), nor "6d" (pence) or "3d" alone ("2k + 1" is notation by its operator).
const SUBSCRIPTED = /^(?:\p{Ll}{1,2}\d{1,2}|\d*\p{Ll}\p{Ll}?[−+]\d+)$/u;
// An operand: a short name or number ("P", "n", "28", "2k"), something notation already marks, or a bracket round one.
// A number of any length ("1.25") and a quotient written on one line ("n/m", "Nmax/N0") are one operand.
const OPERAND = /^(?:[¯˜ˆ]?[\p{L}\d.]{1,3}|[−-]?\d+(?:[.,]\d+)?|[\p{L}\d]+\/[\p{L}\d]+)$/u;
// A token that ends on a relation ("˜t∈", "¯t=") goes on into the operand after it.
const ENDS_ON_OPERATOR = /[=≠≈<>≤≥∈∉⊂⊆→⇒⇔↔+−×·]$/u;

// A name from a program run into the prose: "u_e", "decay_memsave.py", "hello()", "doctest.testmod".
const CODE_WORD =
  /^(?:\p{L}[\p{L}\d]*_[\p{L}\d_]+|[\p{L}\d_/-]*[\p{L}\d_]\.(?:py|js|ts|c|h|cpp|java|rb|sh|txt|csv|json|xml|html|css|tex)|[\p{L}_][\p{L}\d_.]*\(\)|\p{Ll}{2,}(?:\.\p{Ll}[\p{Ll}\d_]+)+)$/u;
// A number times a variable ("7n", "2k"): notation among other notation, a word alone ("6d" pence, "3d").
const COEFFICIENT = /^\d+\p{Ll}$/u;

interface Token {
  text: string;
  start: number;
  end: number;
}

/** A token without the punctuation that closes the clause around it ("n ≥ 28." → "n ≥ 28"). */
function core(token: string): string {
  return token.replace(/[.,;:!?]+$/u, '');
}

function isNotation(word: string): boolean {
  const bare = word.replace(/^[([{]+|[)\]}]+$/gu, '');
  if (!bare) return false;
  return (
    SIGN.test(bare) || ASCII_RELATION.test(bare) || GREEK.test(bare) || APPLIED.test(bare) || SUBSCRIPTED.test(bare)
  );
}

function isOperand(word: string): boolean {
  const bare = word.replace(/^[([{¬]+|[)\]}]+$/gu, '');
  return OPERAND.test(bare) || isNotation(word);
}

const opens = (text: string) => (text.match(/[([{]/g) ?? []).length - (text.match(/[)\]}]/g) ?? []).length;

/** "[tn, tn+1]", "{1, 2, a0}": a bracket whose every item is an operand, one of them notation, is an interval or set. */
function bracketOfNotation(tokens: readonly Token[], first: number): boolean {
  if (!/^[([{]/u.test(tokens[first]!.text)) return false;
  let depth = 0;
  let notation = false;
  for (let i = first; i < tokens.length; i += 1) {
    const item = tokens[i]!.text.replace(/,$/u, '');
    depth += opens(item);
    const bare = core(item).replace(/^[([{]+|[)\]}]+$/gu, '');
    // "(in ∆t)": a word of the sentence is no item of a set.
    if (!isOperand(core(item)) || (/^\p{L}{2,}$/u.test(bare) && isEverydayWord(bare))) return false;
    notation ||= isNotation(core(item));
    if (depth <= 0) return notation;
  }
  return false;
}

/**
 * The formulas of a sentence as character spans, each from its first symbol to its last, without the punctuation
 * that closes the clause: "A ∪ B", "t = tn", "P(n, k)", "13x ≡ 6 (mod 51)".
 */
export function notationSpans(sentence: string): Array<[number, number]> {
  const tokens: Token[] = [...sentence.matchAll(/\S+/gu)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const spans: Array<[number, number]> = [];
  let i = 0;
  while (i < tokens.length) {
    const word = core(tokens[i]!.text);
    const next = tokens[i + 1] && core(tokens[i + 1]!.text);
    // A formula opens on notation, or on an operand an operator follows ("P → Q", "m + n").
    const opensFormula =
      (isNotation(word) && !OPERATOR.test(word)) ||
      CODE_WORD.test(word) ||
      bracketOfNotation(tokens, i) ||
      (isOperand(word) && next !== undefined && OPERATOR.test(next) && tokens[i]!.text === word);
    if (!opensFormula) {
      i += 1;
      continue;
    }
    let last = i;
    let depth = opens(word);
    // The formula goes on while an operator joins an operand to it, or a bracket it opened is still open.
    while (last + 1 < tokens.length) {
      const here = tokens[last]!.text;
      if (here !== core(here) && depth <= 0) break;
      const following = core(tokens[last + 1]!.text);
      const after = tokens[last + 2] && core(tokens[last + 2]!.text);
      if (depth > 0) {
        depth += opens(tokens[last + 1]!.text);
        last += 1;
      } else if (ENDS_ON_OPERATOR.test(core(here)) && isOperand(following) && !isEverydayWord(following)) {
        depth += opens(tokens[last + 1]!.text);
        last += 1;
      } else if (OPERATOR.test(following) && after !== undefined && isOperand(after)) {
        depth += opens(tokens[last + 2]!.text);
        last += 2;
      } else if (
        /^\((?:mod|in|on)$/u.test(following) &&
        tokens[last + 2] &&
        /^\S{1,3}\)/u.test(tokens[last + 2]!.text)
      ) {
        // "a ≡ b (mod n)": the modulus is part of the relation.
        last += 2;
      } else break;
    }
    const end = tokens[last]!.start + core(tokens[last]!.text).length;
    const start = tokens[i]!.start;
    const text = sentence.slice(start, end);
    // An operand the operator after it did not join to anything is a word of the sentence ("as u approaches M = …").
    if (last === i && !isNotation(word) && !CODE_WORD.test(word)) {
      i += 1;
      continue;
    }
    if (opens(text) === 0) spans.push([start, end]);
    else if (opens(text) > 0 && /^[([{]/u.test(text)) spans.push([start + 1, end]);
    else if (opens(text) < 0 && /[)\]}]$/u.test(text)) spans.push([start, end - 1]);
    i = last + 1;
  }
  if (spans.length === 0) return spans;
  for (const token of tokens)
    if (COEFFICIENT.test(core(token.text)) && !spans.some(([start, end]) => token.start >= start && token.start < end))
      spans.push([token.start, token.start + core(token.text).length]);
  return spans.sort((a, b) => a[0] - b[0]);
}

/**
 * The sentence as Markdown: its formulas as code spans, the words between them through `escape`. A formula holding
 * a backtick cannot be a code span and stays in the prose.
 */
export function markdownWithNotation(sentence: string, escape: (prose: string) => string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of notationSpans(sentence)) {
    const formula = sentence.slice(start, end);
    if (formula.includes('`')) continue;
    out += escape(sentence.slice(at, start)) + '`' + formula + '`';
    at = end;
  }
  return out + escape(sentence.slice(at));
}
