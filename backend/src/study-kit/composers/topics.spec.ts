import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseSegments } from '../text/chapter-text.js';
import type { StudyPage } from '../types.js';
import { chapterTopics, isTopicTitle, isWrittenAsName } from './notes.js';

// Pages shaped like the gpredict manual's "Modules and Views": every chapter of the book is about satellites.
const viewsChapter = [
  {
    label: '31',
    text: [
      '4.2.2 The Map View',
      'The map view shows the position of each satellite and its footprint on a map of the Earth.',
      'The footprint of a satellite is the area on the surface of the Earth where the satellite is visible.',
      'You can select a satellite in the map view by clicking on it with the left mouse button.',
      'The map view can also show the ground track of a satellite for the next orbits.',
    ].join('\n'),
  },
  {
    label: '33',
    text: [
      '4.2.3 The Polar View',
      'The polar view shows the sky above the ground station with the satellites that are in range.',
      'The polar view draws the sky track of a satellite that is selected in the polar view.',
      'The ground track in the map view and the sky track in the polar view use the colour of the satellite.',
      'A satellite in the polar view is drawn as a small square with its name next to it.',
    ].join('\n'),
  },
];
const otherChapters = ['41', '42', '43', '44', '45', '46'].map((label) => ({
  label,
  text: [
    'Gpredict can update the orbital data of every satellite from files on the internet.',
    'Each satellite in the module has its own orbital elements, and the module predicts the satellite passes.',
    'You can add a satellite to a module and remove a satellite from a module at any time.',
    'The satellite data are stored in files that the satellite database reads when Gpredict starts.',
  ].join('\n'),
}));

describe(chapterTopics.name, () => {
  it('names a topic set in capitals as the running text writes it, and keeps an acronym (War of the Worlds, ch. 10)', () => {
    const pages = [
      {
        label: '40',
        text: [
          'THE HEAT-RAY IN THE CHOBHAM ROAD',
          'The crowd near the pit on Horsell Common grew larger as the afternoon went on.',
          'A line of soldiers was sent along the Chobham Road to keep the people back from the pit.',
          'The HTTP GET request in this story is only there to test that an acronym keeps its capitals.',
        ].join('\n'),
      },
      {
        label: '41',
        text: [
          'THE HEAT-RAY IN THE CHOBHAM ROAD',
          'Then the Heat-Ray swept across the CHOBHAM ROAD and the trees along it burst into flame.',
          'Everyone who had stood along the road ran for the shelter of the houses near the station.',
          'Nobody in the town had seen a weapon like the Heat-Ray before that evening.',
        ].join('\n'),
      },
    ];
    const titles = chapterTopics(pages, ['CHOBHAM ROAD', 'HTTP GET', 'SHELTER OF HOUSES'], otherChapters).map(
      (topic) => topic.title,
    );
    expect(titles).toContain('Chobham Road');
    expect(titles).not.toContain('CHOBHAM ROAD');
    expect(titles).toContain('HTTP GET');
  });

  it('prefers the chapter’s own multi-word concepts to a word the whole book uses (gpredict manual, ch. 4)', () => {
    const titles = chapterTopics(viewsChapter, [], otherChapters).map((topic) => topic.title.toLowerCase());
    expect(titles).toEqual(expect.arrayContaining(['map view', 'polar view']));
    expect(titles).not.toContain('satellite');
    expect(titles).not.toContain('satellites');
  });

  it('never takes a word like "Example" for a concept, even when the book defines it or its index lists it', () => {
    const pages = [
      {
        label: '34',
        text: [
          'An example is a short case that shows how a rule is used in practice.',
          'Collaborative maintenance is a term describing the sharing of package maintenance duties by several people.',
          'For example, when preparing an upload, you might want to give the maintainer a few days to react.',
          'Collaborative maintenance works best when the package has a team and a mailing list of its own.',
        ].join('\n'),
      },
    ];
    const titles = chapterTopics(pages, ['example', 'collaborative maintenance'], otherChapters).map((topic) =>
      topic.title.toLowerCase(),
    );
    expect(titles).toContain('collaborative maintenance');
    expect(titles).not.toContain('example');
  });
});

describe(isWrittenAsName.name, () => {
  // Erlang/OTP design principles: "Data" starts sentences, yet the chapter writes "data" too; "Joe" is a name.
  const sentences = analyseSegments(
    [
      'Data kept by a callback module is called its state.',
      'The callback module stores the data in the state.',
      'Data in the state is never shared.',
      'Joe wrote the first Erlang compiler, and Joe still answers questions.',
    ].map((text) => ({ text, origin: '12', group: 0 })),
  );

  it('takes a capitalised word for a name only when the chapter does not write it in lower case', () => {
    expect(isWrittenAsName('Data', sentences)).toBe(false);
    expect(isWrittenAsName('Joe', sentences)).toBe(true);
    expect(isWrittenAsName('state', sentences)).toBe(false);
  });
});

describe(isTopicTitle.name, () => {
  it('takes the names a manual indexes: commands, options and files (Beamer and Doxygen manuals)', () => {
    for (const title of ['\\frametitle', 'EXAMPLE_PATH', 'ups.conf', 'Overload_Test', 'Draft class option'])
      expect(isTopicTitle(title)).toBe(true);
    for (const title of ['VIII', '\\a', '<para>', 'x = 5', 'Generated by Doxygen 1.9.4', 'ups.', '\\only<+(1)>'])
      expect(isTopicTitle(title)).toBe(false);
  });

  it('keeps a hyphenated name whole: "Heat-Ray", not "Ray" (The War of the Worlds, ch. 12)', () => {
    const pages = [
      {
        label: '86',
        text: [
          'The Heat-Ray swept across the river, and the water flashed into steam at its touch.',
          'Then the Heat-Ray struck the church tower, and the tower fell in a cloud of dust.',
          'The artilleryman saw the Heat-Ray lift and fall again on the houses by the bridge.',
          'The Martians turned their Heat-Ray on the boats that crowded under the trees of the bank.',
          'No boat could live under the Heat-Ray, and the people swam for the far shore.',
        ].join('\n'),
      },
    ];
    const titles = chapterTopics(pages).map((topic) => topic.title);
    expect(titles).toContain('Heat-Ray');
    expect(titles).not.toContain('Ray');
  });

  it('never takes a contraction for a concept (The War of the Worlds, p. 247: "I’m")', () => {
    for (const title of ['I’m', "Don't", 'It’s', 'We’ve', 'Let’s go']) expect(isTopicTitle(title)).toBe(false);
    for (const title of ['Newton’s laws', "Ohm's law", 'Rock’n’roll']) expect(isTopicTitle(title)).toBe(true);
  });
});

describe('topics from the book’s index', () => {
  // "Creating Overlays" (Beamer user guide, p. 78): the index points here for the commands it teaches.
  const overlays = [
    {
      label: '78',
      text: [
        'The \\pause command offers an easy, but not very flexible way of creating frames that are uncovered piecewise.',
        'If you say \\pause somewhere in a frame, only the text on the frame up to the \\pause command is shown on the first slide.',
        'The \\only command shows its text only on the slides its overlay specification names.',
        'The \\uncover command shows its text on the specified slides and leaves it covered on the others.',
        'An overlay specification like \\only<2-> is given in pointed brackets after the command.',
        'Both \\only and \\uncover take an overlay specification, and \\uncover keeps the space of its text.',
      ].join('\n'),
    },
  ];

  it('names a lone adjective of the index by the phrase the chapter writes with it (three books)', () => {
    const titlesOf = (text: string, index: string[]) =>
      chapterTopics([{ label: '60', text }], index).map((topic) => topic.title.toLowerCase());
    // langtangen: "global" is a sub-entry under "error"; "forward" under "finite differences".
    const errors = titlesOf(
      'The global error is the difference between the exact and the numerical solution. ' +
        'We compute the global error at every mesh point. A forward difference looks ahead in time. ' +
        'The forward difference gives the Forward Euler scheme.',
      ['global', 'forward'],
    );
    expect(errors).toEqual(expect.arrayContaining(['global error', 'forward difference']));
    expect(errors).not.toContain('global');
    // levin: "finite" under "sets"; openstax: "rational" said of a person.
    expect(
      titlesOf('A finite set has a number of elements. Every finite set can be listed. Sets can be large.', ['finite']),
    ).toContain('finite set');
    expect(
      titlesOf(
        'The rational person seeks to maximize their own well-being. A rational person weighs costs and benefits.',
        ['rational'],
      ),
    ).toContain('rational person');
    // A word the chapter mostly writes alone is a name (langtangen: "pytest"), not a modifier.
    expect(
      titlesOf('Run pytest on the file. The pytest tool finds tests. Then pytest reports failures. Use pytest often.', [
        'pytest',
      ]),
    ).toContain('pytest');
    // langtangen: "irreversible" under "chemical reactions".
    expect(
      titlesOf('An irreversible reaction runs one way. Each irreversible reaction uses up its reactants.', [
        'irreversible',
      ]),
    ).toContain('irreversible reaction');
  });

  it('names the commands the index points to, as the book types them', () => {
    const titles = chapterTopics(overlays, ['\\pause', '\\only', '\\uncover']).map((topic) => topic.title);
    expect(titles).toEqual(expect.arrayContaining(['\\pause', '\\only', '\\uncover']));
  });

  it('puts the concepts the index names in words before its commands (Beamer user guide, pp. 28–29)', () => {
    const workflow = {
      label: '28',
      text: [
        'First, you can use the draft class option.',
        'In draft mode the headlines and footlines are replaced by gray rectangles.',
        'By labeling the current frame as current and then saying \\includeonlyframes{current}, you can work on a single frame quickly.',
        'The command \\includeonlyframes behaves a little bit like the \\includeonly command.',
        'Only the frames mentioned in the list of \\includeonlyframes are included.',
      ].join('\n'),
    };
    const titles = chapterTopics([workflow], ['\\includeonlyframes', 'draft']).map((topic) => topic.title);
    expect(titles.slice(0, 2)).toEqual(['Draft', '\\includeonlyframes']);
  });

  it('writes a file name as the book spells it (Doxygen manual, p. 245)', () => {
    const page = {
      label: '245',
      text: [
        'The file restypedef.cpp shows how doxygen resolves a typedef to the struct it names.',
        'In restypedef.cpp the struct CoordStruct is given the name Coord by a typedef.',
        'The function add takes two Coord values and returns their sum as a Coord.',
        'Documentation written for CoordStruct is shown for Coord as well.',
      ].join('\n'),
    };
    const titles = chapterTopics([page], ['restypedef.cpp', 'coordstruct', 'coord', 'add']).map((topic) => topic.title);
    expect(titles).toContain('restypedef.cpp');
    expect(titles).toContain('CoordStruct');
  });
});

/** Pages of a book with the index entries (or key terms) that point at them, and the topics wanted of them. */
interface TopicCase {
  name: string;
  pages: StudyPage[];
  indexTerms: string[];
  expect: { include: string[]; exclude: string[] };
}

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const topicBooks = readdirSync(fixtures)
  .filter((file) => file.endsWith('.topics.json'))
  .map((file) => {
    const data = JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as { kind: string; cases: TopicCase[] };
    return [file.replace('.topics.json', ''), data.kind, data.cases] as const;
  });

describe('chapterTopics on passages of the textbooks', () => {
  it('has cases from at least three books of different kinds', () => {
    expect(new Set(topicBooks.map(([, kind]) => kind)).size).toBeGreaterThanOrEqual(3);
  });

  describe.each(topicBooks)('%s (%s)', (_book, _kind, cases) => {
    it.each(cases.map((topicCase) => [topicCase.name, topicCase] as const))('%s', (_name, topicCase) => {
      const titles = chapterTopics(topicCase.pages, topicCase.indexTerms).map((topic) => topic.title);
      for (const title of topicCase.expect.include) expect(titles).toContain(title);
      for (const title of topicCase.expect.exclude) expect(titles).not.toContain(title);
    });
  });
});
