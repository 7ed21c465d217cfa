import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';

let encoder: Tiktoken | undefined;

// o200k_base (GPT-4o family) ships inside js-tiktoken, so counting never touches the network.
// Other OpenAI-compatible models tokenise differently; budgets and chunk sizes only need the order of magnitude.
function tokenizer(): Tiktoken {
  encoder ??= new Tiktoken(o200kBase);
  return encoder;
}

export function countTokens(text: string): number {
  return text ? tokenizer().encode(text).length : 0;
}

/** The first `maxTokens` tokens of a text, decoded back to text. */
export function truncateToTokens(text: string, maxTokens: number): string {
  const tokens = tokenizer().encode(text);
  return tokens.length <= maxTokens ? text : tokenizer().decode(tokens.slice(0, maxTokens));
}

/** Consecutive pieces of at most `maxTokens` tokens each. */
export function splitByTokens(text: string, maxTokens: number): string[] {
  const tokens = tokenizer().encode(text);
  const pieces: string[] = [];
  for (let start = 0; start < tokens.length; start += maxTokens) pieces.push(tokenizer().decode(tokens.slice(start, start + maxTokens)));
  return pieces;
}
