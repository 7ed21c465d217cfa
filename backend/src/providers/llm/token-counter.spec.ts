import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { countTokens, splitByTokens } from './token-counter.js';

describe(countTokens.name, () => {
  const reference = new Tiktoken(o200kBase);

  it('counts exactly what o200k_base encodes, repeated words included', () => {
    const samples = [
      'Hello, world! The quick brown fox jumps over the lazy dog.',
      'Café déjà vu — naïve coöperation 1234567 tokens\n\n  indented\tand “quoted”.',
      'Summarise this part of the chapter in about 120 words. '.repeat(5),
      '日本語のテキストと English が混ざった文。',
    ];
    for (const text of samples) expect(countTokens(text)).toBe(reference.encode(text, [], []).length);
  });

  it('treats special-token strings from a PDF as plain text instead of failing', () => {
    expect(countTokens('before <|endoftext|> after')).toBeGreaterThan(4);
    expect(splitByTokens('x <|endoftext|> y', 2).join('')).toBe('x <|endoftext|> y');
  });
});
