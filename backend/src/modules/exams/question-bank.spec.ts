import { bookExercises, buildChapterQuestions, distractorsFor, keyStandsOnPage } from './question-bank.js';

const pages = [
  {
    number: 14,
    label: '12',
    text: 'Photosynthesis is the process by which green plants turn light into chemical energy. The tiny pores that let gases in and out of a leaf are called stomata. Inside the chloroplast, the thylakoid membranes are stacked into columns called grana.',
  },
  {
    number: 15,
    label: '13',
    text: 'Cellular respiration is the process that releases the energy stored in glucose. Rubisco is the enzyme that captures carbon dioxide at the start of the Calvin cycle.\nReview questions\n1. What is the role of the stomata in a leaf?\n2. Explain how the Calvin cycle fixes carbon dioxide.\n3. Plants are green.',
  },
];

const cards = [
  {
    kind: 'qa' as const,
    front: 'What is Photosynthesis?',
    back: 'The process by which green plants turn light into chemical energy',
    pageLabel: '12',
  },
  {
    kind: 'qa' as const,
    front: 'What is Cellular respiration?',
    back: 'The process that releases the energy stored in glucose',
    pageLabel: '13',
  },
  {
    kind: 'qa' as const,
    front: 'What is Rubisco?',
    back: 'The enzyme that captures carbon dioxide at the start of the Calvin cycle',
    pageLabel: '13',
  },
  {
    kind: 'cloze' as const,
    front: 'Inside the chloroplast, the thylakoid membranes are stacked into columns called _____.',
    back: 'grana',
    pageLabel: '12',
  },
  {
    kind: 'qa' as const,
    front: 'What is the name for the tiny pores that let gases in and out of a leaf?',
    back: 'stomata',
    pageLabel: '12',
  },
  // Cites a page that does not carry its answer: never enters the bank.
  { kind: 'cloze' as const, front: 'The powerhouse of the cell is the _____.', back: 'mitochondrion', pageLabel: '12' },
];

describe(buildChapterQuestions.name, () => {
  const questions = buildChapterQuestions({
    pages,
    cards,
    quiz: [
      {
        prompt: 'Which term is described as “the enzyme that captures carbon dioxide”?',
        options: ['Rubisco', 'ATP', 'Glucose', 'Chlorophyll'],
        answer: 0,
        explanation: 'Rubisco is the enzyme that captures carbon dioxide at the start of the Calvin cycle.',
        pageLabel: '13',
      },
    ],
    bookAnswers: ['nitrogen', 'aquifers', 'magma', 'legumes'],
  });

  it('makes multiple choice, cloze, true/false and book exercises, each citing the page its key stands on', () => {
    expect(new Set(questions.map((question) => question.kind))).toEqual(
      new Set(['multiple_choice', 'cloze', 'true_false', 'book_exercise']),
    );
    for (const question of questions) {
      const page = pages.find((candidate) => candidate.number === question.page)!;
      expect(page.label).toBe(question.pageLabel);
      if (question.kind === 'book_exercise') expect(page.text).toContain(question.prompt);
      else
        expect(
          keyStandsOnPage(
            question.kind === 'true_false' ? question.explanation.replace(/^False: /, '') : question.answerText,
            page.text,
          ),
        ).toBe(true);
    }
  });

  it('reads as a sentence: the term with its article, the definition in lower case', () => {
    const prompts = questions.filter((question) => question.kind === 'true_false').map((question) => question.prompt);
    expect(prompts).toContain('Photosynthesis is the process by which green plants turn light into chemical energy.');
  });

  it('does not ask twice what the quiz already asks', () => {
    const withQuiz = buildChapterQuestions({
      pages,
      cards: cards.filter((card) => card.kind === 'cloze'),
      quiz: [
        {
          prompt:
            'Which term completes the sentence: “Inside the chloroplast, the thylakoid membranes are stacked into columns called _____.”',
          options: ['grana', 'stomata', 'magma', 'nitrogen'],
          answer: 0,
          explanation: 'Inside the chloroplast, the thylakoid membranes are stacked into columns called grana.',
          pageLabel: '12',
        },
      ],
      bookAnswers: ['nitrogen', 'aquifers', 'magma', 'legumes'],
    });
    // The cloze card's sentence is the quiz's question: only the quiz asks it, as a cloze with the quiz's options
    // (a true/false tops the bank up).
    const choices = withQuiz.filter((question) => question.kind === 'multiple_choice' || question.kind === 'cloze');
    expect(choices).toHaveLength(1);
    expect(choices[0]).toMatchObject({ kind: 'cloze', options: ['grana', 'stomata', 'magma', 'nitrogen'] });
  });

  it('drops a question whose key is not on its cited page', () => {
    expect(questions.some((question) => question.prompt.includes('powerhouse'))).toBe(false);
  });

  it('gives choice questions distinct options with the key among them', () => {
    for (const question of questions.filter((candidate) => candidate.kind !== 'book_exercise')) {
      expect(new Set(question.options.map((option) => option.toLowerCase())).size).toBe(question.options.length);
      expect(question.options[question.answer!]).toBe(
        question.kind === 'true_false' ? question.answerText : question.answerText,
      );
    }
    const cloze = questions.find((question) => question.kind === 'cloze')!;
    expect(cloze.options).toHaveLength(4);
    expect(cloze.options[cloze.answer!]).toBe('grana');
  });

  it('states true/false from definitions, a false one with the definition of another term', () => {
    const trueFalse = questions.filter(
      (question) =>
        question.kind === 'true_false' && /^(Photosynthesis|Cellular respiration|Rubisco) is /.test(question.prompt),
    );
    expect(trueFalse.length).toBe(3);
    for (const question of trueFalse) {
      expect(question.options).toEqual(['True', 'False']);
      if (question.answer === 1) expect(question.explanation).toMatch(/^False: /);
    }
  });
});

describe('a chapter short of 15 questions', () => {
  it('gets true/false statements of its cloze sentences, each standing on its page', () => {
    const few = buildChapterQuestions({
      pages,
      cards: cards.filter((card) => card.kind === 'cloze'),
      quiz: [],
      bookAnswers: ['nitrogen', 'aquifers', 'magma', 'legumes'],
    });
    const statements = few.filter((question) => question.kind === 'true_false');
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(statement!.explanation.replace(/^False: /, '')).toBe(
      'Inside the chloroplast, the thylakoid membranes are stacked into columns called grana.',
    );
    if (statement!.answer === 0) expect(statement!.prompt).toBe(statement!.explanation);
    else expect(statement!.prompt).not.toContain('grana');
  });
});

describe(bookExercises.name, () => {
  it('skips numbered notes and references', () => {
    const notes = {
      number: 1,
      label: '1',
      text: '12. “Global Freedom Status,” Freedom House, https://freedomhouse.org/report?\n13. What does www.example.com say?',
    };
    expect(bookExercises(notes)).toEqual([]);
  });

  it("finds the book's numbered review questions and exercises, not other numbered lines", () => {
    expect(bookExercises(pages[1]!).map((question) => question.prompt)).toEqual([
      'What is the role of the stomata in a leaf?',
      'Explain how the Calvin cycle fixes carbon dioxide.',
    ]);
  });
});

describe(distractorsFor.name, () => {
  it('takes answers of about the same length, never the key or a word of the prompt', () => {
    const options = distractorsFor('grana', 'columns called _____ hold stomata', [
      'stomata',
      'Grana',
      'nitrogen',
      'magma',
      'a very long answer of many words',
      'legumes',
    ])!;
    expect(options).toEqual(expect.arrayContaining(['nitrogen', 'magma', 'legumes']));
    expect(distractorsFor('grana', 'x', ['magma'])).toBeNull();
  });
});
