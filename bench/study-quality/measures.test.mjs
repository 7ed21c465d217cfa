// The bench's own yardsticks, on sentences taken from the textbooks and the issue: each counter must see what it
// names and let plain prose pass. Run: node --test bench/study-quality/*.test.mjs
import assert from 'node:assert/strict';
import test from 'node:test';
import { bodyPagesOf } from './corpus.mjs';
import {
  countRepeats,
  hasCode,
  hasFormula,
  hasFurniture,
  hasGluedNumber,
  isExampleBound,
  isExercisePrompt,
  runningLinesOf,
} from './debris.mjs';
import { compareWithBaseline, FIGURES, judge } from './figures.mjs';
import { indexTermsOfPages, termKey } from './index-terms.mjs';
import {
  genericWords,
  isCopied,
  matchText,
  optionKind,
  quotesTheBook,
  saysItCannotExplain,
  standsOn,
} from './measures.mjs';

const PROSE = [
  'A sequence is called geometric if the ratio between successive terms is constant.',
  'Politics is the means by which societies decide who gets what, when, and how.',
  'John Rawls (1921–2002) argues in A Theory of Justice (1971) that a stable regime needs shared values.',
  'The 2nd edition was printed in the 1990s and sold 27 copies in 3 countries.',
  'Use of the Forward Euler scheme is common in the first course on numerical methods.',
  // "import" as an English noun (langtangen, pp. 119 and 205).
  'To make import and execution of code independent, the test goes in a block of its own.',
  'We need import statements for the plotting library as well as another function for producing the plot.',
];

test('plain prose carries no debris', () => {
  for (const sentence of PROSE) {
    assert.equal(hasGluedNumber(sentence), false, sentence);
    assert.equal(hasFormula(sentence), false, sentence);
    assert.equal(hasCode(sentence), false, sentence);
    assert.equal(isExercisePrompt(sentence), false, sentence);
    assert.equal(isExampleBound(sentence), false, sentence);
  }
});

test('footnote and section numbers glued to words', () => {
  assert.ok(hasGluedNumber('13Throughout this book we use Python.'));
  assert.ok(hasGluedNumber('Like other theories, liberalism sees states as actors in the system,40 but it differs.'));
  assert.ok(hasGluedNumber('When you create a new object you get two objects: 10.11.'));
  assert.ok(hasGluedNumber('1.1 Time mesh with discrete solution values at points.'));
});

test('formula and code text inside prose', () => {
  assert.ok(hasFormula('Write out the first few terms of the sequence given by a1 3; an 2an−1 + 4.'));
  assert.ok(hasFormula('So let’s start with the formula for sequence 3: n(n + 1).'));
  assert.ok(hasFormula('A vector v 6= 0 is such that ˆAv = λv.'));
  assert.ok(hasCode('The function calls numpy.linspace( with the mesh and stores it in t_mesh.'));
  assert.ok(hasCode('We test it with u[n] for every step.'));
  assert.ok(hasCode('The program starts with import numpy as np and reads its arguments.'));
});

test('exercise prompts and example-bound sentences', () => {
  assert.ok(isExercisePrompt('Find a closed formula for the nth term of the sequence.'));
  assert.ok(isExercisePrompt('Then find x and y so that the sequence is part of a geometric sequence.'));
  assert.ok(isExercisePrompt('Use the Forward Euler method for the first step.'));
  assert.ok(isExercisePrompt('How many subsets does the set have? (p. 12)'));
  assert.ok(isExampleBound('We shall refer to (1.7) as the Forward Euler scheme.'));
  assert.ok(isExampleBound('An outline example is given below.'));
  assert.ok(isExampleBound('Notice that in the example above, A has 6 elements.'));
  assert.ok(isExampleBound('As Figure 3.2 shows, the error falls with the step.'));
});

test('running heads and feet are found from the page edges, and only they', () => {
  const pages = Array.from({ length: 6 }, (_, i) =>
    [`CHAPTER 2. SEQUENCES ${84 + i}`, `Body text ${'abcdef'[i]} that changes on every page`, `${84 + i}`].join('\n'),
  );
  const lines = runningLinesOf(pages);
  assert.deepEqual(lines, ['CHAPTER #. SEQUENCES #']);
  assert.ok(hasFurniture('CHAPTER 2. SEQUENCES 91 The terms grow.', lines));
  assert.equal(hasFurniture('Sequences grow in chapter two.', lines), false);
  const footer = '© 2016, Hans Petter Langtangen. Released under CC Attribution 4.0 license';
  const withFooter = Array.from({ length: 5 }, (_, i) => [`Chapter ${i + 1}`, `Text ${'abcde'[i]}`, footer].join('\n'));
  const footLines = runningLinesOf(withFooter);
  assert.deepEqual(footLines, ['© #, Hans Petter Langtangen. Released under CC Attribution #.# license']);
  assert.ok(
    hasFurniture('It may act as a refresher of traditional mathemat- © 2016, Hans Petter Langtangen.', footLines),
  );
  assert.equal(hasFurniture('As Chapter 4 shows, the scheme is stable.', footLines), false);
});

test('repeated key points', () => {
  assert.equal(
    countRepeats([
      'A set is a collection of objects.',
      'A set is a collection of objects (p. 4).',
      'A function maps a domain to a codomain.',
    ]),
    1,
  );
});

test('index pages: entries, wrapped lines, sub-entries', () => {
  const terms = indexTermsOfPages([
    'Index\n\narithmetic sequence, 91\nAdams-Bashforth scheme, 3rd order,\n94\nchemical reactions\nirreversible, 117\nIndex 280\nDe Morgan’s laws, 141\n225',
  ]);
  for (const term of ['arithmetic sequence', 'adams bashforth scheme 3rd order', 'chemical reactions', 'irreversible'])
    assert.ok(terms.has(termKey(term)), term);
  assert.ok(terms.has(termKey("De Morgan's law")));
  assert.equal(terms.has(termKey('Index 280')), false);
  assert.equal(termKey('Binomial Coefficients (math)'), 'binomial coefficient');
  assert.equal(termKey('hypothesis'), 'hypothesis');
});

test('generic words come from the data file', () => {
  for (const word of ['Example', 'Figure', 'Section', 'Result', 'Exercises'])
    assert.ok(genericWords.has(termKey(word)), word);
  assert.equal(genericWords.has(termKey('Function')), false);
});

test('an answer stands on its page across line breaks, case and punctuation', () => {
  assert.ok(standsOn('Recursive definition', 'the recur-\nsive definition of a sequence'));
  assert.equal(standsOn('tower', 'The Towers of Hanoi'), false);
  assert.equal(matchText('“Bit” is short'), ' bit is short ');
});

test('quiz option kinds', () => {
  assert.equal(optionKind('42'), 'number');
  assert.equal(optionKind('12.5%'), 'number');
  assert.equal(optionKind('n(n + 1)'), 'formula');
  assert.equal(optionKind('closed formula'), 'term');
  assert.equal(optionKind('The set of all subsets of a set is its power set.'), 'statement');
  assert.ok(quotesTheBook('Which term completes the sentence: “This puzzle is called the _____ of Hanoi.”'));
  assert.equal(quotesTheBook('Which of these is an example of a geometric sequence?'), false);
});

test('a sentence is copied when 80% of its word 5-grams are in the chapter', () => {
  const chapter = matchText('Politics is the means by which societies decide who gets what, when, and how.');
  const grams = new Set();
  const words = chapter.trim().split(' ');
  for (let i = 0; i + 5 <= words.length; i += 1) grams.add(words.slice(i, i + 5).join(' '));
  assert.ok(isCopied('Politics is the means by which societies decide who gets what.', chapter, grams));
  assert.equal(isCopied('Politics is how a group of people choose what to do together.', chapter, grams), false);
});

test('an explanation that says the book does not explain its topic is told apart from an explanation', () => {
  assert.ok(
    saysItCannotExplain(
      'The book names Mod here but does not explain it in whole sentences, so there is nothing plain to retell. Read about it in the book (pp. 218–230).',
    ),
  );
  assert.equal(
    saysItCannotExplain('Radioactive decay is a process. An atomic nucleus may lose energy. (p. 113)'),
    false,
  );
});

test('body pages by the manifest leave out front and back matter', () => {
  const body = bodyPagesOf(
    {
      chapters: [
        { title: 'One', page: 5 },
        { title: 'Two', page: 8 },
      ],
      matter: [
        { title: 'Preface', page: 2 },
        { title: 'Index', page: 10 },
      ],
      indexPages: [10, 11],
    },
    11,
  );
  assert.deepEqual([...body], [5, 6, 7, 8, 9]);
});

test('the check fails a figure that falls past its margin, and only then', () => {
  const f1 = FIGURES.find((figure) => figure.name === 'chapterF1');
  assert.equal(judge(f1, 0.9, 0.89), null);
  assert.match(judge(f1, 0.9, 0.85), /chapterF1 0.85 against baseline 0.9/);
  const copied = FIGURES.find((figure) => figure.name === 'eli12CopiedPct');
  assert.equal(judge(copied, 40, 20), null, 'an improvement never fails');
  assert.ok(judge(copied, 40, 46));
  const baseline = { books: { 'a.pdf': { chapterF1: 1 } }, overall: { chapterF1: 1 } };
  const { failures, compared } = compareWithBaseline(baseline, {
    books: { 'a.pdf': { chapterF1: 0.5 } },
    overall: { chapterF1: 0.5 },
  });
  assert.equal(compared, 2);
  assert.deepEqual(
    failures.map((failure) => failure.scope),
    ['a.pdf', 'overall'],
  );
  // CPU time is held over the whole set only.
  const cpu = compareWithBaseline(
    { books: { 'a.pdf': { kitCpuSecPer100Pages: 1 } }, overall: { kitCpuSecPer100Pages: 1 } },
    { books: { 'a.pdf': { kitCpuSecPer100Pages: 5 } }, overall: { kitCpuSecPer100Pages: 5 } },
  );
  assert.deepEqual(
    cpu.failures.map((failure) => failure.scope),
    ['overall'],
  );
});
