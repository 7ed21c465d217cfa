import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isAnswersTitle, readBookAnswers, shortened, MAX_ANSWER_CHARS } from './book-answers.js';
import { matchAnswers, numberedExercises } from './book-exercises.js';
import { buildChapterQuestions } from './question-bank.js';

const page = (number: number, label: string, lines: string[]) => ({ number, label, text: lines.join('\n') });

describe(readBookAnswers.name, () => {
  it.each([
    ['Solutions to Exercises', true],
    ['Appendix B Answers to Selected Exercises', true],
    ['Answers to Odd-Numbered Exercises', true],
    ['Hints and Solutions:', true],
    ['Answer Key', true],
    // OpenStax's preface says its answers are not printed; a section of political science is about solutions.
    ['Answers to Questions in the Book', false],
    ['Solutions to Collective Dilemmas When Participants Disagree', false],
    ['Solution:', false],
    ['Hint. Modify the decay_plot_mpl.py code.', false],
  ])('takes %j for an answers title: %s', (line, expected) => {
    expect(isAnswersTitle(line)).toBe(expected);
  });

  it('keys entries by their own dotted number, with their lettered parts and page', () => {
    const answers = readBookAnswers([
      page(240, '231', [
        'Appendix B',
        'Solutions to Exercises',
        'Solutions for Section 0.2',
        '0.2.1. (a) A ∩ B = {3, 4, 5}.',
        '(b) A ∪ B = {1, 2, 3, 4, 5, 6, 7}.',
        '0.2.2. The set of primes.',
        '231',
      ]),
      page(241, '232', ['Solutions for 0.2', '0.2.3. No. There must be 5 elements', 'in common to both sets.', '232']),
    ]);
    expect(answers.map((answer) => [answer.key, answer.pageLabel, answer.page])).toEqual([
      ['0.2.1', '231', 240],
      ['0.2.2', '231', 240],
      ['0.2.3', '232', 241],
    ]);
    expect(answers[0]!.text).toBe('(a) A ∩ B = {3, 4, 5}.\n(b) A ∪ B = {1, 2, 3, 4, 5, 6, 7}.');
    expect(answers[0]!.parts).toEqual({ a: 'A ∩ B = {3, 4, 5}.', b: 'A ∪ B = {1, 2, 3, 4, 5, 6, 7}.' });
    expect(answers[2]!.text).toBe('No. There must be 5 elements in common to both sets.');
  });

  it('keys "1.", "2." by the sub-heading that names their chapter or section', () => {
    const answers = readBookAnswers([
      page(400, '390', [
        'Answer Key',
        'Chapter 1',
        '1. B',
        '3. The legislature, because it makes the laws.',
        'Chapter 2',
        '1. 12 (there are 4 choices',
        '2 times over)',
        '5. (a) Yes. (b) No.',
      ]),
    ]);
    expect(answers.map((answer) => answer.key)).toEqual(['1.1', '1.3', '2.1', '2.5']);
    // "2 times over)" continues the answer: a number without its closing dot opens none.
    expect(answers[2]!.text).toBe('12 (there are 4 choices 2 times over)');
    expect(answers[3]!.parts).toEqual({ a: 'Yes.', b: 'No.' });
  });

  it('keys a chapter-end answers part by the chapter, and a numbered step inside an answer stays in it', () => {
    const answers = readBookAnswers(
      [
        page(90, '80', [
          'Review Exercises',
          '1. Solve 2x = 6.',
          'Answers to Selected Exercises',
          '1. x = 3.',
          '3. First divide both sides by 2:',
          '1. x + 1 = 4',
          '5. 3.14 is an approximation.',
        ]),
      ],
      { defaultScope: '3' },
    );
    expect(answers.map((answer) => answer.key)).toEqual(['3.1', '3.3', '3.5']);
    expect(answers[1]!.text).toBe('First divide both sides by 2: 1. x + 1 = 4');
  });

  it('gives none on pages without an answers title, and ends the part at the index', () => {
    expect(readBookAnswers([page(10, '1', ['Exercises', '1. Define a set.', '2. Give an example.'])])).toEqual([]);
    const answers = readBookAnswers([page(5, '5', ['Solutions', '1.1. Yes.', 'Index', '1.2. sets, 4'])]);
    expect(answers.map((answer) => answer.key)).toEqual(['1.1']);
  });

  it('cuts a very long answer at a word with an ellipsis', () => {
    const long = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const text = shortened(long, MAX_ANSWER_CHARS);
    expect(text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(text.endsWith('…')).toBe(true);
    expect(long.startsWith(text.slice(0, -1))).toBe(true);
  });
});

describe(numberedExercises.name, () => {
  it('numbers the items under an Exercises heading within the section they close, and matches the answers', () => {
    const chapter = [
      page(20, '11', [
        'The natural numbers are the counting numbers, and we will use them throughout the chapter.',
        '0.2 Sets',
        'A set is an unordered collection of objects. We write x ∈ A when x is an element of A, and',
        'we call the number of elements of a finite set its cardinality. Two sets are equal when',
        'they have the same elements.',
        'Exercises',
        '1. Let A = {1, 2, 3, 4, 5} and B = {3, 4, 5, 6, 7}.',
        '(a) Find A ∩ B.',
        '(b) Find A ∪ B.',
        '2. Find an example of sets A and B such that A ⊆ B and A ∈ B.',
        '3. Are there sets A and B with |A| = 3 and |B| = 4 and |A ∪ B| = 9? Explain.',
      ]),
    ];
    const exercises = numberedExercises(chapter, '0');
    expect(exercises.map((exercise) => exercise.keys[0])).toEqual(['0.2.1', '0.2.2', '0.2.3']);
    expect(exercises[0]!.prompt).toBe(
      'Let A = {1, 2, 3, 4, 5} and B = {3, 4, 5, 6, 7}.\n(a) Find A ∩ B.\n(b) Find A ∪ B.',
    );
    const answers = readBookAnswers([
      page(240, '231', [
        'Solutions to Exercises',
        'Solutions for Section 0.2',
        '0.2.1. (a) {3, 4, 5}. (b) {1, 2, 3, 4, 5, 6, 7}.',
        '0.2.2. A = {1} and B = {1, {1}}.',
      ]),
    ]);
    const matched = matchAnswers(exercises, answers);
    expect(matched.map((answer) => answer?.key ?? null)).toEqual(['0.2.1', '0.2.2', null]);
  });

  it('takes "Exercise 1.2:" items by their own number, their numbered steps inside them', () => {
    const chapter = [
      page(56, '42', [
        'The memory-saving program works exactly as the one that stores every value of the solution.',
        '1.3 Exercises',
        'Exercise 1.1: Define a mesh function and visualize it',
        'Write a function mesh_function(f, t) that returns an array with mesh point values.',
        'Problem 1.2: Differentiate a function',
        'Carry out these steps:',
        '1. Compute the centered differences of the mesh function.',
        '2. Compare them with the exact derivative and report the largest error.',
      ]),
    ];
    const exercises = numberedExercises(chapter, '1');
    expect(exercises.map((exercise) => exercise.keys)).toEqual([['1.1'], ['1.2']]);
    expect(exercises[1]!.prompt).toContain('2. Compare them');
  });

  it("keeps an exercise's printed title as a title, on a line of its own before its text", () => {
    // langtangen, Finite Difference Computing, pp. 102-103 and 44: a title too long for its line, one on a line of its
    // own, and one the layout set as a heading (a short line between a finished sentence and a capital).
    const chapter = [
      page(116, '102', [
        'Fig. 3.2 Choice of adaptive time mesh by the Dormand-Prince method for different tolerances.',
        '3.3 Exercises',
        'Exercise 3.1: Experiment with precision in tests and the size',
        'of u',
        'It is claimed in Section 3.1.5 that most numerical methods will reproduce',
        'a linear exact solution to machine precision. Test this assertion using',
        'the test function test_linear_solution in the decay_vc.py program.',
        'Filename: test_precision.',
        'Exercise 3.2: Implement the 2-step backward scheme',
        'Implement the 2-step backward method (3.39) for the model u0 (t) =',
        '−a(t)u(t) + b(t), u(0) = I. Allow the first step to be computed by either',
        'the Backward Euler scheme or the Crank-Nicolson scheme.',
        'Problem 3.3: Experiment with divisions',
        'Explain what happens in the following computations, where some are',
        'mathematically unexpected.',
      ]),
    ];
    const exercises = numberedExercises(chapter, '3');
    expect(exercises.map((exercise) => exercise.keys)).toEqual([['3.1'], ['3.2'], ['3.3']]);
    expect(exercises[0]!.prompt).toBe(
      'Experiment with precision in tests and the size of u.\nIt is claimed in Section 3.1.5 that most numerical ' +
        'methods will reproduce a linear exact solution to machine precision. Test this assertion using the test ' +
        'function test_linear_solution in the decay_vc.py program. Filename: test_precision.',
    );
    expect(exercises[1]!.prompt).toMatch(
      /^Implement the 2-step backward scheme\.\nImplement the 2-step backward method/,
    );
    expect(exercises[2]!.prompt).toMatch(/^Experiment with divisions\.\nExplain what happens/);
    // Its page is where its title stands.
    expect(exercises[0]!.opening).toBe('Experiment with precision in tests and the size of u');
  });

  it('keeps the words after an exercise number as its text when they run on, and untitled items whole', () => {
    // Exercises set as in Tao's Analysis I (§2.2): the number, then the exercise's first sentence on the same line,
    // one of them broken off before a capitalised name ("in the proof of" / "Proposition 2.2.13.").
    const runOn = numberedExercises(
      [
        page(40, '31', [
          'This concludes our discussion of addition; we now turn to the ordering of the natural numbers.',
          'Exercises',
          'Exercise 2.2.1. Prove Proposition 2.2.5. (Hint: fix two of the variables and induct on the third.)',
          'Exercise 2.2.4. Justify the three statements marked (why?) in the proof of',
          'Proposition 2.2.13.',
        ]),
      ],
      '2',
    );
    expect(runOn.map((exercise) => exercise.prompt)).toEqual([
      'Prove Proposition 2.2.5. (Hint: fix two of the variables and induct on the third.)',
      'Justify the three statements marked (why?) in the proof of Proposition 2.2.13.',
    ]);
    // levin p. 11: numbered items with no title.
    const untitled = numberedExercises(
      [
        page(20, '11', [
          'Two sets are equal when they have the same elements.',
          'Exercises',
          '1. Let A = {1, 2, 3, 4, 5} and B = {3, 4, 5, 6, 7}.',
          '(a) Find A ∩ B.',
          '(b) Find A ∪ B.',
          '2. Find an example of sets A and B such that A ⊆ B and A ∈ B.',
        ]),
      ],
      '0',
    );
    expect(untitled.map((exercise) => exercise.prompt)).toEqual([
      'Let A = {1, 2, 3, 4, 5} and B = {3, 4, 5, 6, 7}.\n(a) Find A ∩ B.\n(b) Find A ∪ B.',
      'Find an example of sets A and B such that A ⊆ B and A ∈ B.',
    ]);
  });

  it('reads a lead back to an exercise the list has had as a reference inside the one it stands in', () => {
    // langtangen, Finite Difference Computing, p. 146 (set after a finished sentence, so the line is not a run-on).
    const chapter = [
      page(160, '146', [
        'Exercise 4.16: Formulate vertical motion in the atmosphere',
        'Vertical motion of a body in the atmosphere needs to take into account a varying air density.',
        'Exercise 4.17: Simulate vertical motion in the atmosphere',
        'Implement the Forward Euler or the Crank-Nicolson scheme derived before.',
        '',
        'Exercise 4.16. Demonstrate the effect of air density variation on a falling human.',
        '',
        'Exercise 4.3: Use the program from that exercise to compare the schemes.',
        'Exercise 4.18: Compute y = |x| by solving an ODE',
        'Consider the ODE problem y′(x) = −1 for x < 0 and 1 for x ≥ 0.',
      ]),
    ];
    const exercises = numberedExercises(
      [page(159, '145', ['The parachute is released after 60 s.', '4.14 Exercises']), ...chapter],
      '4',
    );
    expect(exercises.map((exercise) => exercise.keys[0])).toEqual(['4.16', '4.17', '4.18']);
    // A number the list has had (4.16), or one before the last it had (4.3), stays in the text it stands in.
    expect(exercises[1]!.prompt).toContain('derived before. Exercise 4.16. Demonstrate the effect of air density');
    expect(exercises[1]!.prompt).toContain('Exercise 4.3: Use the program from that exercise');
    const answers = readBookAnswers([
      page(230, '220', ['Solutions to Exercises', '4.16. Discretize both equations.', '4.17. See the program.']),
    ]);
    expect(matchAnswers(exercises, answers).map((answer) => answer?.key ?? null)).toEqual(['4.16', '4.17', null]);
  });

  it('gives a key two exercises share to neither (lists numbered afresh in each section, answered by chapter)', () => {
    const exercises = [
      { keys: ['3.1.1', '3.1'], prompt: 'Prove A.', opening: 'Prove A.', pageLabel: '1' },
      { keys: ['3.2.1', '3.1'], prompt: 'Prove B.', opening: 'Prove B.', pageLabel: '2' },
    ];
    const answers = readBookAnswers([page(9, '9', ['Answers', 'Chapter 3', '1. By induction.'])]);
    expect(matchAnswers(exercises, answers)).toEqual([null, null]);
  });
});

describe(`${buildChapterQuestions.name} with the book's answers`, () => {
  const chapterPages = [
    page(20, '11', [
      'The natural numbers are the counting numbers, and we will use them throughout the chapter.',
      '0.2 Sets',
      'A set is an unordered collection of objects, and its elements are the objects it holds.',
      'Exercises',
      '1. Find an example of sets A and B such that A ∩ B = {3, 5} and A ∪ B = {2, 3, 5, 7, 8}.',
      '2. Find an example of sets A and B such that A ⊆ B and A ∈ B.',
    ]),
  ];
  const printedAnswers = readBookAnswers([
    page(240, '231', [
      'Solutions to Exercises',
      'Solutions for Section 0.2',
      '0.2.1. For example, A = {2, 3, 5, 7, 8} and B = {3, 5}.',
    ]),
  ]);

  it('gives a book exercise the book answer and cites its page; one without keeps no answer', () => {
    const questions = buildChapterQuestions({
      pages: chapterPages,
      cards: [],
      quiz: [],
      bookAnswers: [],
      chapterLabel: '0',
      printedAnswers,
    });
    const exercises = questions.filter((question) => question.kind === 'book_exercise');
    expect(exercises).toHaveLength(2);
    expect(exercises[0]).toMatchObject({
      prompt: 'Find an example of sets A and B such that A ∩ B = {3, 5} and A ∪ B = {2, 3, 5, 7, 8}.',
      answerText: 'For example, A = {2, 3, 5, 7, 8} and B = {3, 5}.',
      explanation: "The book's answer, p. 231.",
      pageLabel: '11',
      answerPage: 240,
      answerPageLabel: '231',
      source: 'book',
    });
    expect(exercises[1]).toMatchObject({ answerText: '', answerPage: null, answerPageLabel: null });
  });

  it('keeps the question-like lines of a page with no numbered list', () => {
    const loose = [page(3, '3', ['Review questions', '1. Why do states form alliances in the modern world?'])];
    const questions = buildChapterQuestions({ pages: loose, cards: [], quiz: [], bookAnswers: [], printedAnswers });
    expect(
      questions.filter((question) => question.kind === 'book_exercise').map((question) => question.prompt),
    ).toEqual(['Why do states form alliances in the modern world?']);
  });
});

// The corpus's textbooks (next to the project), as the ingestion's text layer reads them; skipped where absent.
const textbooks = join(process.cwd(), '..', '..', 'shared', 'corpus', 'textbooks');
const haveCorpus = existsSync(join(textbooks, 'manifest.json'));
if (!haveCorpus) console.log(`book answers corpus tests skipped: ${textbooks} not found`);
const describeWithCorpus = haveCorpus ? describe : describe.skip;

function bookPages(file: string, first: number, last: number, labelOffset: number) {
  const text = execFileSync(
    'pdftotext',
    ['-enc', 'UTF-8', '-f', String(first), '-l', String(last), join(textbooks, file), '-'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  return text
    .split('\f')
    .slice(0, last - first + 1)
    .map((pageText, index) => ({ number: first + index, label: String(first + index - labelOffset), text: pageText }));
}

describeWithCorpus('the book answers of three textbooks', () => {
  const levin = 'levin-discrete-mathematics-open-introduction.pdf';

  it('reads all of Levin\'s "Solutions to Exercises" (appendix B, pages 231-278), keyed by section', () => {
    // The product reads a book's last quarter: Levin's 292 pages from page 219 on.
    const answers = readBookAnswers(bookPages(levin, 219, 292, 9));
    expect(answers).toHaveLength(306);
    expect(answers[0]).toMatchObject({ key: '0.2.1', pageLabel: '231', page: 240 });
    expect(answers.at(-1)).toMatchObject({ key: 'A.2.10' });
    expect(answers.find((answer) => answer.key === '0.2.6')?.text).toBe('The set of primes.');
  });

  it("gives Levin's section exercises the book's answers by their numbers (chapter 0: all 31)", () => {
    const answers = readBookAnswers(bookPages(levin, 219, 292, 9));
    const exercises = numberedExercises(bookPages(levin, 10, 30, 9), '0');
    const matched = matchAnswers(exercises, answers);
    expect(exercises).toHaveLength(31);
    expect(matched.every(Boolean)).toBe(true);
    const pair = (key: string) => {
      const at = exercises.findIndex((exercise) => exercise.keys[0] === key);
      return [exercises[at]!.prompt.slice(0, 60), matched[at]!.text.slice(0, 40), matched[at]!.pageLabel];
    };
    expect(pair('0.2.6')).toEqual([
      'Let A2 be the set of all multiples of 2 except for 2. Let A3',
      'The set of primes.',
      '231',
    ]);
    expect(pair('0.3.9')[0]).toMatch(/^Find a set X and a function f : X → N/);
    expect(pair('0.3.9')[1]).toMatch(/^X can really be any set/);
  });

  it('finds no answers in Langtangen (its exercises have none printed) though it numbers 40 and more', () => {
    const file = 'langtangen-finite-difference-decay-models.pdf';
    expect(readBookAnswers(bookPages(file, 1, 241, 14))).toEqual([]);
    const exercises = numberedExercises(bookPages(file, 121, 164, 14), '4');
    expect(exercises.length).toBeGreaterThanOrEqual(15);
    expect(exercises[0]!.keys).toEqual(['4.1']);
    // Each exercise's title stands on a line of its own, never run into its first sentence.
    expect(exercises[0]!.prompt).toMatch(/^Radioactive decay of Carbon-14\.\nThe Carbon-14 isotope, whose radioactive/);
    const titled = numberedExercises(bookPages(file, 110, 120, 14), '3');
    expect(titled[0]!.prompt).toMatch(
      /^Experiment with precision in tests and the size of u\.\nIt is claimed in Section 3\.1\.5 that/,
    );
    expect(titled.find((exercise) => exercise.keys[0] === '3.7')!.prompt).toMatch(
      /^Make a unified implementation of many schemes\.\nConsider the linear ODE problem/,
    );
    expect(matchAnswers(exercises, []).every((answer) => answer === null)).toBe(true);
  });

  it("numbers all of Langtangen's exercises as its list of exercises does, none cut by a reference or a number", () => {
    const file = 'langtangen-finite-difference-decay-models.pdf';
    // Chapters 1-5 start on pdf pages 15, 61, 93, 121 and 165; the references start on 237.
    const starts = [15, 61, 93, 121, 165, 237];
    const chapters = starts
      .slice(0, -1)
      .map((from, at) => numberedExercises(bookPages(file, from, starts[at + 1]! - 1, 14), String(at + 1)));
    // The front matter's "List of Exercises, Problems, and Projects": 6, 3, 7, 23 and 7.
    expect(chapters.map((exercises) => exercises.length)).toEqual([6, 3, 7, 23, 7]);
    const four = chapters[3]!;
    expect(four.map((exercise) => exercise.keys[0])).toEqual(Array.from({ length: 23 }, (_, at) => `4.${at + 1}`));
    // p. 146: 4.17 names 4.16 at the start of a line, and keeps its text.
    expect(four[16]!.prompt).toMatch(/^Simulate vertical motion in the atmosphere\.\nImplement the Forward Euler/);
    expect(four[16]!.prompt).toContain('derived in Exercise 4.16. Demonstrate the effect of air density variation');
    expect(four[16]!.prompt).toMatch(/Filename: falling_in_variable_density\.$/);
    // p. 147: "0.5. There is also no change …" goes on with 4.19; the exercises after it are read.
    expect(four[18]!.prompt).toContain('No change occurs with probability 0.5. There is also no change');
    expect(four[19]!.prompt).toMatch(/^Simulate a population in a changing environment\.\nWe shall study a population/);
    expect(four[22]!.prompt).toMatch(/^Simulate the deformation of a viscoelastic material\.\nStretching a rod/);
  });

  it("numbers all 288 of Levin's section exercises and gives every one the book's answer", () => {
    const answers = readBookAnswers(bookPages(levin, 219, 292, 9));
    // Chapters 0-4 and appendix A start on pdf pages 10, 31, 93, 139, 177 and 214; the solutions on 240.
    const starts: Array<[string, number]> = [
      ['0', 10],
      ['1', 31],
      ['2', 93],
      ['3', 139],
      ['4', 177],
      ['A', 214],
      ['B', 240],
    ];
    const counts = starts.slice(0, -1).map(([label, from], at) => {
      const exercises = numberedExercises(bookPages(levin, from, starts[at + 1]![1] - 1, 9), label);
      return [exercises.length, matchAnswers(exercises, answers).filter(Boolean).length];
    });
    expect(counts).toEqual([
      [31, 31],
      [90, 90],
      [54, 54],
      [44, 44],
      [48, 48],
      [21, 21],
    ]);
  });

  it('finds no answers in OpenStax political science, whose preface says they are not printed', () => {
    const file = 'openstax-introduction-political-science.pdf';
    expect(readBookAnswers(bookPages(file, 1, 60, 9))).toEqual([]);
    expect(readBookAnswers(bookPages(file, 437, 583, 9))).toEqual([]);
    // Nor its review questions (this rendering leaves them out): chapter 9's teaching text, where "problem." and
    // "question." end broken-off sentences, gives no numbered exercise.
    expect(numberedExercises(bookPages(file, 294, 326, 9), '9')).toEqual([]);
  });
});
