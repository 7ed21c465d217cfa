import { exerciseTitleLines, pageBlocks } from './blocks.js';

const paragraphs = (text: string) =>
  pageBlocks([{ label: '7', text }])
    .filter((block) => block.kind === 'paragraph' || block.kind === 'list')
    .map((block) => block.text);

describe('a paragraph the text layer broke with a blank line', () => {
  it('goes on when a full line stops mid-sentence and the next goes on in lower case (three books)', () => {
    // levin, Discrete Mathematics, p. 7 (a line holding a formula set with wider leading)
    const levin = [
      'We say that A is a subset of B when every element of A is an element of B. The empty set is a set with no',
      'elements at all, and everything in the empty set (nothing) is also an element of A. Notice',
      '',
      'that the empty set is a subset of every set, since it holds no element that is not in the other set.',
    ].join('\n');
    expect(paragraphs(levin).some((text) => text.includes('Notice that the empty set is a subset of every set'))).toBe(
      true,
    );
    // langtangen, Finite Difference Computing, p. vi (a list item's hanging indent)
    const langtangen = [
      'The following list of topics will be elaborated on in this book.',
      '',
      '• How to think when constructing finite difference methods, with special',
      '',
      'focus on the Forward Euler, Backward Euler, and Crank-Nicolson (midpoint) schemes.',
    ].join('\n');
    expect(paragraphs(langtangen)).toContain(
      'How to think when constructing finite difference methods, with special focus on the Forward Euler, Backward Euler, and Crank-Nicolson (midpoint) schemes.',
    );
    // openstax, Introduction to Political Science, p. 164 (a run-in heading's hanging indent)
    const openstax = [
      'Participation. Political participation is a set of activities through which people express opinions on public',
      '',
      'officials and public policy, from voting in elections to joining a protest or writing to a legislator.',
    ].join('\n');
    expect(paragraphs(openstax)).toEqual([
      'Participation. Political participation is a set of activities through which people express opinions on public officials and public policy, from voting in elections to joining a protest or writing to a legislator.',
    ]);
  });

  it('ends where a short line (a glossary term) or a finished sentence stands before the blank line', () => {
    // openstax, Introduction to Political Science, p. 29 (Key Terms: the term, then its gloss)
    const glossary = [
      'A state is a political community with a government, a territory, a population and sovereignty over them.',
      '',
      'public opinion',
      '',
      'in empirical political science, the sum of the views that individuals are willing to express openly.',
    ].join('\n');
    expect(paragraphs(glossary).some((text) => text.startsWith('public opinion in empirical'))).toBe(false);
    // levin p. 5: the sentence ended; the next paragraph opens on a symbol's name in lower case.
    const ended = [
      'The union of two sets A and B is the set containing all elements which are elements of A or B or both of them.',
      '',
      'and the intersection is the set of elements that the two sets have in common with each other, read as a list.',
    ].join('\n');
    expect(paragraphs(ended)).toHaveLength(2);
  });
});

describe("an exercise's title", () => {
  it.each([
    // langtangen, Finite Difference Computing, pp. 102, 147, 42: a title too long for its line, one on its own line, one
    // before the exercise's first lettered part.
    [['Exercise 3.1: Experiment with precision in tests and the size', 'of u', 'It is claimed in Section 3.1.5'], 2],
    [['Problem 4.19: Simulate fortune growth with random interest', 'rate', 'The goal of this exercise is to'], 2],
    [['Project 3.6: Implement and investigate the Leapfrog scheme', 'A Leapfrog scheme for the ODE u0 (t) ='], 1],
    [['Exercise 1.1: Define a mesh function and visualize it', 'a) Write a function mesh_function(f, t) that'], 1],
    // langtangen p. 146: a reference to an exercise opening a line whose sentence runs on.
    [['Exercise 4.16. Demonstrate the effect of air density variation on a falling', 'human, e.g., the famous'], 0],
    // As Tao's Analysis I sets them: the exercise's first sentence after its number, broken off before a name.
    [['Exercise 2.2.1. Prove Proposition 2.2.5. (Hint: fix two of the variables and induct on', 'the third.)'], 0],
    [['Exercise 2.2.4. Justify the three statements marked (why?) in the proof of', 'Proposition 2.2.13.'], 0],
    // levin p. 11: an item with no title of its own.
    [['1. Let A = {1, 2, 3, 4, 5} and B = {3, 4, 5, 6, 7}.', '(a) Find A ∩ B.'], 0],
  ])('%j takes %i lines', (lines, taken) => {
    expect(exerciseTitleLines(lines)).toBe(taken);
  });

  it('is a block of its own, the exercise text after it kept apart from the teaching text too', () => {
    // langtangen p. 102's exercise, standing in the chapter's text rather than under an "Exercises" heading.
    const blocks = pageBlocks([
      {
        label: '102',
        text: [
          'Most numerical methods will reproduce a linear exact solution to machine precision.',
          'Exercise 3.1: Experiment with precision in tests and the size',
          'of u',
          'It is claimed in Section 3.1.5 that most numerical methods will reproduce',
          'a linear exact solution to machine precision. Test this assertion.',
        ].join('\n'),
      },
    ]);
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['paragraph', 'Most numerical methods will reproduce a linear exact solution to machine precision.'],
      ['exercise', 'Exercise 3.1: Experiment with precision in tests and the size of u'],
      [
        'exercise',
        'It is claimed in Section 3.1.5 that most numerical methods will reproduce a linear exact solution to machine precision. Test this assertion.',
      ],
    ]);
  });
});
