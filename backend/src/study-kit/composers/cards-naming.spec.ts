import { analyseSegments } from '../text/chapter-text.js';
import { introducedNameCard, namedBeforeCard } from './cards.js';

const sentenceOf = (text: string) => analyseSegments([{ text, origin: '1', group: 0, endsBlock: true }])[0]!;

describe('namedBeforeCard: the statement after the colon of the sentence before is what the name names', () => {
  it('a law stated after a colon (numerical methods)', () => {
    const card = namedBeforeCard(
      sentenceOf(
        'Later, this result was formulated as a differential equation: the rate of change of the temperature in a body is proportional to the temperature difference between the body and its surroundings.',
      ),
      'This statement is known as Newton’s law of cooling, which mathematically can be expressed as',
    );
    expect(card).toMatchObject({
      front:
        'The rate of change of the temperature in a body is proportional to the temperature difference between the body and its surroundings. What is this statement known as?',
      back: 'Newton’s law of cooling',
    });
  });

  it('a description that stands alone is asked whole, as before (discrete mathematics)', () => {
    const card = namedBeforeCard(
      sentenceOf(
        'There is a connection between the number of vertices (v), the number of edges (e) and the number of faces ( f ) in any connected planar graph.',
      ),
      'This relationship is called Euler’s formula.',
    );
    expect(card?.back).toBe('Euler’s formula');
  });

  it.each([
    // What follows the colon is a formula the page shows (numerical methods).
    [
      'Let us now summarize the information that is required to state the complete problem formulation: find u(t) such that',
      'This is known as a continuous problem because the parameter t varies continuously from 0 to T.',
    ],
    // What follows the colon is a quotation said to the reader (political science).
    [
      'To reduce pollution, governments can put a price on it: “Every unit of pollution you emit will cost you this much.”',
      'This price is known as a carbon tax.',
    ],
  ])('none from: %s', (previous, sentence) => {
    expect(namedBeforeCard(sentenceOf(previous), sentence)).toBeNull();
  });
});

describe('introducedNameCard: the name of a thing a sentence introduces', () => {
  it('discrete mathematics', () => {
    expect(
      introducedNameCard(
        'There is an extremely powerful tool in discrete mathematics used to manipulate sequences called the generating function.',
        ['generating functions'],
      ),
    ).toEqual({
      kind: 'qa',
      front: 'What is the extremely powerful tool in discrete mathematics used to manipulate sequences called?',
      back: 'generating function',
      term: 'generating function',
    });
  });

  it.each([
    // Not introduced with "There is": the naming frames of their own ask these (numerical methods).
    [
      'In simple problems we can lump the parameters into one or a few dimensionless numbers by using a very attractive technique called scaling.',
      ['scaling'],
    ],
    // "otherwise known as" names the opinion, not the issues (political science).
    [
      'There are some issues where the majority of the public shares the same opinion, otherwise known as the majority opinion.',
      ['majority opinion'],
    ],
    // The name is no term of the book (discrete mathematics).
    [
      'There is an extremely powerful tool in discrete mathematics used to manipulate sequences called the generating function.',
      ['recurrence relation'],
    ],
  ])('none from: %s', (sentence, terms) => {
    expect(introducedNameCard(sentence, terms)).toBeNull();
  });
});
