import { fleschKincaidGrade, gradeOfWords } from './readability.js';

describe(fleschKincaidGrade.name, () => {
  it('rates short plain sentences at an early-school grade and dense academic prose far above grade 12', () => {
    expect(fleschKincaidGrade('The cat sat on the mat. It was warm. The sun was out.')).toBeLessThan(2);
    expect(
      fleschKincaidGrade(
        'Institutional epistemological considerations fundamentally necessitate interdisciplinary methodological reconceptualisation of organisational accountability.',
      ),
    ).toBeGreaterThan(12);
  });

  it('matches the Flesch-Kincaid formula on counted words, sentences and syllables', () => {
    // 2 sentences, 10 words, 12 syllables ("garden" and "happy" have two each).
    const grade = fleschKincaidGrade('The dog ran to the garden. She was happy there.');
    expect(grade).toBeCloseTo(0.39 * (10 / 2) + 11.8 * (12 / 10) - 15.59, 5);
    expect(gradeOfWords(['the', 'dog', 'ran', 'to', 'the', 'garden', 'she', 'was', 'happy', 'there'], 2)).toBeCloseTo(
      grade,
      10,
    );
  });

  it('ignores page citations, which are not prose', () => {
    const text = 'The river flooded the farms in spring.';
    expect(fleschKincaidGrade(`${text} (p. 143)`)).toBeCloseTo(fleschKincaidGrade(text), 10);
    expect(fleschKincaidGrade(`The river flooded the farms (pp. 12–14) in spring.`)).toBeCloseTo(
      fleschKincaidGrade(text),
      10,
    );
  });

  it('is NaN for text without words', () => {
    expect(fleschKincaidGrade('')).toBeNaN();
    expect(fleschKincaidGrade('(p. 3) 42 ...')).toBeNaN();
  });
});
