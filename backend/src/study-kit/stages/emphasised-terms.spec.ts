import { analyseChapter } from '../analyse-chapter.js';
import type { StudyPage } from '../types.js';
import { chapterTopics } from '../composers/notes.js';

// Passages as the text layer gives them (a page's text and the phrases it sets in bold or italic), from three
// textbooks of different kinds: discrete mathematics (levin), political science (openstax), numerical methods
// (langtangen).
function termsOf(pages: StudyPage[]): string[] {
  return analyseChapter({ bookTitle: '', chapterTitle: '', language: 'en', pages }).terms.emphasised.map(
    (entry) => entry.term,
  );
}

const PROSE =
  'The chapter goes on with more of the same ideas, and every student who reads it carefully will see how they fit together.';

describe('emphasised terms', () => {
  it('takes the terms a maths book sets in italics where it introduces them, not a word it stresses or a variable', () => {
    const pages: StudyPage[] = [
      {
        label: '33',
        text: [
          'A recurrence relation for a sequence is an equation that gives each term by the terms before it.',
          'We want the shortest path from the bottom left corner to the top right corner of the grid.',
          'The number of bit strings of length n with weight k is a binomial coefficient, and we write it with two numbers.',
          PROSE,
        ].join('\n'),
        emphasis: ['recurrence relation', 'shortest', 'n', 'k', 'binomial coefficient'],
      },
    ];
    expect(termsOf(pages)).toEqual(['recurrence relation', 'binomial coefficient']);
    const [first] = analyseChapter({ bookTitle: '', chapterTitle: '', language: 'en', pages }).terms.emphasised;
    expect(first).toEqual({
      term: 'recurrence relation',
      definition: 'A recurrence relation for a sequence is an equation that gives each term by the terms before it.',
      pages: ['33'],
    });
  });

  it("takes a political science book's bold key terms, not a bold heading, a court case or a work's title", () => {
    const pages: StudyPage[] = [
      {
        label: '356',
        text: [
          'Interpretation',
          'The power of the courts to strike down a law that breaks the constitution is called judicial review in most democracies.',
          'The courts gave their own interpretation of the law in Plessy v. Ferguson, a case that allowed segregation for decades.',
          'Many students first read about it in Democracy in America, a book that is still read in classes today.',
          PROSE,
        ].join('\n'),
        emphasis: ['Interpretation', 'judicial review', 'Plessy', 'Democracy in America'],
      },
    ];
    expect(termsOf(pages)).toEqual(['judicial review']);
  });

  it('takes a numerical book’s italic terms, not the letters of its formulas, and finds a term wrapped over a page', () => {
    const pages: StudyPage[] = [
      {
        label: '3',
        text: [
          'We compute the numerical approximation u n at each point of the mesh, one after the other in time.',
          'The distance between two neighbouring points in time is known as the time step of the scheme we use.',
          PROSE,
        ].join('\n'),
        emphasis: ['u n', 'time step'],
      },
      {
        label: '4',
        text: [
          'The values on the mesh points together make up a mesh function that we can plot and study.',
          PROSE,
        ].join('\n'),
        emphasis: ['mesh func-tion'],
      },
    ];
    expect(termsOf(pages)).toEqual(['time step', 'mesh function']);
  });

  it('takes no everyday word the book sets in italics as an example, and no clause a speech stresses', () => {
    const pages: StudyPage[] = [
      {
        label: '27',
        text: [
          'In the sentence about the barking animal, the word dog is the subject and the verb follows it.',
          'Read the speech aloud and stress the words in italics: France murdered your father and held slaves in chains.',
          'A transitive verb is a verb that takes a direct object, and the object answers the question what.',
          PROSE,
        ].join('\n'),
        emphasis: ['dog', 'France murdered your father', 'held slaves', 'transitive verb'],
      },
    ];
    expect(termsOf(pages)).toEqual(['transitive verb']);
  });

  it('has none where the text layer told no fonts', () => {
    expect(
      termsOf([{ label: '1', text: `A mesh function is a list of values at the mesh points.\n${PROSE}` }]),
    ).toEqual([]);
  });
});

describe('topics from the terms a book sets in bold or italic', () => {
  // The chapter's marked terms come before phrases it merely repeats ("party leaders", "ballot paper").
  it.each([
    [
      'political science',
      [
        'Party leaders choose the candidates, and party leaders write the ballot paper for each district.',
        'Under proportional representation a party wins seats in proportion to its share of the votes.',
        'The ballot paper lists the parties, and party leaders campaign for their lists across the country.',
        'Many European countries elect their parliaments by proportional representation today.',
        'In a plurality system the candidate with the most votes in a district wins the seat.',
        'Voters in a plurality system often vote for a large party, and party leaders know it well.',
        'The ballot paper is counted by hand in many small districts on the night of the vote.',
      ],
      ['proportional representation', 'plurality system'],
    ],
    [
      'discrete mathematics',
      [
        'The grid in the picture has five columns, and the grid has three rows of points.',
        'A lattice path moves one unit to the right or one unit up at each of its steps.',
        'The grid gives many choices at each point, and the grid is drawn with dotted lines.',
        'Every lattice path from the corner to the far point has exactly eight steps.',
        'The number of such paths is a binomial coefficient that we can compute quickly.',
        'The grid points are labelled with this binomial coefficient in the next figure.',
      ],
      ['lattice path', 'binomial coefficient'],
    ],
    [
      'numerical methods',
      [
        'The program stores the computed values in an array, and the program plots the array.',
        'The truncation error of the scheme is what is left when the exact solution is put into the scheme.',
        'The program prints the values, and the program saves them in a file for later use.',
        'A smaller time step makes the truncation error smaller by a known factor.',
        'The time step is halved four times, and the program measures the error after each run.',
      ],
      ['truncation error', 'time step'],
    ],
  ])('%s', (_kind, sentences, marked) => {
    const pages = [{ label: '12', text: sentences.join('\n'), emphasis: marked }];
    const titles = (list: ReturnType<typeof chapterTopics>) => list.map((topic) => topic.title.toLowerCase());
    expect(titles(chapterTopics(pages)).slice(0, 2)).toEqual(marked);
    expect(titles(chapterTopics([{ label: '12', text: pages[0]!.text }])).slice(0, 2)).not.toEqual(marked);
  });
});

describe('headings run into their paragraph', () => {
  const sentencesOf = (pages: StudyPage[]) =>
    analyseChapter({ bookTitle: '', chapterTitle: '', language: 'en', pages }).sentences.map((entry) => entry.text);

  it.each([
    [
      'numerical methods (langtangen, p. 92)',
      'The filtered Leapfrog scheme. Unfortunately, the Leapfrog scheme will develop growing oscillations with time, and a remedy is to introduce a filtering technique.',
      ['3.2.4 Leapfrog schemes The ordinary Leapfrog scheme.', 'The filtered Leapfrog scheme.'],
      'The filtered Leapfrog scheme.',
    ],
    [
      'discrete mathematics (levin, p. 33)',
      'Bit Strings. A bit string is a string of zeros and ones, and its length is the number of symbols it has.',
      ['Bit Strings.', 'bit string'],
      'Bit Strings.',
    ],
    [
      'political science (openstax)',
      'Civil Liberties. The courts decide how far the rights of a person reach when the state wants to limit them for the common good.',
      ['Civil Liberties.'],
      'Civil Liberties.',
    ],
  ])('are no sentences of the teaching text: %s', (_book, text, emphasis, heading) => {
    const sentences = sentencesOf([{ label: '12', text: `${text}\n${PROSE}`, emphasis }]);
    expect(sentences).not.toContain(heading);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a statement the book sets in italics, a theorem with its verb (levin)', () => {
    const theorem = 'Every tree with n vertices has exactly n minus one edges.';
    expect(sentencesOf([{ label: '12', text: `${theorem}\n${PROSE}`, emphasis: [theorem] }])).toContain(theorem);
  });
});
