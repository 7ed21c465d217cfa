import { describe, expect, it } from 'vitest';
import { pageNumberSchema, sanitiseUserText, userTextSchema } from './user-text.js';

describe(sanitiseUserText.name, () => {
  it('removes NUL, other C0 and C1 controls and DEL, keeping the letters around them', () => {
    expect(sanitiseUserText('a\u0000b\u0007c\u001Bd\u007Fe\u0085f')).toBe('abcdef');
  });

  it('removes bidirectional embeddings, overrides and isolates, and keeps the marks RTL writing uses', () => {
    expect(sanitiseUserText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitiseUserText('\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069x')).toBe('x');
    expect(sanitiseUserText('שלום\u200F (3)\u200E \u061Cم')).toBe('שלום\u200F (3)\u200E \u061Cم');
  });

  it('keeps line feeds and tabs in multi-line text and folds CR and Unicode line separators into line feeds', () => {
    expect(sanitiseUserText('one\r\ntwo\rthree\u2028four\tcol', { multiline: true })).toBe(
      'one\ntwo\nthree\nfour\tcol',
    );
    expect(sanitiseUserText('one\r\ntwo\tthree')).toBe('one two three');
  });

  it('leaves ordinary text in any language alone', () => {
    for (const text of ['Übungen-Grammatik', 'Введение', '日本語の文法', 'مرحبا بالعالم', 'emoji 📚 ok'])
      expect(sanitiseUserText(text)).toBe(text);
  });
});

describe(userTextSchema.name, () => {
  it('sanitises before trimming and length checks', () => {
    const schema = userTextSchema().trim().min(1, 'empty');
    expect(schema.safeParse('\u0000 \u202E ').success).toBe(false);
    expect(schema.parse(' \u202Ename\u0000 ')).toBe('name');
  });
});

describe(pageNumberSchema.name, () => {
  it('takes whole numbers from 1 and refuses everything that would only coerce to one', () => {
    const schema = pageNumberSchema();
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse(250)).toBe(250);
    for (const bad of [true, [5], '0x10', '1e2', '5', 0, -1, 1.5, Number.NaN, Infinity, null, {}])
      expect(schema.safeParse(bad).success).toBe(false);
  });
});
