import { analyseSegments } from '../text/chapter-text.js';
import { howCard, toolCard } from './purpose-cards.js';

const sentenceOf = (text: string) => analyseSegments([{ text, origin: '1', group: 0, endsBlock: true }])[0]!;

// The book's terms for each case: a discrete mathematics book, a political science book, a numerical-methods book.
const TERMS = [
  'logically equivalent',
  'truth table',
  'partial sums',
  'sequence of differences',
  'generating functions',
  'recurrence relations',
  'binomial coefficients',
  'Pascal’s triangle',
  'civil rights',
  'due process',
  'collective action problems',
  'game theory',
  'analytical solution',
  'printf format',
];

describe('howCard: how the book reaches a goal it states', () => {
  it.each([
    [
      'To verify that two statements are logically equivalent, you can make a truth table for each and check whether the columns for the two statements are identical.',
      'How can one verify that two statements are logically equivalent?',
      'Make a truth table for each and check whether the columns for the two statements are identical.',
    ],
    [
      'To go back from the sequence of partial sums to the original sequence, you look at the sequence of differences.',
      'How can one go back from the sequence of partial sums to the original sequence?',
      'Look at the sequence of differences.',
    ],
    [
      'To determine whether civil rights abuses are occurring, one must ask whether similarly situated persons are being treated differently.',
      'How can one determine whether civil rights abuses are occurring?',
      'Ask whether similarly situated persons are being treated differently.',
    ],
  ])('%s', (text, front, back) => {
    expect(howCard(sentenceOf(text), TERMS)).toMatchObject({ kind: 'qa', front, back });
  });

  it.each([
    // A way that is no way.
    'To find the sum of a geometric sequence, we cannot just reverse and add.',
    // The reader's look or the reader's own learning, not a goal of the subject.
    'To see how different choices can influence the outcomes of collective action problems, you can experiment with various scenarios using a free online game theory simulator.',
    'To learn more about them, you can explore courses in game theory.',
    // An example's formula and the code on the page.
    'To derive the analytical solution of the model u = −(a+pt)u, u(0) = I, we can use SymPy and the code below.',
    // A problem the text described before.
    'To fix this problem, we recommend to use the printf format, supported in most programming languages inherited from C.',
    // No term of the book in the goal.
    'To understand what is going on, we will need to better understand how quantification interacts with the logical connectives.',
  ])('none from: %s', (text) => {
    expect(howCard(sentenceOf(text), TERMS)).toBeNull();
  });
});

describe('toolCard: what a tool of the book is for', () => {
  it.each([
    [
      'We can use Pascal’s triangle to calculate binomial coefficients.',
      'What can Pascal’s triangle be used to calculate?',
      'binomial coefficients',
    ],
    [
      'We can use generating functions to solve recurrence relations.',
      'What can generating functions be used to solve?',
      'recurrence relations',
    ],
  ])('%s', (text, front, back) => {
    expect(toolCard(sentenceOf(text), TERMS)).toMatchObject({ kind: 'qa', front, back });
  });

  it('asks what the tool is for when what it does is no short term', () => {
    expect(
      toolCard(sentenceOf('We can use generating functions to solve recurrence relations.'), ['generating functions']),
    ).toMatchObject({
      front: 'What can generating functions be used for?',
      back: 'To solve recurrence relations.',
    });
  });

  it.each([
    // The reader's own things.
    'You can use your phone to talk about politics or to call your local representative to express your views.',
    // A tool the text showed before.
    'We can use this behavior to solve recurrence relations.',
    // No term of the book as the tool.
    'We can use SymPy to derive the analytical solution.',
  ])('none from: %s', (text) => {
    expect(toolCard(sentenceOf(text), TERMS)).toBeNull();
  });
});
