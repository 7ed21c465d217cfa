import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';

// o200k_base (GPT-4o family) ships inside js-tiktoken, so counting never touches the network.
// Other OpenAI-compatible models tokenise differently; budgets and chunk sizes only need the order of magnitude.
let encoder: Tiktoken | undefined;
function tokenizer(): Tiktoken {
  encoder ??= new Tiktoken(o200kBase);
  return encoder;
}

// Special-token strings in a PDF ("<|endoftext|>") are ordinary text here, never an error.
function encode(text: string): number[] {
  return tokenizer().encode(text, [], []);
}

// BPE works on each piece of the pre-tokeniser split independently, so a piece's count can be
// remembered: words repeat, and a book is counted several times over (chunks, prompts, usage).
const PIECES = new RegExp(o200kBase.pat_str, 'gu');
const pieceCounts = new Map<string, number>();
const MAX_REMEMBERED_PIECES = 200_000;

/** Exactly `encode(text).length` for o200k_base. */
export function countTokens(text: string): number {
  let total = 0;
  for (const [piece] of text.matchAll(PIECES)) {
    let count = pieceCounts.get(piece);
    if (count === undefined) {
      // One pre-tokeniser piece can never hold a whole special token, so the default (strict) encode is safe.
      count = tokenizer().encode(piece).length;
      if (pieceCounts.size >= MAX_REMEMBERED_PIECES) pieceCounts.clear();
      pieceCounts.set(piece, count);
    }
    total += count;
  }
  return total;
}

/** The first `maxTokens` tokens of a text, decoded back to text. */
export function truncateToTokens(text: string, maxTokens: number): string {
  const tokens = encode(text);
  return tokens.length <= maxTokens ? text : tokenizer().decode(tokens.slice(0, maxTokens));
}

/** Consecutive pieces of at most `maxTokens` tokens each. */
export function splitByTokens(text: string, maxTokens: number): string[] {
  const tokens = encode(text);
  const pieces: string[] = [];
  for (let start = 0; start < tokens.length; start += maxTokens)
    pieces.push(tokenizer().decode(tokens.slice(start, start + maxTokens)));
  return pieces;
}
