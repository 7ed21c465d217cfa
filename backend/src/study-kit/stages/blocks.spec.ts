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

describe('a line going on with the sentence the line before broke off', () => {
  const blocksOf = (label: string, lines: string[]) =>
    pageBlocks([{ label, text: lines.join('\n') }]).map((block) => [block.kind, block.text]);

  it('opens no section and no exercise: a number or a lead at its start is part of the sentence (langtangen)', () => {
    // langtangen, Finite Difference Computing, p. 147: "0.5. There is …" read as section 0.5 ended the exercises.
    const fortune = blocksOf('147', [
      '4.14 Exercises',
      'Problem 4.19: Simulate fortune growth with random interest',
      'rate',
      'The goal of this exercise is to compute the value of a fortune subject',
      'to inflation and a random interest rate. Suppose that the inflation is',
      'randomly at each time step, starting at some value p0 at t = 0. The',
      'random change is from a value pn at t = tn to pn + ∆p with probability',
      '0.25 and pn −∆p with probability 0.25. No change occurs with probability',
      '0.5. There is also no change if pn+1 exceeds 15 or becomes below 1. Use',
      'a time step of one month, p0 = i, initial fortune scaled to 1, and simulate',
      '1000 scenarios of length 20 years.',
      'Exercise 4.20: Simulate a population in a changing',
      'environment',
      'We shall study a population modeled by (4.3) where the environment,',
      'represented by r and f , undergoes changes with time.',
    ]);
    expect(fortune.filter(([kind]) => kind === 'heading')).toEqual([['heading', 'Exercises']]);
    expect(fortune.filter(([kind]) => kind !== 'heading').every(([kind]) => kind === 'exercise')).toBe(true);
    expect(fortune.some(([, text]) => text!.includes('with probability 0.5. There is also no change'))).toBe(true);
    // p. 146: exercise 4.17 names exercise 4.16 at the start of a line.
    expect(
      blocksOf('146', [
        'Exercise 4.17: Simulate vertical motion in the atmosphere',
        'Implement the Forward Euler or the Crank-Nicolson scheme derived in',
        'Exercise 4.16. Demonstrate the effect of air density variation on a falling',
        'human, e.g., the famous fall of Felix Baumgartner. The drag coefficient',
        'can be set to 1.2. Filename: falling_in_variable_density.',
      ]),
    ).toEqual([
      ['exercise', 'Exercise 4.17: Simulate vertical motion in the atmosphere'],
      [
        'exercise',
        'Implement the Forward Euler or the Crank-Nicolson scheme derived in Exercise 4.16. Demonstrate the effect of ' +
          'air density variation on a falling human, e.g., the famous fall of Felix Baumgartner. The drag coefficient ' +
          'can be set to 1.2. Filename: falling_in_variable_density.',
      ],
    ]);
  });

  it('keeps "proof." and "problem." that end a broken-off sentence in it (levin, openstax)', () => {
    // levin, Discrete Mathematics, p. 156: a worked example's solution, the sentence broken before "proof."
    expect(
      blocksOf('156', [
        'Is the statement “for all integers n, if n 2 is even, then n is even” true?',
        'Solution: This is the converse of the statement we proved above using a direct',
        'proof. From trying a few examples, this statement definitely appears this is true.',
        'So let’s prove it.',
      ]).at(-1),
    ).toEqual([
      'example',
      'Solution: This is the converse of the statement we proved above using a direct proof. From trying a few ' +
        'examples, this statement definitely appears this is true. So let’s prove it.',
    ]);
    // p. 165: a homework problem's item broken off at "Here is the".
    expect(
      blocksOf('165', [
        'The following are some more involved problems for you to try, which might be assigned',
        'as homework.',
        '1. Your “friend” has shown you a “proof” he wrote to show that 1  3. Here is the',
        'proof:',
      ]).at(-1),
    ).toEqual(['paragraph', '1. Your “friend” has shown you a “proof” he wrote to show that 1 3. Here is the proof:']);
    // openstax, Introduction to Political Science, p. 287: "problem." opened an exercise, out of the teaching text.
    expect(
      blocksOf('287', [
        'from the legislators themselves. It is quite common for a member of a legislature to develop a passion for and expertise',
        'in a particular policy area.',
        'In order for a law to be created or changed, a legislator or group of legislators must be willing to work to solve the',
        'problem. Often, the person who introduces a piece of legislation is known as its sponsor.',
      ]).at(-1),
    ).toEqual([
      'paragraph',
      'In order for a law to be created or changed, a legislator or group of legislators must be willing to work to ' +
        'solve the problem. Often, the person who introduces a piece of legislation is known as its sponsor.',
    ]);
  });

  it('leaves headings after a finished sentence, atop the next page, a list item or a title-case line', () => {
    // levin p. 3: a section after a finished paragraph.
    expect(
      blocksOf('3', [
        'Two sets are equal exactly when they have the same elements, whatever the order of the listing in which',
        'they are written.',
        '0.3 Functions',
        'A function is a rule that assigns each input exactly one output.',
      ]),
    ).toContainEqual(['heading', 'Functions']);
    // A heading the furniture stage kept atop the next page, the paragraph broken off at the page's foot.
    const pages = pageBlocks([
      {
        label: '136',
        text: 'The surrounding temperature Ts in Newton’s law of cooling (4.12) may vary in time, and we want to find the',
      },
      { label: '137', text: '4.14 Exercises\nsolutions for a temperature that oscillates around a mean value.' },
    ]);
    expect(pages.find((block) => block.kind === 'heading')?.text).toBe('Exercises');
    // openstax p. 356: a box's label after a list's item left unpunctuated.
    expect(
      blocksOf('356', [
        'Tom Ginsburg and Tamir Moustafa identify five primary functions of courts in these authoritarian regimes:',
        '4. To facilitate trade and investment',
        '5. To implement controversial policies so as to allow political distance from core elements of the regime',
        'VIDEO',
        'Justice Handed Over to Dictatorship from the Film Judgment at Nuremberg',
      ]),
    ).toContainEqual(['heading', 'VIDEO']);
    // An exercise's lettered part ends unpunctuated; the next exercise opens after it (set as langtangen's p. 42).
    expect(
      blocksOf('42', [
        'a) Write a function mesh_function(f, t) that returns an array with mesh point values.',
        'b) Compare the Forward Euler, the Backward Euler and the Crank-Nicolson schemes for large steps',
        'Exercise 1.2: Differentiate a function',
        'Given a mesh function, compute its derivative by centered differences at the inner mesh points.',
      ]).map(([, text]) => text),
    ).toContain('Exercise 1.2: Differentiate a function');
    // The Art of Public Speaking, p. 51: a heading in title case, wrapped onto a second line.
    expect(
      blocksOf('51', [
        'Such pauses are of the utmost importance to every speaker who would hold an audience to the very end.',
        '1. Pause Enables the Mind of the Speaker to Gather His Forces Before',
        'Delivering the Final Volley',
        'It is often dangerous to rush into battle without pausing for preparation or waiting for reinforcements.',
      ]),
    ).toContainEqual(['heading', 'Delivering the Final Volley']);
  });
});

describe('a worked example whose lead ends on a colon', () => {
  const kinds = (lines: string[]) =>
    pageBlocks([{ label: '144', text: lines.join('\n') }]).map((block) => [block.kind, block.text] as const);

  it('keeps the items it introduces, and those of a second colon, in the example (three books)', () => {
    // levin, p. 144: the worked solution lists statements; they are the example's, not the teaching text.
    const levin = kinds([
      'Example:',
      'Rephrase the implication, “if I dream, then I am asleep” in as many different ways',
      'as possible. Then do the same for the converse.',
      'Solution: The following are all equivalent to the original implication:',
      '',
      '1. I am asleep if I dream.',
      '2. I dream only if I am asleep.',
      'The following are equivalent to the converse (if I am asleep, then I dream):',
      '',
      '1. I dream if I am asleep.',
      '2. I am asleep only if I dream.',
      '',
      'Hopefully you agree with the above example. We include the necessary and sufficient',
      'versions because those are very common in mathematics.',
    ]);
    expect(levin.filter(([, text]) => /asleep|dream/.test(text)).every(([kind]) => kind === 'example')).toBe(true);
    expect(levin.at(-1)![0]).toBe('paragraph');
    // A numerical-methods book's worked solution in steps.
    const steps = kinds([
      'Solution: The scheme is derived in three steps:',
      '',
      '(a) Sample the ODE at the mesh point.',
      '(b) Replace the derivative by a forward difference.',
      '',
      'The resulting scheme is explicit and easy to implement.',
    ]);
    expect(steps.slice(0, 3).map(([kind]) => kind)).toEqual(['example', 'example', 'example']);
    expect(steps.at(-1)).toEqual(['paragraph', 'The resulting scheme is explicit and easy to implement.']);
    // A political-science example that lists cases.
    const cases = kinds([
      'Example: Three kinds of electoral systems are in use today:',
      '',
      '• plurality systems, in which the candidate with the most votes wins;',
      '• majority systems, in which a winner needs more than half of the votes;',
      '',
      'Each system shapes the number of parties a country has.',
    ]);
    expect(cases.slice(0, 3).map(([kind]) => kind)).toEqual(['example', 'example', 'example']);
    expect(cases.at(-1)![0]).toBe('paragraph');
  });
});

describe('a numbered line holding the end of one sentence and the start of another', () => {
  it('is no section heading, whatever its number (langtangen, levin, openstax)', () => {
    const headings = (lines: string[]) =>
      pageBlocks([{ label: '147', text: lines.join('\n') }])
        .filter((block) => block.kind === 'heading')
        .map((block) => block.text);
    // langtangen, p. 147 as the product's text layer reads it: the superscript "n+1" stands on a line of its own.
    expect(
      headings([
        'random change is from a value p at t = tn to pn + ∆p with probability',
        '0.25 and pn−∆p with probability 0.25. No change occurs with probability',
        '',
        'n+1',
        '',
        '0.5. There is also no change if p exceeds 15 or becomes below 1. Use',
        'a time step of one month, p0 = i, initial fortune scaled to 1, and simulate',
      ]),
    ).toEqual([]);
    // levin and openstax: numbered headings stay headings, a name with a full stop in it too.
    expect(headings(['2.1 Sequences', '', 'A sequence is simply an ordered list of numbers.'])).toEqual(['Sequences']);
    expect(headings(['4.3 The U.S. Constitution', '', 'The Constitution was written in 1787.'])).toEqual([
      'The U.S. Constitution',
    ]);
    expect(headings(['11.2 Roe v. Wade and the Right to Privacy', '', 'The case reached the Court in 1971.'])).toEqual([
      'Roe v. Wade and the Right to Privacy',
    ]);
  });
});
