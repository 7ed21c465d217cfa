import { firstSentences, plainInline, sentencesOf, summaryBlocks } from './summary-text.js';

describe('summaryBlocks', () => {
  it('finds headings, paragraphs and lists and drops markdown markers, never adding markup', () => {
    expect(
      summaryBlocks(
        '# Title\nSome **bold** and `code`\nsame paragraph.\n\n- one\n* two\n1. three\n\n<b>raw</b> [link](http://x)',
      ),
    ).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'Some bold and code same paragraph.' },
      { kind: 'list', items: ['one', 'two', 'three'] },
      { kind: 'paragraph', text: '<b>raw</b> link' },
    ]);
  });
});

describe('sentencesOf', () => {
  it('does not end a sentence at a page reference or an abbreviation', () => {
    expect(sentencesOf('Prices rise (p. 12). See pp. 40–42 e.g. for charts. Then it ends.')).toEqual([
      'Prices rise (p. 12).',
      'See pp. 40–42 e.g. for charts.',
      'Then it ends.',
    ]);
  });
});

describe('firstSentences', () => {
  it('keeps the first sentences across blocks and says when it cut', () => {
    const blocks = summaryBlocks('## Idea\nOne. Two. Three.\n\n- four\n- five');
    expect(firstSentences(blocks, 4)).toEqual({
      blocks: [
        { kind: 'heading', text: 'Idea' },
        { kind: 'paragraph', text: 'One. Two. Three.' },
        { kind: 'list', items: ['four'] },
      ],
      truncated: true,
    });
    expect(firstSentences(blocks, 10).truncated).toBe(false);
  });
});

describe('plainInline', () => {
  it('shows code spans as written, even when they hold underscores, between emphasis and escapes', () => {
    // The notes of langtangen p. 172, levin p. 133 and openstax p. 12 as the study kit writes them.
    expect(
      plainInline('We read I, a, T, `θ`, and a range of `∆t` values; `u_e` and `decay_memsave.py` are **arrays**.'),
    ).toBe('We read I, a, T, θ, and a range of ∆t values; u_e and decay_memsave.py are arrays.');
    expect(plainInline('So `P → Q` is true when _either_ P is false or Q is true.')).toBe(
      'So P → Q is true when either P is false or Q is true.',
    );
    expect(plainInline('A `law` is *not* a platform: see [the text](p. 3).')).toBe(
      'A law is not a platform: see the text.',
    );
  });
});
