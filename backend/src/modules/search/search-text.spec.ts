import {
  asksDefinition,
  definedTerm,
  buildSnippet,
  matchQuality,
  questionPhrase,
  queryWords,
  searchTerms,
  termsOnPage,
} from './search-text.js';

describe('search text', () => {
  it('folds accents and case, and keeps stop words only when nothing else is left', () => {
    expect(queryWords('Café au LAIT, s’il vous plaît!')).toEqual(['cafe', 'au', 'lait', 's', 'il', 'vous', 'plait']);
    expect(searchTerms(queryWords('the powerhouse of the cell'))).toEqual(['powerhouse', 'cell']);
    expect(searchTerms(queryWords('to be or not to be'))).toEqual(['to', 'be', 'or', 'not']);
  });

  it("takes a question's subject as its phrase, and drops question words and modals from its terms", () => {
    expect(questionPhrase(queryWords('What is the powerhouse of the cell?'))).toEqual([
      'powerhouse',
      'of',
      'the',
      'cell',
    ]);
    expect(questionPhrase(queryWords('What does the svn revert command do?'))).toEqual(['svn', 'revert', 'command']);
    expect(searchTerms(queryWords('Should I use apostrophes?'))).toEqual(['use', 'apostrophes']);
  });

  it('tells a page that defines the phrase from one that only uses it', () => {
    const phrase = questionPhrase(queryWords('What is a working copy?'));
    expect(asksDefinition(queryWords('What is a working copy?'))).toBe(true);
    expect(asksDefinition(queryWords('How do I lock a working copy?'))).toBe(false);
    expect(termsOnPage('A working copy is a local directory.', phrase, phrase).defines).toBe(true);
    expect(termsOnPage('This is known as a working copy.', phrase, phrase).defines).toBe(true);
    expect(termsOnPage('Update your working copy first.', phrase, phrase).defines).toBe(false);
  });

  it('finds the term a "what is" question asks to define, without the field it is asked in', () => {
    expect(definedTerm(queryWords('What is a tag in Subversion?'))).toEqual(['tag']);
    expect(definedTerm(queryWords('What is a working copy?'))).toEqual(['working', 'copy']);
    expect(definedTerm(queryWords('What is the point of view?'))).toEqual(['point', 'of', 'view']);
    expect(definedTerm(queryWords('How do I tag a release?'))).toEqual([]);
  });

  it('counts as defining only a sentence that opens with the term or gives it an indefinite article', () => {
    const term = ['working', 'copy'];
    // Version Control with Subversion, p. 23.
    const defining =
      'The answer is found in the construct known as a working copy.\nA working copy is, quite literally, a local copy.';
    expect(termsOnPage(defining, term, term).defines).toBe(true);
    expect(termsOnPage('Then a working copy is created for you.', term, term).defines).toBe(true);
    expect(termsOnPage('Check that your working copy is up to date.', term, term).defines).toBe(false);
    expect(
      termsOnPage('Interjections are the interrupters of the group.', ['interjections'], ['interjections']).defines,
    ).toBe(true);
  });

  it('tells an exact phrase from the same words scattered', () => {
    const words = queryWords('powerhouse of the cell');
    const terms = searchTerms(words);
    expect(matchQuality('Truly, the powerhouse of the cell is small.', words, terms)).toEqual({
      exactPhrase: true,
      coverage: 1,
    });
    expect(matchQuality('A cell is no powerhouse.', words, terms)).toEqual({ exactPhrase: false, coverage: 1 });
    expect(matchQuality('Cells divide.', words, terms).coverage).toBe(0.5);
  });

  it('marks the phrase as one match and escapes everything else', () => {
    const words = queryWords('powerhouse of the cell');
    const snippet = buildSnippet('<b>Note</b> & the powerhouse  of the\ncell is here.', words, searchTerms(words));
    expect(snippet).toBe('&lt;b&gt;Note&lt;/b&gt; &amp; the <mark>powerhouse of the cell</mark> is here.');
  });

  it('centres a long page on the stretch with the most terms, cut on word boundaries', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40);
    const text = `${filler}Mitochondria release energy for the cell. ${filler}`;
    const words = queryWords('mitochondria energy');
    const snippet = buildSnippet(text, words, searchTerms(words), 120);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('<mark>Mitochondria</mark> release <mark>energy</mark>');
    expect(snippet.replace(/<\/?mark>|…/g, '').length).toBeLessThanOrEqual(121);
  });
});
