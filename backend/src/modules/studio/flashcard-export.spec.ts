import { flashcardsCsv } from './flashcard-export.js';

describe(flashcardsCsv.name, () => {
  it('writes RFC 4180 rows and defuses formulas', () => {
    const csv = flashcardsCsv([
      { kind: 'qa', front: '=SUM(A1)', back: 'Says "hi", twice', pageLabel: '12', chapterTitle: 'One' },
    ]);
    expect(csv).toBe('front,back,page,chapter,kind\r\n\'=SUM(A1),"Says ""hi"", twice",12,One,qa\r\n');
  });

  it('never carries NUL or bidirectional overrides, even from rows stored before input was cleaned', () => {
    const csv = flashcardsCsv([
      {
        kind: 'cloze',
        front: 'Who\u0000 signs\u202E?',
        back: 'The\u2067 clerk\u2069\u0008',
        pageLabel: '\u202E12\u0000',
        chapterTitle: 'Ch\u0000apter',
      },
    ]);
    expect(csv).toBe('front,back,page,chapter,kind\r\nWho signs?,The clerk,12,Chapter,cloze\r\n');
  });
});
