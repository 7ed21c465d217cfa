import { simplerWord } from './plain-words.js';

describe(simplerWord.name, () => {
  it('replaces a hard word with a familiar synonym of the same sense', () => {
    expect(simplerWord('frequently', 'ADV')).toBe('often');
    expect(simplerWord('Frequently', 'ADV')).toBe('Often');
  });

  it('refuses a synonym of another sense, which would change what the book says', () => {
    // "Silence made designedly eloquent" is not "silence made designedly silver".
    expect(simplerWord('eloquent', 'ADJ')).toBeNull();
    expect(simplerWord('demonstrate', 'VERB')).toBeNull();
  });

  it('never gives a function word for a content word (langtangen "equally far apart", levin, openstax)', () => {
    for (const word of ['equally', 'similarly', 'accordingly']) {
      const simpler = simplerWord(word, 'ADV');
      expect(['as', 'so', 'thus', 'then', 'too', 'also']).not.toContain(simpler);
    }
  });

  it('keeps nouns and short or familiar words as the book writes them', () => {
    expect(simplerWord('photosynthesis', 'NOUN')).toBeNull();
    expect(simplerWord('happy', 'ADJ')).toBeNull();
  });
});
