import { analyseSegments } from '../text/chapter-text.js';
import { headingTerm, namesInCapitals, sectionConcept } from './cards.js';
import { isConcept } from './concepts.js';
import { directsTheReader } from './study-notes.js';

const sentenceOf = (text: string, group = 1) => analyseSegments([{ text, origin: '1', group, endsBlock: true }])[0]!;

describe('headingTerm: a section heading that names a concept', () => {
  it.each([
    // A heading in -ing names a thing when the chapter's text counts it.
    [
      'Generating Functions',
      'There is a tool called the generating function. The generating function of a sequence …',
      'Generating Functions',
    ],
    ['Rounding errors', 'The rounding errors may accumulate in a computation.', 'Rounding errors'],
    // A label before a colon, the name after it.
    ['Example: Adaptive Runge-Kutta methods', '', 'Adaptive Runge-Kutta methods'],
    ['Case study: Political socialization', '', 'Political socialization'],
  ])('%s', (title, chapterText, term) => {
    expect(headingTerm(title, chapterText)).toBe(term);
  });

  it.each([
    // What is done, not a thing: the text never counts it.
    ['Solving congruences', 'We solve the congruence by trial.'],
    ['Understanding humans', 'Humans behave politically.'],
    ['Generalization: including a source term', 'A source term b(t) is included.'],
  ])('none from: %s', (title, chapterText) => {
    expect(headingTerm(title, chapterText)).toBeNull();
  });
});

describe('isConcept: a name with a possessive is a term, a contraction is not', () => {
  it.each(['Newton’s law of cooling', 'Pascal’s triangle', 'Heun’s method', 'Duverger’s law'])('%s', (term) => {
    expect(isConcept(term)).toBe(true);
  });
  it.each(['it’s', 'that’s the point', 'there’s', 'don’t'])('not %s', (text) => {
    expect(isConcept(text)).toBe(false);
  });
});

describe('sectionConcept: a name keeps its capital', () => {
  it('Newton’s law of cooling', () => {
    const tree = { sections: [{ index: 1, title: 'Newton’s law of cooling', role: 'body' as const }] };
    const sentence = sentenceOf(
      'When a body at some temperature is placed in a cooling environment, the temperature falls rapidly in the beginning.',
    );
    expect(sectionConcept(tree as never, sentence)).toBe('Newton’s law of cooling');
  });
});

describe('directsTheReader: "Have a look …" walks the reader through a case', () => {
  it.each([
    'Have a look again at Pascal’s triangle.',
    'Have a look at the code in the file decay.py to see how the solver is called.',
    'Have a look at the table of political ideologies on the left and the right.',
    // levin p. 131, langtangen p. 60, openstax p. 12: a conjunction before the directive leaves it one.
    'But notice that just because Florence must eat her vegetables, we have not said that doing so would be enough.',
    'And note that the error grows with the time step in all three schemes.',
    'But consider the rules of a game that the players themselves may change.',
  ])('%s', (text) => {
    expect(directsTheReader(sentenceOf(text))).toBe(true);
  });
});

describe('namesInCapitals: a word in capitals the chapter uses as a name, not a label', () => {
  const sentencesOf = (text: string) => analyseSegments([{ text, origin: '1', group: 0 }]);

  it('takes an acronym the chapter spells out, or one no dictionary holds that it uses three times (three books)', () => {
    // openstax, Introduction to Political Science, pp. 486, 241
    const openstax = sentencesOf(
      'The North Atlantic Treaty Organization (NATO) is a military alliance. Members of NATO defend each other. ' +
        'The LGBTQ movement sought equal rights. LGBTQ activists went to court. Courts heard LGBTQ claims.',
    );
    expect([...namesInCapitals(openstax)].sort()).toEqual(['LGBTQ', 'NATO']);
    // langtangen, Finite Difference Computing, p. 150: a program named three times.
    const langtangen = sentencesOf(
      'The same scheme is easy to write in MATLAB. MATLAB arrays start at one. We ran the MATLAB version too.',
    );
    expect(namesInCapitals(langtangen)).toEqual(new Set(['MATLAB']));
    // levin, Discrete Mathematics, p. 4 (a label in capitals is a word of the dictionary) and langtangen's log levels.
    const labels = sentencesOf(
      'NOTE: the empty set is a set. NOTE that it has no elements. NOTE this well. Set DEBUG to see more. DEBUG prints ' +
        'each step. DEBUG is slow.',
    );
    expect(namesInCapitals(labels)).toEqual(new Set());
  });
});
