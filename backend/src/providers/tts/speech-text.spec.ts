import { prepareForSpeech, splitIntoSpeechChunks } from './speech-text.js';

describe('prepareForSpeech', () => {
  it('drops markdown markers and reads page references as words', () => {
    const text = '## Key ideas\n- **Supply** meets _demand_ (p. 12)\n- Prices move (pp. 40–42)';
    expect(prepareForSpeech(text)).toBe('Key ideas. Supply meets demand (page 12). Prices move (pages 40 to 42).');
  });

  it('reads the line breaks of quoted verse as pauses, not as "slash"', () => {
    expect(
      prepareForSpeech('- All in the golden afternoon / Full leisurely we glide; / For both our oars. (p. 3)'),
    ).toBe('All in the golden afternoon, Full leisurely we glide; For both our oars. (page 3).');
    expect(prepareForSpeech('Choose read / write access.')).toBe('Choose read / write access.');
  });

  it("reads the notes' formulas and program names as written, whatever underscores they hold", () => {
    expect(
      prepareForSpeech(
        '- The file `decay_memsave.py` stores `u_e` values, and `θ` is chosen by `test_decay_x` (p. 42)',
      ),
    ).toBe('The file decay_memsave.py stores u_e values, and θ is chosen by test_decay_x (page 42).');
  });

  it('keeps sentence punctuation that is already there', () => {
    expect(prepareForSpeech('Is it true?\nYes!')).toBe('Is it true? Yes!');
  });
});

describe('splitIntoSpeechChunks', () => {
  const sentence = (index: number) => `Sentence number ${index} explains one idea about the chapter in plain words.`;
  const text = Array.from({ length: 120 }, (_, index) => sentence(index)).join(' ');

  it('cuts only between sentences and loses no text', () => {
    const chunks = splitIntoSpeechChunks(text, 1000, 'en');
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1000);
      expect(chunk).toMatch(/^Sentence number \d+ .*plain words\.$/);
    }
    expect(chunks.join(' ')).toBe(text);
  });

  it('makes pieces of about equal length', () => {
    const lengths = splitIntoSpeechChunks(text, 4000, 'en').map((chunk) => chunk.length);
    expect(lengths).toHaveLength(3);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThan(200);
  });

  it('cuts a sentence longer than the limit between words', () => {
    const long = `${'word '.repeat(300).trim()}.`;
    const chunks = splitIntoSpeechChunks(long, 200, 'en');
    expect(chunks.every((chunk) => chunk.length <= 200)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(long);
  });

  it('falls back to English rules for an unknown language tag', () => {
    expect(splitIntoSpeechChunks('One. Two.', 4, 'not a tag!')).toEqual(['One.', 'Two.']);
  });
});
