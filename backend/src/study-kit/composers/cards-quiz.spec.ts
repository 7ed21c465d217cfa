import { biologyPageText } from '../../../test/fixtures/study-text.js';
import type { ChapterInput } from '../types.js';
import { analysedSentences, isStopWord, standsOn, wordsOf } from './answer-support.js';
import {
  asWrittenInText,
  buildOfflineFlashcards,
  chapterCards,
  chapterOwnTerms,
  conditionCard,
  headingTerm,
  isDescriptiveTerm,
  isStandaloneStatement,
  reasonCard,
  subjectPhrase,
  termInSubject,
  CLOZE_BLANK,
  isMatterChapter,
  isMatterPage,
  isMatterTitle,
  namesTerm,
  namingCard,
  namedBeforeCard,
  listCard,
  readerNamingCard,
  sectionConcept,
  withoutPointers,
  withoutReaderFrame,
} from './cards.js';
import { analyseChapter } from '../analyse-chapter.js';
import { glossaryOf } from '../stages/terms.js';
import matterPages from '../fixtures/matter-pages.json' with { type: 'json' };
import cardStatements from '../fixtures/card-statements.json' with { type: 'json' };
import openstaxCases from '../fixtures/openstax-political-science.cases.json' with { type: 'json' };
import { buildOfflineQuiz } from './quiz.js';
import type { SectionTree } from '../stages/section-tree.js';

const chapter: ChapterInput = {
  bookTitle: 'Biology Basics',
  chapterTitle: 'Photosynthesis',
  language: 'en',
  pages: [
    { label: '12', text: `Photosynthesis\n${biologyPageText(0, 0)}` },
    { label: '13', text: biologyPageText(0, 1) },
  ],
};

describe('offline study studio', () => {
  const cards = buildOfflineFlashcards(chapter);

  it('makes definition and cloze cards whose answers stand on the cited page', () => {
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(cards.find((card) => card.front === 'What is Photosynthesis?')?.back).toBe(
      'The process by which green plants turn light into chemical energy',
    );
    expect(cards.find((card) => card.front === 'What is the Calvin cycle?')?.pageLabel).toBe('13');
    const page = new Map(chapter.pages.map((p) => [p.label, p.text]));
    for (const card of cards) expect(standsOn(card.back, page.get(card.pageLabel)!)).toBe(true);
  });

  it('never repeats a card and never hides a stop word', () => {
    expect(new Set(cards.map((card) => card.front.toLowerCase())).size).toBe(cards.length);
    for (const card of cards.filter((c) => c.kind === 'cloze')) {
      expect(card.front).toContain(CLOZE_BLANK);
      expect(wordsOf(card.back).every(isStopWord)).toBe(false);
    }
    expect(cards.some((card) => card.kind === 'cloze' && card.back === 'grana')).toBe(true);
  });

  it('writes a quiz of at least five questions with four distinct options drawn from real concepts', () => {
    const quiz = buildOfflineQuiz({ chapter, bookConcepts: ['glycolysis', 'mitochondrion'] }, cards);
    expect(quiz.length).toBeGreaterThanOrEqual(5);
    const concepts = new Set(
      [...cards.map((card) => card.concept), 'glycolysis', 'mitochondrion'].map((c) => c.toLowerCase()),
    );
    for (const question of quiz) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(question.answer).toBeGreaterThanOrEqual(0);
      expect(question.explanation).toMatch(/[.!]$/);
      // The right option is the concept the source sentence names.
      expect(question.explanation.toLowerCase()).toContain(question.options[question.answer]!.toLowerCase());
    }
    expect(quiz.some((question) => question.options.some((option) => concepts.has(option.toLowerCase())))).toBe(true);
  });
});

describe('offline quiz of a short chapter', () => {
  // One page: too few concepts of its own to fill three distractors for each of five questions.
  const short: ChapterInput = {
    bookTitle: 'Biology Basics',
    chapterTitle: 'Food Chains',
    language: 'en',
    pages: [{ label: '40', text: biologyPageText(1, 1) }],
  };
  const otherChapters = [0, 2, 4].flatMap((page) => [{ label: String(page + 10), text: biologyPageText(0, page) }]);

  it('still asks five questions, with distractors taken from the other chapters of the book', () => {
    const quiz = buildOfflineQuiz({ chapter: short, bookConcepts: [], bookPages: otherChapters });
    expect(quiz.length).toBeGreaterThanOrEqual(5);
    const elsewhere = otherChapters.map((page) => page.text.toLowerCase()).join(' ');
    for (const question of quiz) {
      expect(new Set(question.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(question.explanation.toLowerCase()).toContain(question.options[question.answer]!.toLowerCase());
    }
    const borrowed = quiz.flatMap((q) =>
      q.options.filter((o, i) => i !== q.answer && elsewhere.includes(o.toLowerCase())),
    );
    expect(borrowed.length).toBeGreaterThan(0);
  });
});

describe('cards of front and back matter', () => {
  it.each([
    // Levin, Langtangen and OpenStax each open on a preface; Langtangen ends on references, Levin on an index.
    ['Preface', true],
    ['References', true],
    ['Chapter 7 References', true],
    ['Index', true],
    ['Acknowledgements', true],
    ['Preface to the Second Edition', true],
    ['Bibliography', true],
    ['Introduction and Preliminaries', false],
    ['Scientific software engineering', false],
    ['Civil Rights', false],
    ['Chapter 3: Political Ideology', false],
    ['Additional Topics', false],
  ])('"%s" is matter: %s', (title, matter) => {
    expect(isMatterTitle(title)).toBe(matter);
  });

  it.each(matterPages.pages.map((page) => [`${page.book} p. ${page.label}`, page] as const))(
    '%s: a contents or index page is matter, a chapter page is not',
    (_name, page) => {
      expect(isMatterPage(page.text)).toBe(page.matter);
    },
  );

  it('gives no cards for a chapter titled as matter or made of contents and index pages', () => {
    const pages = matterPages.pages.filter((page) => page.matter).map(({ label, text }) => ({ label, text }));
    expect(isMatterChapter({ bookTitle: '', chapterTitle: 'Front', language: 'en', pages })).toBe(true);
    const body = openstaxCases.cases[0]!.pages;
    const preface = analyseChapter({ bookTitle: '', chapterTitle: 'Preface', language: 'en', pages: body });
    expect(chapterCards(preface)).toEqual([]);
    const chapter = analyseChapter({
      bookTitle: '',
      chapterTitle: 'Chapter 1: What Is Politics?',
      language: 'en',
      pages: body,
    });
    expect(chapterCards(chapter).length).toBeGreaterThan(0);
  });
});

describe('cards of a chapter with a glossary (OpenStax)', () => {
  const glossaryCase = openstaxCases.cases.find((bookCase) => bookCase.name.startsWith('a glossary meaning'))!;
  const chapter = analyseChapter({
    bookTitle: '',
    chapterTitle: 'Chapter 3: Political Ideology',
    language: 'en',
    pages: glossaryCase.pages,
  });
  const cards = chapterCards(chapter);

  it('asks each glossary term with its own meaning only', () => {
    const card = cards.find((candidate) => candidate.front === 'What is authoritarianism?');
    expect(card?.back).toBe(
      'An ideology that may allow freedoms in nonpolitical life but does not permit any political challenge to the ruler',
    );
  });

  it('never makes two cards of one sentence unless they ask a definition both ways', () => {
    const bySentence = new Map<string, number>();
    for (const card of cards.filter((candidate) => !candidate.definition))
      bySentence.set(card.sentence, (bySentence.get(card.sentence) ?? 0) + 1);
    expect([...bySentence.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(cards.map((card) => card.front)).size).toBe(cards.length);
  });
});

describe('a glossary opens on a heading only', () => {
  it('does not take an exercise line ending on "terms." for a Key Terms heading (Levin, Additional Topics)', () => {
    const text = [
      '16. Suppose A is the generating function for the sequence 3, 5, 9, 15, 23, 33, . . ..',
      '(a) Find a generating function (in terms of A) for the sequence of differences between',
      'terms.',
      '(b) Write the sequence of differences between terms and find a generating function',
      'for it (without referencing A).',
      'A.2 Introduction to Number Theory',
      'Divisibility',
    ].join('\n');
    expect(glossaryOf([{ label: '208', text }])).toEqual([]);
  });
});

describe('flashcards come from standalone statements about the book’s terms (three books)', () => {
  type Statement = { book: string; text: string; term?: string; standalone: boolean; termInSubject?: boolean };
  type Reason = { book: string; text: string; terms: string[]; why: string | null };
  const sentenceOf = (text: string) => analysedSentences([{ label: '1', text }])[0]!;

  it('has cases from three books', () => {
    expect(new Set(cardStatements.statements.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(cardStatements.reasons.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
  });

  it.each(cardStatements.statements.map((item: Statement) => [item.text, item] as const))('%s', (_text, item) => {
    const sentence = sentenceOf(item.text);
    expect(isStandaloneStatement(sentence)).toBe(item.standalone);
    if (item.term && item.termInSubject !== undefined)
      expect(termInSubject(item.term, sentence)).toBe(item.termInSubject);
  });

  type Frame = { book: string; text: string; statement: string | null };
  it.each(cardStatements.frames.map((item: Frame) => [item.text, item] as const))('reader frame: %s', (_text, item) => {
    const read = withoutReaderFrame(sentenceOf(item.text));
    expect(read.text === item.text ? null : read.text).toBe(item.statement);
  });

  type SectionCase = { book: string; heading: string; text: string; concept: string | null };
  it.each(cardStatements.sectionConcepts.map((item: SectionCase) => [item.heading, item] as const))(
    'section heading as the concept: %s',
    (_heading, item) => {
      const sentence = { ...sentenceOf(item.text), group: 1 };
      const sections = [
        { index: 0, title: '', role: 'body' },
        { index: 1, title: item.heading, role: 'body' },
      ] as unknown as SectionTree['sections'];
      expect(sectionConcept({ sections }, sentence)).toBe(item.concept);
    },
  );

  it('has frames and section concepts from three books', () => {
    expect(new Set(cardStatements.frames.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(cardStatements.sectionConcepts.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
  });

  it.each(cardStatements.reasons.map((item: Reason) => [item.text, item] as const))('why card: %s', (_text, item) => {
    const card = reasonCard(sentenceOf(item.text), item.terms);
    expect(card?.front ?? null).toBe(item.why);
  });

  it('asks a describing word what it describes, and writes a glossary capital as the text does', () => {
    const sentences = analysedSentences([
      {
        label: '1',
        text: 'Two graphs are isomorphic when one relabels the other. The drawing shows isomorphic graphs.',
      },
    ]);
    expect(isDescriptiveTerm('isomorphic', sentences)).toBe(true);
    expect(isDescriptiveTerm('graphs', sentences)).toBe(false);
    expect(asWrittenInText('Domain', 'The domain of a function is the set of its inputs.')).toBe('domain');
    expect(asWrittenInText('Euler circuit', 'An Euler circuit starts and stops at the same vertex.')).toBe(
      'Euler circuit',
    );
    // An index prints its entries in lower case: the question writes them as a sentence of the chapter does.
    expect(
      asWrittenInText('rk4', 'The most widely used method is the 4th-order Runge-Kutta method, often called RK4.'),
    ).toBe('RK4');
    expect(asWrittenInText('tower of hanoi', 'This puzzle is called the Tower of Hanoi.')).toBe('Tower of Hanoi');
    expect(
      asWrittenInText(
        'marxism',
        'Marxism is based on a male viewpoint that ignores the reality women experience. Trace the development of Marxism-inspired political ideologies in the West.',
      ),
    ).toBe('Marxism');
    // A sentence's opening capital is no spelling.
    expect(
      asWrittenInText('scaling', 'Scaling combines the parameters in a problem to a set of dimensionless parameters.'),
    ).toBe('scaling');
  });

  it('hides only the book’s index entries, then the terms the chapter names itself, where the book has an index', () => {
    const indexed = analyseChapter({ ...chapter, indexTerms: ['chlorophyll', 'calvin cycle'] });
    const ownTerms = chapterOwnTerms(indexed.tree, indexed.sentences, indexed.sentences);
    const terms = ['chlorophyll', 'calvin cycle', ...ownTerms].map((term) => term.toLowerCase());
    const clozes = chapterCards(indexed).filter((card) => card.kind === 'cloze');
    for (const card of clozes) expect(terms).toContain(card.back.toLowerCase());
  });

  it.each(cardStatements.subjects.map((item) => [item.text, item] as const))('subject: %s', (_text, item) => {
    expect(subjectPhrase(sentenceOf(item.text))).toBe(item.subject);
  });

  it.each(cardStatements.headings.map((item) => [item.title, item] as const))('heading: %s', (_title, item) => {
    expect(headingTerm(item.title)).toBe(item.term);
  });

  it.each(cardStatements.conditions.map((item) => [item.text, item] as const))('when card: %s', (_text, item) => {
    const card = conditionCard(item.text, 'bookTerms' in item ? item.bookTerms : []);
    expect(card?.front ?? null).toBe(item.front);
    if (item.front) expect(card?.back).toBe(item.back);
  });

  it('has subject and heading cases from three books', () => {
    expect(new Set(cardStatements.conditions.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(cardStatements.subjects.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(cardStatements.headings.map((item) => item.book)).size).toBeGreaterThanOrEqual(3);
  });

  it('tells a sentence that names a term from one that only uses it (three books)', () => {
    // Levin: an aside to the reader still names the term it hides.
    expect(
      namesTerm(
        'characteristic roots',
        'We are interested in finding the roots of the characteristic equation, which are called (surprise) the characteristic roots.',
      ),
    ).toBe(true);
    expect(
      namesTerm(
        'characteristic roots',
        'When you do, the only thing that changes is that the characteristic equation does not factor, so you need to use the quadratic formula to find the characteristic roots.',
      ),
    ).toBe(false);
    // Langtangen.
    expect(
      namesTerm(
        'Backward Differentiation Formulas',
        'These schemes are known as the Backward Differentiation Formulas (BDF), and the particular version (3.39) is often referred to as BDF2.',
      ),
    ).toBe(true);
    // OpenStax.
    expect(namesTerm('paradox of tolerance', 'This is referred to as the paradox of tolerance.')).toBe(true);
    expect(
      namesTerm(
        'paradox of tolerance',
        'The paradox of tolerance is a frequent issue when it comes to religious expression.',
      ),
    ).toBe(false);
  });

  it('asks the name a statement gives a thing it describes, when the name is one of the book’s terms (three books)', () => {
    // Langtangen.
    expect(namingCard('The parameter r is known as the convergence rate.', ['convergence rate'])).toEqual({
      kind: 'qa',
      front: 'What is the parameter r known as?',
      back: 'convergence rate',
    });
    // Levin.
    expect(
      namingCard('A collection of isomorphic graphs is often called an isomorphism class.', ['isomorphism class']),
    ).toEqual({
      kind: 'qa',
      front: 'What is a collection of isomorphic graphs often called?',
      back: 'isomorphism class',
    });
    // A subject pointing back names nothing on its own.
    expect(
      namingCard('The integer solutions to this equation are called Pythagorean triples.', ['Pythagorean triples']),
    ).toBeNull();
    // OpenStax: a name the book does not count among its terms, and a subject cut from a clause.
    expect(
      namingCard('The number of eligible voters who cast a ballot in an election is referred to as voter turnout.', [
        'voter turnout',
      ])?.front,
    ).toBe('What is the number of eligible voters who cast a ballot in an election referred to as?');
    expect(
      namingCard('The number of eligible voters who cast a ballot in an election is referred to as voter turnout.', [
        'ballot',
      ]),
    ).toBeNull();
    expect(namingCard('A third outcome results from what is called logrolling.', ['logrolling'])).toBeNull();
  });

  it('asks the name a sentence gives to what the sentence before describes (three books)', () => {
    const asked = (previous: string, sentence: string) => namedBeforeCard(sentenceOf(previous), sentence);
    // Langtangen.
    const decay =
      'An atomic nucleus of an unstable atom may lose energy by emitting ionizing particles and thereby be transformed to a nucleus with a different number of protons and neutrons.';
    expect(asked(decay, 'This process is known as radioactive decay.')).toEqual({
      kind: 'qa',
      front: `${decay} What is this process known as?`,
      back: 'radioactive decay',
      term: 'radioactive decay',
    });
    // Levin: the name stops where the sentence goes on ("(or Hamiltonian path)", "since they …").
    const path = 'In graph theory terms we are asking whether there is a path which visits every vertex exactly once.';
    expect(asked(path, 'Such a path is called a Hamilton path (or Hamiltonian path).')?.front).toBe(
      `${path} What is such a path called?`,
    );
    expect(asked(path, 'Such a path is called a Hamilton path (or Hamiltonian path).')?.back).toBe('Hamilton path');
    // "However, …" answers the sentence before it: no description on its own.
    expect(
      asked('However, the ratio between successive terms is constant.', 'Such sequences are called geometric.'),
    ).toBeNull();
    // A description that leans on what came before it, or points at a figure, holds no answer to ask from.
    expect(
      asked('Do not proceed until you have attempted the activity above!', 'This puzzle is called the Tower of Hanoi.'),
    ).toBeNull();
    // … but the statement after its colon stands alone, and "this statement" names it.
    expect(
      asked(
        'Later, this result was formulated as a differential equation: the rate of change of the temperature in a body is proportional to the temperature difference between the body and its surroundings.',
        'This statement is known as Newton’s law of cooling, which mathematically can be expressed as follows.',
      )?.front,
    ).toBe(
      'The rate of change of the temperature in a body is proportional to the temperature difference between the body and its surroundings. What is this statement known as?',
    );
    // OpenStax: "This is called …" asks what "this" is called.
    const jury =
      'For a defendant to be found guilty in a jury trial, the jury must unanimously agree; otherwise, the defendant will either be released or face another trial.';
    expect(asked(jury, 'This is called a unanimity rule.')?.front).toBe(`${jury} What is this called?`);
    expect(
      asked(
        'In the United States, the first 10 amendments to the US Constitution define the civil liberties that the government must respect.',
        'These amendments are known as the Bill of Rights.',
      )?.back,
    ).toBe('Bill of Rights');
    // The footnote mark the text glued to a word is gone from the description the card quotes.
    expect(
      asked(
        'American states found ways to limit the participation of Black Americans,36 including literacy tests and poll taxes.',
        'These efforts are referred to as Jim Crow laws.',
      )?.front,
    ).toBe(
      'American states found ways to limit the participation of Black Americans, including literacy tests and poll taxes. What are these efforts referred to as?',
    );
    // A sentence naming nothing gives no card.
    expect(asked(jury, 'This rule is very old.')).toBeNull();
  });

  it('asks for the kinds a statement counts and lists (textbooks and a grammar)', () => {
    const listed = (text: string) => listCard(sentenceOf(text));
    // Langtangen.
    expect(
      listed(
        'A body moving vertically through a fluid (liquid or gas) is subject to three different types of forces: the gravity force, the drag force, and the buoyancy force.',
      ),
    ).toEqual({
      kind: 'qa',
      front:
        'A body moving vertically through a fluid (liquid or gas) is subject to three different types of forces. What are they?',
      back: 'the gravity force, the drag force, and the buoyancy force',
      term: 'the gravity force, the drag force, and the buoyancy force',
    });
    // OpenStax, where "either" opens the list and is no kind.
    expect(
      listed(
        'Constitutionalism has three main elements: adherence to the rule of law, limited government, and guarantees of individual rights.',
      )?.front,
    ).toBe('Constitutionalism has three main elements. What are they?');
    expect(
      listed(
        'If the government loses the vote, one of two things happens: either a new government is formed, or elections take place.',
      )?.back,
    ).toBe('a new government is formed, or elections take place');
    // As many items as the count says: "liberal and social worldviews" is one kind, so this list is not three.
    expect(
      listed(
        'The primary theories come from three major groups of worldviews: the realist worldview, liberal and social worldviews, and critical worldviews.',
      ),
    ).toBeNull();
    // Kuhlmann, Grammar Matters.
    expect(listed('Nouns are broken into two groups: proper nouns and common nouns.')?.back).toBe(
      'proper nouns and common nouns',
    );
    expect(listed('Adjectives and adverbs have three degrees: positive, comparative, and superlative.')?.front).toBe(
      'Adjectives and adverbs have three degrees. What are they?',
    );
    expect(
      listed('It depends on two things: whether the noun is singular or plural and if the noun ends in s.'),
    ).toBeNull();
    // Levin: an example's instances, and an aside to the reader, are no list of kinds to learn.
    expect(listed('Holmes owns two suits: one blue and one brown.')).toBeNull();
    expect(
      listed('You can think of “if and only if” statements as having two parts: an implication and its converse.'),
    ).toBeNull();
  });

  it('asks what the chapter calls a thing it describes in the reader’s voice (three books)', () => {
    // Levin.
    expect(
      readerNamingCard('We call the number of edges emanating from a given vertex the degree of that vertex.'),
    ).toEqual({
      kind: 'qa',
      front: 'What do we call the number of edges emanating from a given vertex?',
      back: 'degree',
      term: 'degree',
    });
    expect(readerNamingCard('We call the set of all subsets of A the power set of A, and write it P (A).')?.front).toBe(
      'What do we call the set of all subsets of A?',
    );
    expect(
      readerNamingCard('We call this other part the characteristic equation for the recurrence relation.'),
    ).toBeNull();
    // Langtangen: what "this" is stands in the sentence before.
    expect(readerNamingCard('We call this the leading order term.')).toBeNull();
    // Esenwein & Carnagey, The Art of Public Speaking: a person, not a thing described.
    expect(readerNamingCard('When the one man in a million who can see comes along, we call him Master.')).toBeNull();
  });

  it('reads a sentence without its pointers to equations and parts of the book, where it names its thing (three books)', () => {
    const read = (text: string) => withoutPointers(sentenceOf(text)).text;
    // Langtangen: a named scheme keeps its name; "the scheme (3.39)" is named by its number alone, and stays as it is.
    expect(
      read('Unfortunately, the Leapfrog scheme (3.41) will develop growing oscillations with time (see Problem 3.6).'),
    ).toBe('Unfortunately, the Leapfrog scheme will develop growing oscillations with time.');
    expect(
      read(
        'Stretching a rod made of polymer will cause deformations that are well described with a Kelvin-Voigt material model (4.53).',
      ),
    ).toBe(
      'Stretching a rod made of polymer will cause deformations that are well described with a Kelvin-Voigt material model.',
    );
    const numbered = 'Higher-order versions of the scheme (3.39) can be constructed by including more time levels.';
    expect(read(numbered)).toBe(numbered);
    const like =
      'The finite difference method can be viewed as a method for turning a differential equation into an algebraic difference equation that can be easily solved by repeated use of a formula like (1.7).';
    expect(read(like)).toBe(like);
    // OpenStax: a figure or a table pointed at.
    expect(
      read(
        'GATT signatories met in a series of multilateral negotiations, commonly known as trade rounds (Table 16.1).',
      ),
    ).toBe('GATT signatories met in a series of multilateral negotiations, commonly known as trade rounds.');
    // Levin: parentheses that are part of what is said stay.
    expect(read('If a ≡ b (mod n) then b ≡ a (mod n).')).toBe('If a ≡ b (mod n) then b ≡ a (mod n).');
  });

  it('takes a term the chapter names itself only where two of its sentences use it', () => {
    const sentences = analysedSentences([
      {
        label: '1',
        text: [
          'The drag coefficient CD depends heavily on the shape of the body.',
          'An important observation is that the solution depends on the scaled time.',
          'A larger drag coefficient slows the body down sooner.',
        ].join(' '),
      },
    ]);
    expect(chapterOwnTerms({ sections: [] }, sentences, sentences)).toEqual(['drag coefficient']);
  });
});
