import { indexEntriesOf } from '../terms/book-index.js';
import { analyseSegments } from '../text/chapter-text.js';
import { explainSimply, restates, shortSentences } from './notes.js';
import { fleschKincaidGrade } from '../text/readability.js';
import { asSpoken } from '../ranking/sentence-ranking.js';
import {
  definitionIn,
  findCharacters,
  findDefinitions,
  kindOfText,
  notesProse,
  pointsAtUnseen,
  readableGloss,
  readableSentences,
  renderNotesMarkdown,
  setsATask,
  singularKey,
  speaksOfTheText,
  type StudyNotes,
} from './study-notes.js';

const analysed = (text: string) => analyseSegments([{ text, origin: '12', group: 0 }]);

describe('definition finding', () => {
  it('finds the term a sentence defines, in the ways books define', () => {
    expect(definitionIn('A direct object is a noun that receives the action of the verb.')).toBe('direct object');
    expect(definitionIn('Recursion refers to a function that calls itself.')).toBe('Recursion');
    expect(definitionIn('When present participles are acting as a noun, they are called gerunds.')).toBe('gerunds');
    expect(definitionIn('A working copy is defined as a private workspace.')).toBe('working copy');
    expect(definitionIn('If the noun refers to a general committee, it is not capitalized.')).toBeNull();
    expect(definitionIn('Car is the direct object and is receiving the action.')).toBeNull();
    expect(definitionIn('It is a truth universally acknowledged.')).toBeNull();
  });

  it('keeps definitions of concepts the chapter uses again, not of example words', () => {
    const sentences = analysed(
      'A transitive verb is a verb that transfers its action onto a direct object. Made is a transitive verb in this sentence. ' +
        'Every transitive verb needs an object. The value is a list of names. The value changes often and the value matters.',
    );
    const terms = findDefinitions(sentences);
    expect(terms.map((term) => term.term)).toEqual(['Transitive verb']);
    expect(terms[0]).toMatchObject({ pages: ['12'] });
  });

  it('treats singular and plural as one', () => {
    expect(singularKey('Commas')).toBe(singularKey('Comma'));
    expect(singularKey('Analyses')).toBe(singularKey('analysis'.replace(/is$/, 'es')));
  });
});

describe(readableGloss.name, () => {
  it("reads a glossary's gloss as a sentence, from three kinds of book", () => {
    // A social-science glossary, a programming glossary, a biology glossary: noun phrases without a full stop.
    expect(readableGloss('guarantees of equal treatment by government without discrimination')).toBe(
      'Guarantees of equal treatment by government without discrimination.',
    );
    expect(readableGloss('a named sequence of statements that performs a computation;')).toBe(
      'A named sequence of statements that performs a computation.',
    );
    expect(readableGloss('The basic structural unit of all living organisms.')).toBe(
      'The basic structural unit of all living organisms.',
    );
  });

  it('drops formula debris and an empty gloss', () => {
    expect(readableGloss('a = b + c = d + e')).toBeNull();
    expect(readableGloss('   ')).toBeNull();
  });
});

describe('sentences that are no key points', () => {
  const first = (text: string) => analysed(text)[0]!;

  it('knows a task set to the reader in a maths book, a numerical-methods book and a political-science book', () => {
    expect(setsATask(first('Then give a recursive definition and a closed formula for the number of dots.'))).toBe(
      true,
    );
    expect(setsATask(first('Find the recursive and closed formula for the sequences below.'))).toBe(true);
    expect(setsATask(first('Derive the Forward Euler scheme for the decay equation.'))).toBe(true);
    expect(setsATask(first('Identify the two main interests people have in their political decisions.'))).toBe(true);
    expect(setsATask(first('Describe the center left and the center right.'))).toBe(true);
    // A worked example's or a reflection's set-up is no point either.
    expect(setsATask(first('Consider the function g : Z → Z defined by g(n) = n^2 + 1.'))).toBe(true);
    expect(setsATask(first('Consider the linear ODE problem u′(t) = −a(t)u(t) + b(t), u(0) = I.'))).toBe(true);
    expect(
      setsATask(first('Consider recent developments in the relationships among China, Russia, and the United States.')),
    ).toBe(true);
  });

  it('knows the labelled part of an exercise and a task whose verb the tagger takes for a name', () => {
    // A maths book, a numerical-methods book and a political-science book.
    expect(
      setsATask(first('(a) Find both a recursive and closed formula for how many Skittles the nth customer gets.')),
    ).toBe(true);
    expect(setsATask(first('Show that the global error of the Crank-Nicolson scheme is of second order.'))).toBe(true);
    expect(setsATask(first('b) Compare the powers of the prime minister with those of a president.'))).toBe(true);
    expect(setsATask(first('Complete the three possible pairwise comparisons of the schemes.'))).toBe(true);
    // A subject's noun is followed by its own words, not by an object.
    expect(setsATask(first('Complete graphs have an edge between every pair of vertices.'))).toBe(false);
    expect(setsATask(first('(a) A statement is either true or false.'))).toBe(false);
  });

  it('keeps statements, and a manual’s steps that are not exercise tasks', () => {
    expect(setsATask(first('A function is a rule that assigns each input exactly one output.'))).toBe(false);
    expect(setsATask(first('The Forward Euler scheme is explicit and only first-order accurate.'))).toBe(false);
    expect(setsATask(first('Politics is the means by which societies decide who gets what.'))).toBe(false);
    expect(setsATask(first('Run svn update to bring your working copy up to date.'))).toBe(false);
    expect(setsATask(first('Show business is a hard trade.'))).toBe(false);
    expect(setsATask(first('Considerations of cost decide most elections.'))).toBe(false);
  });

  it('knows a sentence leaning on a numbered example, an equation or an item above', () => {
    expect(pointsAtUnseen('Notice that in the example above, A has 6 elements.')).toBe(true);
    expect(pointsAtUnseen('Equation (1.6) is the discrete counterpart to the original ODE problem.')).toBe(true);
    expect(pointsAtUnseen('As Example 2.4 shows, the sum telescopes.')).toBe(true);
    expect(pointsAtUnseen('The following table lists the regimes of the region.')).toBe(true);
    expect(pointsAtUnseen('Here is another way to get the answer to the problem above.')).toBe(true);
    expect(pointsAtUnseen('The three branches of government are:')).toBe(true);
    // levin pp. 89, 189; langtangen p. 44; openstax p. 17: the example, graph, program or figure shown beside it.
    expect(pointsAtUnseen('As with all bipartite graphs, this graph has chromatic number 2.')).toBe(true);
    expect(pointsAtUnseen('In this example, since the modulus is small, we could simply try every value.')).toBe(true);
    expect(pointsAtUnseen('This program computes the error at each mesh point and plots it.')).toBe(true);
    expect(pointsAtUnseen('As these figures show, turnout fell in every region after 1990.')).toBe(true);
    // langtangen p. 54, levin p. 180, openstax p. 140: an item named by its place on the page.
    expect(pointsAtUnseen('The lower left plot is a peculiar case where the scheme is stuck on the t axis.')).toBe(
      true,
    );
    expect(pointsAtUnseen('The graph on the right has no cycles, so it is a tree.')).toBe(true);
    expect(pointsAtUnseen('The map on the left shows which states ratified the amendment first.')).toBe(true);
    expect(pointsAtUnseen('The left wing of the party favoured public ownership.')).toBe(false);
    expect(pointsAtUnseen('A graph is bipartite when its vertices split into two sets.')).toBe(false);
  });

  it('keeps sentences that stand alone, numbers and years included', () => {
    expect(pointsAtUnseen('A set is a collection of distinct objects.')).toBe(false);
    expect(pointsAtUnseen('The time step must stay below 2/a for the scheme to be stable.')).toBe(false);
    expect(pointsAtUnseen('The treaty was signed in 1648 (the Peace of Westphalia).')).toBe(false);
    expect(pointsAtUnseen('Temperatures above 30 degrees are common in summer.')).toBe(false);
  });
});

describe(readableSentences.name, () => {
  const joined = (text: string) => readableSentences(analysed(text), { joinDangling: true }).map((s) => s.text);

  it('never joins a reply to the question the book asks before it (three books)', () => {
    // levin, p. 157: the reply leans on the question, and the question is no note.
    expect(
      joined('If this implication is true, and Q is false, what can we say about ¬P? It must be false as well.'),
    ).not.toContainEqual(expect.stringContaining('It must be false'));
    // openstax: a question that leads into the chapter's point.
    expect(
      joined('Why do so few young people vote? They often move and must register again at each new address.'),
    ).not.toContainEqual(expect.stringContaining('They often move'));
    // langtangen: a question a worked study asks itself.
    expect(
      joined('Why does the Forward Euler scheme fail for large time steps? It starts to oscillate.'),
    ).not.toContainEqual(expect.stringContaining('oscillate.'));
    // A reply to a statement is still joined to it.
    expect(joined('A tree is a connected graph with no cycles. It has one edge fewer than it has vertices.')).toEqual([
      'A tree is a connected graph with no cycles. It has one edge fewer than it has vertices.',
    ]);
  });
});

describe('study notes in Markdown', () => {
  const base: StudyNotes = {
    kind: 'non-fiction',
    overview: [
      { text: 'Verbs show action.', pages: ['3'] },
      { text: 'Some verbs link a subject to a word that describes it.', pages: ['5'] },
    ],
    keyPoints: [{ text: 'Past tense verbs show action that happened in the past.', pages: ['37'] }],
    keyTerms: [
      { term: 'Linking verb', definition: 'A linking verb connects the subject to a description.', pages: ['35'] },
    ],
    characters: [],
  };

  it('writes an overview, cited key points and the book’s definitions', () => {
    expect(renderNotesMarkdown(base)).toBe(
      [
        'Verbs show action. (p. 3) Some verbs link a subject to a word that describes it. (p. 5)',
        '### Key points',
        '- Past tense verbs show action that happened in the past. (p. 37)',
        '### Key terms',
        '- **Linking verb**: A linking verb connects the subject to a description. (p. 35)',
      ].join('\n\n'),
    );
  });

  it('writes characters and what happens for fiction', () => {
    const markdown = renderNotesMarkdown({
      ...base,
      kind: 'fiction',
      keyTerms: [],
      characters: [{ term: 'Lucy Ferrier', definition: 'Lucy Ferrier grew up within the log-house.', pages: ['132'] }],
    });
    expect(markdown).toContain(
      '### Characters\n\n- **Lucy Ferrier**: Lucy Ferrier grew up within the log-house. (p. 132)',
    );
    expect(markdown).toContain('### What happens\n\n- Past tense verbs');
    expect(markdown).not.toContain('Key terms');
  });

  it('escapes what would turn into markup, so book text shows as written', () => {
    const markdown = renderNotesMarkdown({
      ...base,
      overview: [{ text: 'A summary holding <img src=x onerror=alert(1)> stays *text*.', pages: ['1'] }],
    });
    // "src=x" reads as a relation and is shown as notation, a code span: inert either way.
    expect(markdown).toContain('\\<img `src=x` onerror=alert(1)> stays \\*text\\*.');
    expect(notesProse(markdown)[0]!.text).toContain('<img src=x onerror=alert(1)> stays *text*.');
  });

  it('escapes only what a renderer would read as markup (gpredict manual, p. 31)', () => {
    const text = 'Use the <SATELLITE NAME> item when a > b, set x_1 to 2 | 3 and see [1] or [docs](x).';
    const markdown = renderNotesMarkdown({ ...base, overview: [{ text, pages: ['31'] }] });
    expect(markdown).toContain(
      'the \\<SATELLITE NAME> item when `a > b`, set `x_1` to 2 | 3 and see [1] or \\[docs](x).',
    );
    expect(notesProse(markdown)[0]!.text).toBe(`${text} (p. 31)`);
  });

  it('puts a sentence taken from the middle of a speech back inside its quotation marks (Alice, p. 5)', () => {
    const sentences = analysed(
      "'I shall fall right through the earth! The Antipathies, I think – ' (she was rather glad there was no one " +
        "listening, this time, as it didn't sound at all the right word) ' – but I shall have to ask them what the " +
        "name of the country is, you know. Please, Ma'am, is this New Zealand?' She curtsied as she spoke.",
    );
    const spoken = sentences.map(asSpoken);
    expect(spoken).toContain(
      "'The Antipathies, I think – ' (she was rather glad there was no one listening, this time, as it didn't sound " +
        "at all the right word) ' – but I shall have to ask them what the name of the country is, you know.'",
    );
    expect(spoken).toContain('She curtsied as she spoke.');
  });

  it('reads a manual that quotes strings and commands as non-fiction (Prawn manual, "Images")', () => {
    expect(
      kindOfText(
        analysed(
          'To embed images onto your PDF file use the "image" method. It accepts the file path of the image to be loaded and some optional arguments. If only the "width" option is given, the height is scaled proportionally. Use the "fit" option to fit the image into a box. The "position" option accepts ":left", ":center" and ":right".',
        ),
      ),
    ).toBe('non-fiction');
  });

  it('tells fiction from non-fiction by the text', () => {
    expect(
      kindOfText(
        analysed(
          "'I do not know,' she answered, turning white. He looked at her and said nothing. She walked to the window and he followed her.",
        ),
      ),
    ).toBe('fiction');
    expect(
      kindOfText(
        analysed(
          'A noun is a word that names a person, place or thing. A verb is a word that shows action. Adjectives describe nouns.',
        ),
      ),
    ).toBe('non-fiction');
  });

  it('reads a narrator who tells of events in the past, without dialogue, as fiction (The War of the Worlds, p. 112)', () => {
    expect(
      kindOfText(
        analysed(
          'My younger brother was in London when the Martians fell at Woking. He was a medical student working for an imminent examination, and he heard nothing of the arrival until Saturday morning. The morning papers on Saturday contained, in addition to lengthy special articles on the planet Mars, on life in the planets, and so forth, a brief and vaguely worded telegram, all the more striking for its brevity. The Martians, alarmed by the approach of a crowd, had killed a number of people with a quick-firing gun, so the story ran. On that last text their leader-writer expanded very comfortingly.',
        ),
      ),
    ).toBe('fiction');
  });
});

describe(speaksOfTheText.name, () => {
  it('finds signposts of the text and of the course, never a claim (three books)', () => {
    for (const signpost of [
      'You will learn some of the basic principles of politics as well as core concepts.', // openstax
      'Many of the terms in this book are relevant mainly for the study of politics.',
      'First, we will look at the logical form of the statement.', // levin
      'We shall study a population modeled by a logistic equation.', // langtangen
      'It will be explored later in this chapter.',
      // Pointers to other reading.
      "Many more details about scaling are presented in the author's book Scaling of Differential Equations [9].",
      'More information on generating functions can be found in the references at the end.',
      'Further reading on interest groups is listed in the references of this chapter.',
      // The page itself: "the present chapter", "… included next".
      'The present chapter first presents the mathematical ideas of finite difference methods.',
      'A short demo of unittest is therefore included next.',
      'The main types of legislatures are shown next.',
      // What the text will do next, said with an adverb (langtangen p. 52, levin p. 130, openstax p. 100).
      'We shall now establish a precise mathematical analysis of the discrete model.',
      'We will first introduce the language of propositional logic.',
      'We will now turn to the ideologies that grew out of liberalism.',
    ])
      expect(speaksOfTheText(signpost)).toBe(true);
    for (const claim of [
      'Politics means different things to different people.',
      'We will see that the scheme is unstable for large time steps.',
      'A graph is planar when it can be drawn with no edges crossing.',
      'Pollsters gather further information about voters through surveys.',
      'The present value of a graph invariant does not depend on how it is drawn.',
    ])
      expect(speaksOfTheText(claim)).toBe(false);
  });

  it('keeps signposts out of an explanation of a topic the chapter never defines (openstax)', () => {
    const text =
      'Politics means different things to different people. You will learn some of the basic principles of politics ' +
      'as well as core concepts. Many of the terms in this book are relevant mainly for the study of politics. ' +
      'Politics decides who gets what, when, and how.';
    const explanation = explainSimply('Politics', [{ label: '3', text }]);
    expect(explanation).toContain('Politics means different things to different people.');
    expect(explanation).not.toMatch(/You will learn|this book/);
  });
});

describe('an explanation of a topic the chapter never defines', () => {
  it('opens on what the thing is, not on a kind of it, another idea or one instance named by a letter (three books)', () => {
    // levin, pp. 3-8
    const set = explainSimply('Set', [
      {
        label: '3',
        text:
          'The universe set is the set of all elements we could possibly consider. The set B is not equal to 1, 2, or 3. ' +
          'The size of a set is called its cardinality. For you, a set will simply be an unordered collection of objects. ' +
          'If a set is finite, then you can describe it by listing the elements.',
      },
    ]);
    expect(set).toMatch(/^For you, a set will simply be an unordered collection of objects\./);
    // openstax political science
    const party = explainSimply('Party', [
      {
        label: '259',
        text:
          'A major party is a party that regularly wins many seats in the legislature. The party A won the last vote. ' +
          'For most voters, a party is just a group of people who share goals and run candidates together. ' +
          'Parties also raise money and train new candidates for office.',
      },
    ]);
    expect(party).toMatch(/^For most voters, a party is just a group of people/);
    // langtangen numerical methods
    const mesh = explainSimply('Mesh', [
      {
        label: '3',
        text:
          'A uniform mesh is a mesh where all the points are equally far apart in time. The mesh T is not used here. ' +
          'In short, a mesh is a set of points in time where we compute the solution of the equation. ' +
          'We can make the mesh finer to get a more accurate solution.',
      },
    ]);
    expect(mesh).toMatch(/^A mesh is a set of points in time/);
  });

  it('never opens on the values one worked case came to (three books)', () => {
    // levin: a graph's degree in one drawing.
    const degree = explainSimply('Degree', [
      {
        label: '170',
        text:
          'The degree of each vertex in K5 is 4. Adding an edge between two vertices raises the degree of both of ' +
          'them by one.',
      },
    ]);
    expect(degree).toMatch(/^Adding an edge between two vertices raises the degree/);
    // langtangen: the amplification factor of one run.
    const factor = explainSimply('Amplification factor', [
      {
        label: '55',
        text:
          'The amplification factor is 0.11 for the Crank-Nicolson run. Oscillations appear whenever the ' +
          'amplification factor turns negative.',
      },
    ]);
    expect(factor).toMatch(/^Oscillations appear whenever/);
    // openstax: one election's turnout.
    const turnout = explainSimply('Voter turnout', [
      {
        label: '150',
        text:
          'The voter turnout was 66.8 percent in the last election. Young people and renters lower voter turnout ' +
          'because they move often.',
      },
    ]);
    expect(turnout).toMatch(/^Young people and renters lower voter turnout/);
  });

  it('leaves out what goes on from the sentence before and claims said in a formula, but keeps a formula it names (three books)', () => {
    // levin: a worked argument's steps are no explanation of congruence; a formula named as the topic is.
    const congruence = explainSimply('Congruence', [
      {
        label: '221',
        text:
          'So far you have seen how to add, subtract and multiply with congruences. Suppose ad ≡ bd (mod n). ' +
          'If you have a true congruence, and you add the same thing to both sides, the result is still a true congruence.',
      },
    ]);
    expect(congruence).toContain('the result is still a true congruence');
    expect(congruence).not.toMatch(/So far|≡/);
    const implication = explainSimply('Implication', [
      { label: '133', text: 'P → Q means if P then Q, called an implication or conditional. Then Q follows from P.' },
    ]);
    expect(implication).toContain('P → Q means if P then Q');
    // langtangen: a pointer to other reading and a signpost explain nothing.
    const scaling = explainSimply('Scaling', [
      {
        label: '107',
        text:
          'Before you turn to the applications you take a brief look at the technique of scaling. ' +
          "Many more details about scaling are presented in the author's book Scaling of Differential Equations [9]. " +
          'Scaling lumps the parameters of a model into a few dimensionless numbers.',
      },
    ]);
    expect(scaling).toContain('dimensionless numbers');
    expect(scaling).not.toMatch(/Before you|more details/);
    // openstax: "That said, …" goes on from a sentence the explanation does not have.
    const turnout = explainSimply('Voter turnout', [
      {
        label: '165',
        text:
          'That said, voter turnout in midterm elections is lower. ' +
          'Voter turnout is the share of eligible voters who cast a ballot in an election.',
      },
    ]);
    expect(turnout).toContain('share of eligible voters');
    expect(turnout).not.toMatch(/That said/);
  });

  it('explains a topic of several words only where its words stand together, from sentences that stand alone (three books)', () => {
    // langtangen pp. 14, 18, 184: "Forward Euler" is no forward difference, "meshes" no mesh function, "But …" answers.
    const forward = explainSimply('Forward difference', [
      {
        label: '18',
        text:
          'You want to explore the Forward Euler scheme and its difference from the Backward Euler scheme. ' +
          'A forward difference approximates the derivative with the value at the next time level.',
      },
    ]);
    expect(forward).toContain('next time level');
    expect(forward).not.toMatch(/explore/);
    const mesh = explainSimply('Mesh function', [
      {
        label: '14',
        text:
          'Non-uniform meshes are used together with adaptive methods that adjust the function during the run. ' +
          'But you could as well have stored the mesh function in a list of values at the mesh points. ' +
          'The mesh function holds one value of the solution at each mesh point.',
      },
    ]);
    expect(mesh).toContain('one value of the solution');
    expect(mesh).not.toMatch(/Non-uniform|But you could/);
    // openstax p. 242: a culture's politics is no political culture.
    const culture = explainSimply('Political culture', [
      {
        label: '242',
        text:
          'The culture of a country shapes its political life in many ways. ' +
          'Political culture is the set of attitudes and beliefs that people share about their political system.',
      },
    ]);
    expect(culture).toContain('attitudes and beliefs');
    expect(culture).not.toMatch(/shapes its political life/);
    // levin p. 7: "the set of all subsets" is said of the power set where the two words stand together.
    const power = explainSimply('Power set', [
      {
        label: '7',
        text:
          'The power of a set to hold other sets is what makes it useful. ' +
          'The power set of a set holds all the subsets of that set, the empty set and the set itself among them.',
      },
    ]);
    expect(power).toContain('all the subsets');
    expect(power).not.toMatch(/makes it useful/);
  });

  it('explains a topic of several words only from sentences with its rarest word, in clauses (three books)', () => {
    // langtangen: "Newton's method" is no method of manufactured solutions; a heading with a full stop is no sentence.
    const manufactured = explainSimply('Method of manufactured solutions', [
      {
        label: '87',
        text:
          "Running a few algorithmic steps by hand. Newton's method is a popular solution approach in both cases. " +
          'The method of manufactured solutions picks a solution and fits the source term to it. ' +
          'A manufactured solution tests the code against an exact answer.',
      },
    ]);
    expect(manufactured).toContain('fits the source term');
    expect(manufactured).not.toMatch(/Newton|Running a few/);
    // levin: sentences on "numbers" are not about triangular numbers.
    const triangular = explainSimply('Triangular numbers', [
      {
        label: '101',
        text:
          'Thus there are 75 such numbers in the list. Now you have 7 choices for the first number of the code. ' +
          'The triangular numbers are the numbers of dots in a triangle with rows of one, two, three and more dots.',
      },
    ]);
    expect(triangular).toContain('numbers of dots in a triangle');
    expect(triangular).not.toMatch(/75 such numbers|7 choices/);
    // levin: an exclamation explains nothing.
    const recurrence = explainSimply('Recurrence relation', [
      {
        label: '98',
        text:
          "That's what your recurrence relation says! " +
          'A recurrence relation gives each term of a sequence from the terms before it.',
      },
    ]);
    expect(recurrence).toContain('gives each term of a sequence');
    expect(recurrence).not.toMatch(/says!/);
    // openstax: nothing on "random digit dialing" itself, so the explanation says so rather than retell other polls.
    const dialing = explainSimply('Random digit dialing', [
      { label: '160', text: 'Pollsters call people at random to reach a fair sample. A poll asks people questions.' },
    ]);
    expect(dialing).not.toMatch(/Pollsters call|A poll asks/);
  });
});

describe('ELI12', () => {
  it('of someone only ever spoken of quotes what is said about them, not sentences about others (A Study in Scarlet, p. 61)', () => {
    const text =
      'Holmes laughed and threw his card across the table to the constable. ' +
      'My companion flushed up with pleasure at my words, and the earnest way in which I uttered them. ' +
      '"There was nobody in the street, so I blew my whistle," said the constable. "That brought Murcher and two more ' +
      'to the spot." Rance gave a violent jump, and stared at Sherlock Holmes with the utmost amazement upon his features.';
    const explanation = explainSimply('Murcher', [{ label: '61', text }]);
    expect(explanation).toContain('"That brought Murcher and two more to the spot." (p. 61)');
    expect(explanation).not.toContain('flushed up with pleasure');
  });

  it('of a character the narration names only in long sentences quotes what is said of them, and says when nothing names the topic (Alice, p. 66)', () => {
    const trial = [
      {
        label: '66',
        text:
          'The judge, by the way, was the King; and as he wore his crown over the wig, (look at the frontispiece if you want ' +
          'to see how he did it,) he did not look at all comfortable, and it was certainly not becoming, and the twelve jurors ' +
          'were all writing very busily on slates, and the Hatter came in with a teacup in one hand. ' +
          "'Take off your hat,' the King said to the Hatter. The first witness was the Hatter. One of the jurors had a pencil that squeaked.",
      },
    ];
    expect(explainSimply('King', trial)).toBe("'Take off your hat,' the King said to the Hatter. (p. 66)");
    expect(explainSimply('Tarts', trial)).toMatch(/^The book names Tarts here but does not explain it/);
  });

  it('is built around the book’s definition, reads at grade 7 and cites its page', () => {
    const pages = [
      {
        label: '40',
        text:
          'A direct object is the word that receives the action of the verb. For example, in "Sam kicked the ball", the ball is the direct object. ' +
          'Not every verb takes a direct object, and intransitive verbs never do. Direct objects answer the question what or whom.',
      },
    ];
    const text = explainSimply('Direct object', pages);
    expect(text.startsWith('A direct object is the word that receives the action of the verb.')).toBe(true);
    expect(text).toContain('(p. 40)');
    expect(fleschKincaidGrade(text)).toBeLessThanOrEqual(7);
  });

  it('opens with a plain statement, never with an example, and gives one example at most, when the book has no definition (Developer’s Reference, pp. 47, 50, 51)', () => {
    const pages = [
      {
        label: '47',
        text: 'For instance, if the latest version you are recompiling against was version 2.9-3, your binary-only NMU should carry a version of 2.9-3+b1.',
      },
      {
        label: '50',
        text: 'When doing an NMU, you must first make sure that your intention to NMU is clear. Then, you must send a patch with the differences between the current package and your proposed NMU to the BTS.',
      },
      {
        label: '51',
        text:
          'If the last upload was also an NMU, the counter should be increased. For example, if the current version is 1.5-2, then an NMU would get version 1.5-2.1. ' +
          'For example, if the current version is 1.5, then an NMU would get version 1.5+nmu1.',
      },
    ];
    const text = explainSimply('NMU', pages);
    expect(text.startsWith('When doing an NMU, you must first make sure that your intention to NMU is clear.')).toBe(
      true,
    );
    expect((text.match(/\bFor (?:instance|example)\b/g) ?? []).length).toBeLessThanOrEqual(1);
  });

  it('opens with what the topic is or does, not with an entry of a settings list (gpredict manual, pp. 31, 33)', () => {
    const pages = [
      {
        label: '31',
        text:
          'The map view shows both the position of the satellites and their footprints. ' +
          'The map view can show the ground tracks for any number of satellites at the same time.',
      },
      {
        label: '33',
        text: 'Grid: This colour is used to draw grid on the map view. Grid Lines: Enabling this option will draw the grid lines on the map view.',
      },
    ];
    const text = explainSimply('Map view', pages);
    expect(text).toMatch(/^The map view (shows|can show) /);
    // A settings entry the retelling cannot say anew is left out; said, it comes after the map view's own sentences.
    const grid = text.indexOf('Grid:');
    expect(grid === -1 || grid > text.indexOf('The map view shows')).toBe(true);
  });

  it('never says a sentence twice, nor one that points back to a subject it has not named (Developer’s Reference, p. 51)', () => {
    const pages = [
      {
        label: '51',
        text:
          'If the last upload was also an NMU, the counter should be increased. This extra number must start at 1 for every NMU. ' +
          'In both cases, if the last upload was also an NMU, the counter should be increased. An NMU is an upload by someone who is not the maintainer.',
      },
    ];
    const text = explainSimply('NMU', pages);
    expect((text.match(/the counter should be increased/g) ?? []).length).toBeLessThanOrEqual(1);
    expect(text).not.toContain('This extra number');
  });

  it('leaves out a sentence whose bare “this” stands for something said before it (Developer’s Reference, p. 64)', () => {
    const pages = [
      {
        label: '64',
        text:
          'A single source package will often build several binary packages, either to provide several flavors of the same software (e.g., the vim source package) or to make several small packages instead of a big one. ' +
          'The first case is a bit more difficult since it involves multiple recompiles of the same software but with different configuration options. ' +
          'The vim source package is an example of how to manage this using a hand-crafted debian/rules file. ' +
          'The vim source package builds several flavors of the editor from one set of sources.',
      },
    ];
    const text = explainSimply('Vim source package', pages);
    expect(text).not.toContain('manage this');
    expect(text).toContain('builds several flavors');
  });

  it('opens a character’s explanation with what the person is like, not with something they did (A Study in Scarlet, p. 44)', () => {
    const pages = [
      {
        label: '44',
        text:
          'Lestrade glanced at his note-book. Lestrade grabbed it up and stared at it with mystified eyes. ' +
          'Lestrade, lean and ferret-like as ever, was standing by the doorway, and greeted my companion and myself. ' +
          'Lestrade and Gregson glanced at each other with an incredulous smile.',
      },
    ];
    expect(explainSimply('Lestrade', pages)).toMatch(/^Lestrade, lean and ferret-like as ever/);
  });

  it('keeps the book’s definition even when it reads above grade 7, dropping the example first (Developer’s Reference, pp. 19, 21)', () => {
    const pages = [
      {
        label: '19',
        text: 'The Debian distribution consists of a lot of packages (currently around 30000 source packages) and a few additional files (such as documentation and installation disk images).',
      },
      {
        label: '21',
        text: 'Some packages in the non-free section do not allow commercial distribution, for example. The Debian distribution is split into the main, contrib and non-free sections.',
      },
    ];
    const text = explainSimply('Debian distribution', pages);
    expect(text.startsWith('The Debian distribution consists of a lot of packages')).toBe(true);
    expect(text).toContain('(p. 19)');
  });

  it('leaves out the questions a book asks its reader (The Art of Public Speaking, pp. 32, 34)', () => {
    const pages = [
      {
        label: '32',
        text:
          'Which may be expressed in either high or low pitch? Do we express the following thoughts in a low or a high pitch? ' +
          'Every big change of thought requires a big change of pitch. A high pitch shows joy or fear.',
      },
    ];
    const text = explainSimply('Pitch', pages);
    expect(text).toContain('change of pitch');
    expect(text).not.toContain('?');
  });

  it('never splits at an "and" that ends a list of names (A Study in Scarlet, p. 40)', () => {
    const sentence =
      'Supposing I unravel the whole matter, you may be sure that Gregson, Lestrade, and Co. will pocket all the credit.';
    expect(shortSentences(sentence)).toEqual([sentence]);
  });

  it('splits long sentences at clause boundaries only when both halves stand alone', () => {
    expect(
      shortSentences(
        'The repository stores every version of every file that was ever committed, and the working copy holds the files you edit today.',
      ),
    ).toEqual([
      'The repository stores every version of every file that was ever committed.',
      'The working copy holds the files you edit today.',
    ]);
    const fragment =
      'Subversion API is available not only to other C programs in the library, but also to programs written in higher-level languages.';
    expect(shortSentences(fragment)).toEqual([fragment]);
    // Pride and Prejudice, p. 10: a semicolon followed by "and".
    expect(
      shortSentences(
        'Lady Lucas quieted her fears a little by starting the idea of his being gone to London only to get a large party for the ball; and a report soon followed that Mr. Bingley was to bring twelve ladies with him.',
      ),
    ).toEqual([
      'Lady Lucas quieted her fears a little by starting the idea of his being gone to London only to get a large party for the ball.',
      'A report soon followed that Mr. Bingley was to bring twelve ladies with him.',
    ]);
  });

  it('never splits two conditions of an "if" or a "when" apart (three books)', () => {
    for (const sentence of [
      // levin, p. 23
      'The additive principle says that if event A can occur in m ways, and event B can occur in n disjoint ways, then the event can occur in m + n ways.',
      // openstax political science
      'When a group cannot agree on a course of action, and the members keep to their own interests, the group faces a collective dilemma.',
      // langtangen
      'If the time step is too large for the scheme we use, and the solution decays quickly in time, the computed values oscillate.',
    ])
      expect(shortSentences(sentence)).toEqual([sentence]);
  });

  it('explains a name only with sentences that name it, not with ones about a word of it (Pride and Prejudice, pp. 9-10)', () => {
    const pages = [
      {
        label: '10',
        text:
          'He had entertained hopes of being admitted to a sight of the young ladies, but he saw only the father. ' +
          'The ladies were somewhat more fortunate, for they saw from an upper window that he wore a blue coat. ' +
          'The young ladies of the town talked of nothing else for a week. ' +
          'Lady Lucas quieted her fears a little by starting the idea of his being gone to London only to get a large party for the ball.',
      },
    ];
    expect(explainSimply('Lady Lucas', pages)).toMatch(/^Lady Lucas quieted her fears/);
    expect(explainSimply('Lady Lucas', pages)).not.toContain('young ladies');
  });

  it('says so, with the pages, when no whole sentence explains the topic (Doxygen manual, p. 297)', () => {
    const pages = [
      { label: '297', text: 'Fn_Test\nclass Fn_Test\n{\npublic:\nconst int member(char c, int n);\n};' },
      { label: '298', text: 'Generated by Doxygen' },
    ];
    const text = explainSimply('Fn_Test', pages);
    expect(text).toBe(
      'The book names Fn_Test here but does not explain it in whole sentences, so there is nothing plain to retell. Read about it in the book (p. 297).',
    );
  });

  it('names the topic in that message as the pages write it inside a sentence (three books)', () => {
    // levin: an index entry shown as a title ("Mod") is written "mod" in the text.
    expect(explainSimply('Mod', [{ label: '223', text: 'Suppose ad ≡ bd (mod n). Then a ≡ b (mod n).' }])).toMatch(
      /^The book names mod here/,
    );
    // langtangen and openstax: a name keeps its capitals.
    expect(explainSimply('Odespy', [{ label: '96', text: 'from Odespy import RK4\nsolver = RK4(f)' }])).toMatch(
      /^The book names Odespy here/,
    );
    expect(explainSimply('NATO', [{ label: '470', text: 'Table 14.2 Members of NATO\n1949 | 12' }])).toMatch(
      /^The book names NATO here/,
    );
  });

  it('makes an aside about the subject a sentence of its own (xfig reference, p. 67)', () => {
    expect(
      shortSentences(
        'This panel, which may be popped up with the Global Settings menu item in the Edit menu or the keyboard accelerator Meta-G, allows the user to change various settings in xfig.',
      ),
    ).toEqual([
      'This panel allows the user to change various settings in xfig.',
      'This panel may be popped up with the Global Settings menu item in the Edit menu or the keyboard accelerator Meta-G.',
    ]);
    // An aside at the end is about the object, not the subject: nothing to split there.
    const trailing =
      'The figure is saved in the Fig format, which every later version of xfig can read without any conversion.';
    expect(shortSentences(trailing)).toEqual([trailing]);
  });
});

describe('back-of-book index', () => {
  it('reads the entries and the pages they point to from the last pages', () => {
    const body = Array.from({ length: 8 }, (_, i) => ({
      label: String(i + 1),
      text: 'Prose about commits and locks.',
    }));
    const index = {
      label: '9',
      text: [
        'Index',
        'branch, 3, 5–6',
        'commit, 2',
        'lock, 4',
        'peg revision, 7',
        'property, 2, 8',
        'repository, 1–2',
        'revision keywords, 5',
        'svn:ignore, 8',
        'working copy, 1, 3',
        'tags, 6',
        ...Array.from({ length: 20 }, (_, i) => `option ${String.fromCharCode(97 + i)}, ${(i % 8) + 1}`),
      ].join('\n'),
    };
    const entries = indexEntriesOf([...body, index]);
    expect(entries.get('branch')).toEqual(['3', '5', '6']);
    expect(entries.get('peg revision')).toEqual(['7']);
    expect(indexEntriesOf(body).size).toBe(0);
  });

  it('is no index when only a handful of lines look like entries (the Debian policy manual’s four)', () => {
    const body = Array.from({ length: 8 }, (_, i) => ({ label: String(i + 1), text: 'Prose about packages.' }));
    const tokenIndex = {
      label: '9',
      text: [
        'INDEX',
        'R',
        'reboot',
        'signaling, 91',
        'reboot-required, 91',
        'reboot-required.pkgs, 91',
        'S',
        'signaling',
        'reboot, 91',
        '183',
        'Debian Policy Manual, Release 4.6.2.0',
      ].join('\n'),
    };
    expect(indexEntriesOf([...body, tokenIndex]).size).toBe(0);
  });
});

describe('sentence analysis', () => {
  it('keeps a dotted name inside its sentence (Network UPS Tools user manual, p. 41)', async () => {
    const { analyseSegments } = await import('../text/chapter-text.js');
    const sentences = analyseSegments([
      {
        text: 'A new variable was introduced to provide the number of devices exposed: the device.count, which defaults to 1. All remaining drivers could be controlled with upsdrvctl and ups.conf files.',
        origin: '41',
        group: 0,
      },
    ]).map((sentence) => sentence.text);
    expect(sentences).toEqual([
      'A new variable was introduced to provide the number of devices exposed: the device.count, which defaults to 1.',
      'All remaining drivers could be controlled with upsdrvctl and ups.conf files.',
    ]);
  });
});

describe('characters of a story', () => {
  it('are the names that speak, think or feel, not the ships and fleets that only move', () => {
    const sentences = analysed(
      [
        'At dawn the Aphrodite left orbit. An hour later the Aphrodite landed on the third moon. By noon the Aphrodite lay in the dust.',
        'That winter the Fleet moved closer to Mars. Two days later the Fleet arrived. Since then the Fleet has held its position.',
        'In the cabin Carter said that the engines were failing. That night Carter thought about his wife on Earth. At last Carter climbed down.',
        '"We should leave now," whispered Marla. Then Marla smiled at the captain. Slowly Marla walked to the hatch.',
        '"I am late," said the White Rabbit. Soon the White Rabbit ran off. Alice followed the White Rabbit.',
      ].join(' '),
    );
    const names = findCharacters(sentences).map((character) => character.term);
    expect(names).toEqual(expect.arrayContaining(['Carter', 'Marla', 'White Rabbit']));
    expect(names).not.toContain('Aphrodite');
    expect(names).not.toContain('Fleet');
  });

  it('are people, not the streets and houses they go to (The Adventures of Sherlock Holmes, pp. 15-18)', () => {
    const sentences = analysed(
      [
        'We drove to Serpentine Avenue, where Holmes said that we should wait. At nine Serpentine Avenue thought itself asleep. Soon Serpentine Avenue said nothing more.',
        'At Briony Lodge Irene Adler smiled at the crowd. Then Irene Adler said that she was ready. Later Irene Adler thought of the photograph.',
      ].join(' '),
    );
    const names = findCharacters(sentences).map((character) => character.term);
    expect(names).toContain('Irene Adler');
    expect(names).not.toContain('Serpentine Avenue');
  });

  it('are shown by what they are like rather than by one thing they did (Pride and Prejudice, pp. 3-11)', () => {
    const sentences = analysed(
      [
        'Mr. Bennet replied that he had not.',
        'Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve, and caprice, that the experience of three-and-twenty years had been insufficient to make his wife understand his character.',
        'Mr. Bennet said nothing at all.',
        "'Do you not want to know who has taken it?' cried his wife impatiently, and Mr. Bennet thought about it.",
      ].join(' '),
    );
    const bennet = findCharacters(sentences).find((character) => character.term === 'Bennet');
    expect(bennet?.definition).toMatch(/^Mr\. Bennet was so odd a mixture of quick parts/);
  });
});

describe(restates.name, () => {
  it('knows a key point that says again what a key term’s definition says', () => {
    // openstax, Introduction to Political Science, pp. 116 and 130 (the text and the chapter's glossary)
    expect(
      restates(
        'Due process is a legal requirement that the government respect the rights of the people, and it is a demonstration of the rule of law and the balancing of government power with individual rights.',
        'A legal requirement that the government respect the rights of the people; a demonstration of the rule of law and the balancing of government power with individual rights.',
      ),
    ).toBe(true);
    // levin, Discrete Mathematics, p. 5: one sign apart, two statements.
    expect(
      restates(
        'A ∪ B is the set containing all elements which are elements of A or B or both.',
        'A ∩ B is the set containing all elements which are elements of both A and B.',
      ),
    ).toBe(false);
    // langtangen, Finite Difference Computing, p. 65: the same words about two schemes.
    expect(
      restates(
        'The Backward Euler scheme always leads to monotone and decaying solutions, and is hence stable.',
        'The Forward Euler scheme can lead to increasing solutions and oscillating solutions if the time step is too large.',
      ),
    ).toBe(false);
  });
});
