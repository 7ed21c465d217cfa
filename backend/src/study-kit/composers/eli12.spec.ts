import { analyseChapter } from '../analyse-chapter.js';
import { fleschKincaidGrade } from '../text/readability.js';
import { explainTopic, predicateOf, splitGloss, whatItIsFor } from './eli12.js';

describe(splitGloss.name, () => {
  it('retells what a thing does in a sentence of its own (political science, discrete maths, numerical methods)', () => {
    expect(splitGloss('an ideology emphasizing natural rights, limited government, and capitalism')).toEqual({
      head: 'an ideology',
      rest: ['It emphasizes natural rights, limited government, and capitalism.'],
    });
    expect(
      splitGloss(
        'an ideology that may allow freedoms in nonpolitical life but does not permit any political challenge',
      ),
    ).toEqual({
      head: 'an ideology',
      rest: ['It may allow freedoms in nonpolitical life.', 'But it does not permit any political challenge.'],
    });
    expect(splitGloss('a rule that assigns each input exactly one output')).toEqual({
      head: 'a rule',
      rest: ['It assigns each input exactly one output.'],
    });
    expect(splitGloss('a scheme in which the new value is found from the old one alone')).toEqual({
      head: 'a scheme',
      rest: ['In it, the new value is found from the old one alone.'],
    });
  });

  it('never reads a participle that works as a preposition as what the thing does (political science, grammar, speaking)', () => {
    for (const gloss of [
      'instructions regarding what behaviors are required, forbidden, or allowed',
      'the rules regarding numbers written in words',
      'a decision concerning a dispute over five or ten cents',
      'a list including every vertex of the graph',
    ])
      expect(splitGloss(gloss)).toEqual({ head: gloss, rest: [] });
  });

  it('tells what the members of a group do, and keeps a clause that picks out all of them (three books)', () => {
    expect(splitGloss('the set of institutions that make and implement decisions for a political collective')).toEqual({
      head: 'the set of institutions',
      rest: ['They make and implement decisions for a political collective.'],
    });
    expect(splitGloss('a group of people who organize to seek to influence a political outcome')).toEqual({
      head: 'a group of people',
      rest: ['They organize to seek to influence a political outcome.'],
    });
    expect(splitGloss('a collection of tools that allow you to solve problems')).toEqual({
      head: 'a collection of tools',
      rest: ['They allow you to solve problems.'],
    });
    expect(splitGloss('a set of tests that can check the correctness of the implementations')).toEqual({
      head: 'a set of tests',
      rest: ['They can check the correctness of the implementations.'],
    });
    expect(splitGloss('the set of all numbers that are even').rest).toEqual([]);
    // "one who …" is nothing without its clause (openstax, langtangen, levin).
    for (const gloss of [
      'one who seeks to maximize their own well-being',
      'one that does not grow in time',
      'one whose outputs are all distinct',
    ])
      expect(splitGloss(gloss)).toEqual({ head: gloss, rest: [] });
    // The verb agrees with the group: the clause is the system's, and three verbs of one object stay one predicate.
    expect(splitGloss('the system of courts that interprets, defends, and applies the law').rest).toEqual([]);
    expect(splitGloss('a body that interprets, defends, and applies the law')).toEqual({
      head: 'a body',
      rest: ['It interprets, defends, and applies the law.'],
    });
    expect(splitGloss('the number of voters who cast a ballot').rest).toEqual([]);
  });

  it('keeps a clause that restricts another noun, and does not split "states and countries"', () => {
    expect(splitGloss('the percentage of eligible voters who cast a ballot in an election').rest).toEqual([]);
    const elections = splitGloss(
      'processes that elect individuals to office or, in certain states and countries, allow citizens to choose',
    );
    expect(elections.rest).toEqual([
      'They elect individuals to office or, in certain states and countries, allow citizens to choose.',
    ]);
  });
});

describe('a gloss cut from the clause that picked it out', () => {
  it('says "a" kind where the clause said "the" one (political science, discrete maths, numerical methods)', () => {
    expect(
      splitGloss(
        'the gradual process through which a person develops the values and beliefs that determine who they will be',
      ),
    ).toEqual({
      head: 'a gradual process',
      rest: ['Through it, a person develops the values and beliefs that determine who they will be.'],
    });
    expect(splitGloss('the graph that has an edge between every pair of vertices')).toEqual({
      head: 'a graph',
      rest: ['It has an edge between every pair of vertices.'],
    });
    expect(splitGloss('the scheme in which the new value is found from the old one alone').head).toBe('a scheme');
    // What it is "of" keeps its article: the clause may be the inner noun's.
    expect(splitGloss('the percentage of eligible voters who cast a ballot in an election').head).toBe(
      'the percentage of eligible voters who cast a ballot in an election',
    );
  });

  it('says a participle of means deep in the gloss as what the whole thing does, and leaves one of an inner noun', () => {
    expect(splitGloss('the systematic study of political phenomena using empirical or philosophical methods')).toEqual({
      head: 'the systematic study of political phenomena',
      rest: ['It uses empirical or philosophical methods.'],
    });
    expect(splitGloss('a sequence of bit strings using the same number of 1’s')).toEqual({
      head: 'a sequence of bit strings',
      rest: ['It uses the same number of 1’s.'],
    });
    expect(splitGloss('a set of points lying on the exact curve')).toEqual({
      head: 'a set of points lying on the exact curve',
      rest: [],
    });
  });

  it('keeps two verbs of one object in one sentence', () => {
    expect(splitGloss('an international institution that promotes and regulates trade between nations').rest).toEqual([
      'It promotes and regulates trade between nations.',
    ]);
  });
});

describe(predicateOf.name, () => {
  it('reads what a definition says a term is, ahead or behind', () => {
    expect(predicateOf('A function is a rule that assigns each input exactly one output.', 'function')).toBe(
      'a rule that assigns each input exactly one output',
    );
    expect(predicateOf('The forward difference is defined as the change over one step.', 'forward difference')).toBe(
      'the change over one step',
    );
    expect(predicateOf('A list of steps that solves a problem is called an algorithm.', 'algorithm')).toBe(
      'a list of steps that solves a problem',
    );
    expect(predicateOf('We use functions everywhere.', 'function')).toBeNull();
  });
});

describe(explainTopic.name, () => {
  const chapter = (text: string) =>
    analyseChapter({ bookTitle: '', chapterTitle: 'Functions', language: 'en', pages: [{ label: '14', text }] });

  it("retells the book's definition in short, plain sentences with its page, then what it is for", () => {
    const text = explainTopic(
      'Function',
      chapter(
        'A function is a rule that assigns each input exactly one output. ' +
          'A function helps us describe how one quantity depends on another. ' +
          'We write f(x) for the output of the input x.',
      ),
    );
    expect(text).toMatch(/^A function is a kind of rule\. It assigns each input exactly one output\./);
    expect(text).toContain('(p. 14)');
    expect(fleschKincaidGrade(text)).toBeLessThanOrEqual(7);
  });

  it('says what the idea is for only from a sentence whose subject it is (political science, discrete maths, numerical methods)', () => {
    const polarization = explainTopic(
      'Political polarization',
      chapter(
        'Political polarization is the divergence of political attitudes toward ideological extremes. ' +
          'In an era when social media can exacerbate political polarization, it is important to consider how your actions impact those around you.',
      ),
    );
    expect(polarization).not.toContain('important');
    const connectives = explainTopic(
      'Logical connective',
      chapter(
        'A logical connective is a word that joins two statements into a longer one. ' +
          'Logical connectives allow us to construct longer statements out of simpler statements.',
      ),
    );
    expect(connectives).toContain('They let you construct longer statements out of simpler statements.');
    const mesh = explainTopic(
      'Mesh',
      chapter(
        'A mesh is a set of points in time where the solution is computed. ' +
          'The time step size is important for the accuracy of the mesh.',
      ),
    );
    expect(mesh).not.toContain('important');
  });

  it('says what the idea is for from a sentence that opens on its goal (political science, numerical methods, discrete maths)', () => {
    const purposeOf = (topic: string, text: string) =>
      whatItIsFor(topic, chapter(text).sentences, new Set()).map((line) => line.text);
    expect(purposeOf('Civil liberties', 'Civil liberties protect individuals from the government.')).toEqual([
      'They are there to protect people from the government.',
    ]);
    expect(purposeOf('Theta-rule', 'The Theta-rule can be used to generate the three other schemes.')).toEqual([
      'You use it to generate the three other schemes.',
    ]);
    expect(purposeOf('Truth tables', 'Truth tables help you decide whether two statements are equivalent.')).toEqual([
      'They are there to help you decide whether two statements are equivalent.',
    ]);
    // The topic must be the subject: "Government officials protect …" says nothing of government's use.
    expect(purposeOf('Government', 'Government officials protect the borders of the country.')).toEqual([]);
    expect(purposeOf('Interest group', 'The main goal of interest groups is to influence public policy.')).toEqual([
      'Their main goal is to influence public policy.',
    ]);
    expect(
      purposeOf(
        'Numerical method',
        'The purpose of a numerical method is to formulate a corresponding discrete problem whose solution is characterized by a finite number of values.',
      )[0],
    ).toMatch(/^Its purpose is to formulate a corresponding discrete problem/);
    // A reported view is someone's claim, and the goal of an exercise is not the idea's.
    expect(
      purposeOf('Government', 'According to Locke, the purpose of government is to enforce the natural law.'),
    ).toEqual([]);
    expect(
      purposeOf(
        'Induction',
        'You can do this proof with algebra, but the goal of this exercise is to write out a valid induction proof.',
      ),
    ).toEqual([]);
  });

  it('reads "X is the …" as a definition when X is the topic, never a formula or a worked value (three books)', () => {
    // openstax: a bare noun before "is the" is the topic's definition, not an example's word.
    expect(
      explainTopic(
        'Power',
        chapter(
          'Power is the ability to impose one’s will on others to secure desired outcomes. Power shapes who gets what.',
        ),
      ),
    ).toMatch(/^Power means being able to impose one’s will on others/);
    // levin: "a_n = 50 − 7n" and a worked set are values, not what the idea is.
    const formula = explainTopic(
      'Closed formula',
      chapter('The closed formula is an 50 − 7n. A closed formula gives the nth term directly.'),
    );
    expect(formula).not.toContain('kind of');
    const domain = explainTopic(
      'Domain',
      chapter(
        'The domain is the set {1, 2, 3}, the codomain is the set {a, b, c} and the range is the set {a, c}. Every function has a domain.',
      ),
    );
    expect(domain).not.toMatch(/^(?:The )?[Dd]omain is/);
    // langtangen: the factor's formula is no gloss.
    const factor = explainTopic(
      'Amplification factor',
      chapter(
        'The amplification factor is A = (1 − (1 − θ)a∆t)/(1 + θa∆t). The amplification factor tells how much the solution shrinks in one step.',
      ),
    );
    expect(factor).not.toMatch(/kind of|is A =/);
  });

  it('adds one more thing the book says with the idea as its subject, never a signpost or a worked case (three books)', () => {
    // openstax: the constitution's own sentence, retold with "It".
    expect(
      explainTopic(
        'Constitution',
        chapter(
          'A constitution is a framework, blueprint, or foundation for the operation of a government. ' +
            'The constitution need not be in writing, in one document, or even labeled a constitution.',
        ),
      ),
    ).toContain('It need not be in writing or even labeled a constitution.');
    // openstax: a signpost, and a plural subject after a singular definition ("They have …"), say nothing more.
    const review = explainTopic(
      'Judicial review',
      chapter(
        'Judicial review is a process in which the judicial branch reviews actions by the other branches of government. ' +
          'Judicial review will be explored later in this chapter.',
      ),
    );
    expect(review).not.toContain('later');
    const minister = explainTopic(
      'Prime minister',
      chapter(
        'Prime minister is the chief executive and head of government in a parliamentary regime. ' +
          'Prime ministers have significant executive powers.',
      ),
    );
    expect(minister).not.toContain('They');
    // levin: a worked sequence's formula; langtangen: a sentence that reads as another definition.
    expect(
      explainTopic(
        'Sequence',
        chapter(
          'A sequence is an ordered list of numbers. ' +
            'The sequence is ∆2-constant, so the formula for an will be a degree 2 polynomial.',
        ),
      ),
    ).not.toContain('constant');
    expect(
      explainTopic(
        'Forward Euler scheme',
        chapter(
          'The Forward Euler scheme is a method that steps the solution forward with the slope at the start of each step. ' +
            'The Forward Euler scheme is a possible candidate.',
        ),
      ),
    ).not.toContain('candidate');
  });

  it('keeps or drops an extra whole: an example told in two lines never loses its first (openstax)', () => {
    const text = explainTopic(
      'Constitution',
      chapter(
        'A constitution is a framework, blueprint, or foundation for the operation of a government. ' +
          'The constitution need not be in writing, in one document, or even labeled a constitution. ' +
          'For example, the right to vote is not explicitly stated in the US Constitution, but US citizens now view it as basic to the US style of democracy.',
      ),
    );
    const parts = text.split(/(?<=\.)\s+/);
    const but = parts.findIndex((part) => part.startsWith('But US citizens'));
    if (but >= 0) expect(parts[but - 1]).toMatch(/^For example, the right to vote/);
    expect(text).toMatch(/^A constitution is a framework/);
  });

  it('names the instances a list after "like" or "including" gives, never a verb\'s object (three books)', () => {
    const disobedience = explainTopic(
      'Civil disobedience',
      chapter(
        'Civil disobedience is a nonviolent refusal to comply with a law in protest of governmental policies. ' +
          'CORE pioneered the use of acts of civil disobedience like bus boycotts, marches, and sit-ins.',
      ),
    );
    expect(disobedience).toContain('Some examples are bus boycotts, marches, and sit-ins.');
    const packages = explainTopic(
      'Plotting package',
      chapter(
        'A plotting package is a library that draws curves and surfaces from arrays of numbers. ' +
          'Easyviz gives one interface to many different plotting packages, including Matplotlib, Gnuplot and MATLAB.',
      ),
    );
    expect(packages).toContain('Some examples are Matplotlib, Gnuplot and MATLAB.');
    const graphs = explainTopic(
      'Graph',
      chapter(
        'A graph is a set of vertices, some of which are joined by edges. ' +
          'Students like graphs and puzzles about bridges.',
      ),
    );
    expect(graphs).not.toContain('Some examples');
    // openstax: the list names the factors that contribute to terrorism, not kinds of terrorism.
    const terrorism = explainTopic(
      'Terrorism',
      chapter(
        'Terrorism is a use of violence against civilians to reach a political goal. ' +
          'The General Assembly called on member states to focus on the underlying factors that contribute to terrorism, including weak institutions, ongoing conflict, and human rights violations.',
      ),
    );
    expect(terrorism).not.toContain('Some examples');
  });

  it('keeps the book’s example, framed as one (levin, p. 14)', () => {
    const text = explainTopic(
      'Function',
      chapter(
        'A function is a rule that assigns each input exactly one output. ' +
          'For example, a function might assign each natural number a natural number from 1 to 5.',
      ),
    );
    expect(text).toBe(
      'A function is a kind of rule. It assigns each input exactly one output. ' +
        'For example, a function might assign each natural number a natural number from 1 to 5. (p. 14)',
    );
  });

  it('gives a counted topic its article and a bare plural "a set of", and leaves mass nouns bare (two books)', () => {
    // openstax: glossaries name their terms bare.
    expect(
      explainTopic(
        'Legislature',
        chapter('Legislature is a deliberative body of elected members. Most countries have two legislatures.'),
      ),
    ).toMatch(/^A legislature is a kind of deliberative body\b|^A legislature is a deliberative body\b/);
    expect(
      explainTopic(
        'Political participation',
        chapter(
          [
            'Political participation takes many forms, and people take part in politics in many ways.',
            'Key Terms',
            'political participation',
            'activities that express opinions on public officials and public policy',
            'public opinion',
            'views that individuals are willing to express openly at a specific point in time',
          ].join('\n'),
        ),
      ),
    ).toMatch(/^Political participation is a set of activities\. They express opinions on public officials/);
    // levin: "the set of …" takes no article, and the book's own article is kept.
    expect(
      explainTopic('Domain', chapter('Domain is the set of all inputs for a function. Each domain is a set.')),
    ).toMatch(/^Domain is the set of all inputs for a function\./);
    expect(explainTopic('Permutation', chapter('A permutation is a rearrangement of objects.'))).toMatch(
      /^A permutation is a kind of rearrangement\b|^A permutation is a rearrangement of objects\./,
    );
  });

  it('names the topic with "the" where the chapter does, and a bare counted head with its article (three books)', () => {
    const glossary = (text: string, term: string, gloss: string) =>
      chapter([text, 'Key Terms', term, gloss].join('\n'));
    // openstax: a proper name and a common noun the chapter always writes with "the"; a counted head takes "an".
    expect(
      explainTopic(
        'World Bank',
        glossary(
          'The World Bank lends to poor countries. Loans from the World Bank, and other institutions, build roads.',
          'World Bank',
          'international financial institution that provides loans and grants to low-income countries',
        ),
      ),
    ).toMatch(/^The World Bank is (?:an|a kind of) international financial institution\./);
    expect(
      explainTopic(
        'Judiciary',
        glossary(
          'The judiciary is said to be neutral. Courts make up the judiciary, and judges lead it.',
          'judiciary',
          'the people who work in the judicial branch of a government',
        ),
      ),
    ).toMatch(/^The judiciary is the people who work in the judicial branch/);
    // "of" makes "the stability of the scheme" definite: the topic itself stays bare (langtangen).
    expect(
      explainTopic(
        'Stability',
        chapter(
          'Stability is the property that the numerical solution does not grow. The stability of the scheme depends on the time step. We study the stability of the θ-rule.',
        ),
      ),
    ).toMatch(/^Stability is\b/);
    // A mass noun's head stays bare; a "tragedy of the commons" is one tragedy (its number is the head's).
    expect(
      explainTopic(
        'Misinformation',
        glossary('Misinformation spreads fast.', 'misinformation', 'incorrect information spread without intent'),
      ),
    ).toMatch(/^Misinformation is incorrect information\b/);
    expect(
      explainTopic(
        'Tragedy of the commons',
        glossary(
          'The tragedy of the commons is everywhere. Think of the tragedy of the commons, and of situations like it.',
          'tragedy of the commons',
          'a situation in which people have incentives to take as much as they can from a public resource',
        ),
      ),
    ).toMatch(/^(?:A|The) tragedy of the commons is a\b/);
    // levin: a definition's own article is kept ("A graph is …"), however often the chapter says "the graph".
    expect(
      explainTopic(
        'Graph',
        chapter('A graph is a collection of vertices and edges. The graph is planar. Draw the graph.'),
      ),
    ).toMatch(/^A graph is\b/);
  });

  it('falls back to the chapter’s sentences for a topic it never defines', () => {
    const text = explainTopic(
      'Recursion',
      chapter(
        'Recursion appears again and again in this chapter. Recursion lets a function call itself on a smaller input.',
      ),
    );
    expect(text).toContain('Recursion');
    expect(text).toContain('(p. 14)');
  });

  it('keeps a word of the chapter’s index as the book writes it (levin: "adjacent" is a graph-theory term)', () => {
    const pages = [
      {
        label: '169',
        text:
          'A graph is a collection of vertices and edges. ' +
          'When two vertices are connected by an edge, we say they are adjacent. ' +
          'In a drawing, vertices are dots and edges are the lines between them.',
      },
    ];
    const input = { bookTitle: '', chapterTitle: 'Graph Theory', language: 'en', pages };
    const withIndex = explainTopic('Vertices', analyseChapter({ ...input, indexTerms: ['adjacent'] }));
    expect(withIndex).toContain('they are adjacent');
    expect(withIndex).not.toContain('they are next');
  });
});

describe('an idea the book describes and then names', () => {
  const chapter = (text: string, label = '113') =>
    analyseChapter({ bookTitle: '', chapterTitle: 'Models', language: 'en', pages: [{ label, text }] });

  it('says what kind of thing it is, then the description, with its page (three books)', () => {
    // langtangen: a process of physics.
    const decay = explainTopic(
      'Radioactive decay',
      chapter(
        'An atomic nucleus of an unstable atom may lose energy by emitting ionizing particles. ' +
          'This process is known as radioactive decay. The decay is random for each nucleus.',
      ),
    );
    expect(decay).toMatch(/^Radioactive decay is a process\. An atomic nucleus of an unstable atom may lose energy/);
    expect(decay).toContain('(p. 113)');
    // levin: a relationship of graph theory.
    const euler = explainTopic(
      'Euler’s formula',
      chapter(
        'There is a connection between the number of vertices, the number of edges and the number of faces in any ' +
          'connected planar graph. This relationship is called Euler’s formula.',
        '205',
      ),
    );
    expect(euler).toMatch(/^Euler’s formula is a relationship\. There is a connection between the number of vertices/);
    // openstax: a view of international relations.
    const model = explainTopic(
      'Core-periphery model',
      chapter(
        'Dependency theorists argue that the stratification of countries is based around core countries and ' +
          'periphery countries. This view is known as the core-periphery model.',
        '460',
      ),
    );
    expect(model).toMatch(/^The core-periphery model is a view\. Dependency theorists argue/);
  });

  it('says nothing of the kind when it repeats the name or does not agree with it', () => {
    const path = explainTopic(
      'Hamilton path',
      chapter('A path may visit every vertex of a graph exactly once. Such a path is called a Hamilton path.', '190'),
    );
    expect(path).not.toMatch(/is a path\./);
    const rights = explainTopic(
      'Bill of Rights',
      chapter(
        'The first ten amendments to the US Constitution define the civil liberties of the people. ' +
          'These amendments are known as the Bill of Rights.',
        '108',
      ),
    );
    expect(rights).not.toMatch(/are amendments\./);
  });
});

describe('a principle, a law or a theory: what it says', () => {
  const chapter = (text: string, label: string) =>
    analyseChapter({ bookTitle: '', chapterTitle: 'Ideas', language: 'en', pages: [{ label, text }] });

  it('is what the book says it states, in its own subject and plainer words (three books)', () => {
    // levin: a counting principle.
    const additive = explainTopic(
      'Additive principle',
      chapter(
        'The additive principle states that if event A can occur in m ways, and event B can occur in n disjoint ' +
          'ways, then the event “A or B” can occur in m + n ways. It is often used without being named.',
        '23',
      ),
    );
    expect(additive).toMatch(/^The additive principle says that if event A can occur in m ways/);
    expect(additive).toContain('(p. 23)');
    // openstax: a theory of public opinion.
    const publics = explainTopic(
      'Theory of issue publics',
      chapter(
        'The theory of issue publics states that the American electorate is made up of multiple small groups that ' +
          'care about single issues. Polls often miss these groups.',
        '157',
      ),
    );
    expect(publics).toMatch(/^The theory of issue publics says that the American electorate is made up of/);
    // langtangen: a law of physics.
    const newton = explainTopic(
      'Newton’s second law',
      chapter(
        'Newton’s second law says that the sum of the forces on a body equals its mass times its acceleration. ' +
          'We use it to set up the equation of motion for the falling body.',
        '126',
      ),
    );
    expect(newton).toMatch(/^Newton’s second law says that the sum of the forces on a body equals its mass/);
  });

  it('is never a description the book cut where its sentence went on ("…, and as such")', () => {
    const text = explainTopic(
      'Diophantine equations',
      chapter(
        'Equations which are intended to only have integer solutions were first studied by the Greek mathematician ' +
          'Diophantus of Alexandria, and as such are called Diophantine equations.',
        '226',
      ),
    );
    expect(text).not.toMatch(/and as such\. /);
    expect(text).not.toMatch(/^Diophantine equations are a set of/);
  });
});

describe('a person the chapter explains', () => {
  const chapter = (text: string, label = '348') =>
    analyseChapter({ bookTitle: '', chapterTitle: 'People', language: 'en', pages: [{ label, text }] });

  it('is "he or she", not "it", when the chapter says "who" of them (three books)', () => {
    // openstax: the prime minister.
    const minister = explainTopic(
      'Prime minister',
      chapter(
        'The prime minister is the chief executive and head of government in a parliamentary regime. ' +
          'A prime minister who loses the confidence of the legislature must resign. ' +
          'The prime minister will usually come from the majority party.',
      ),
    );
    expect(minister).toContain('He or she will usually come from the majority party.');
    expect(minister).not.toMatch(/\bIt will\b/);
    // langtangen: a programmer.
    const programmer = explainTopic(
      'Programmer',
      chapter(
        'A programmer is a person who writes and tests code. A programmer who tests each unit finds bugs early. ' +
          'The programmer will usually write the tests before the code.',
        '182',
      ),
    );
    expect(programmer).toContain('He or she writes and tests code.');
    // levin: a function is a thing, said with "which" and "that".
    const fn = explainTopic(
      'Function',
      chapter(
        'A function is a rule that assigns each input exactly one output. A function which is onto is a surjection. ' +
          'The function will usually be given by a formula.',
        '14',
      ),
    );
    expect(fn).not.toMatch(/He or she/);
    // A story's person has a name of their own: only the story knows whether "he" or "she".
    const holmes = explainTopic(
      'Holmes',
      chapter('Holmes is a detective who solves crimes. Holmes, who plays the violin, lives in Baker Street.', '12'),
    );
    expect(holmes).not.toMatch(/He or she/);
    // openstax: "who" said of the supporters of an ideology, not of the ideology.
    const liberalism = explainTopic(
      'Classical liberalism',
      chapter(
        'Classical liberalism is an ideology emphasizing natural rights, limited government, and capitalism. ' +
          'Supporters of classical liberalism, who favor free markets, distrust the state. ' +
          'Many supporters of classical liberalism, who vote in every election, join parties.',
        '99',
      ),
    );
    expect(liberalism).toContain('It emphasizes natural rights');
  });
});

describe('an idea the book names in brackets after the noun that says what it is', () => {
  const chapter = (text: string, label: string) =>
    analyseChapter({ bookTitle: '', chapterTitle: 'Ideas', language: 'en', pages: [{ label, text }] });

  it('says the idea is that thing, then the sentence without its brackets (three books)', () => {
    // levin: the parts of a graph.
    const graph =
      'Pictures like the dot and line drawing are called graphs. Graphs are made up of a collection of dots (called ' +
      'vertices) and lines connecting those dots (called edges). When two vertices are connected by an edge, we say ' +
      'they are adjacent.';
    expect(explainTopic('Vertices', chapter(graph, '169'))).toMatch(
      /^Vertices are dots\. Graphs are made up of a collection of dots and lines connecting those dots\. \(p\. 169\)/,
    );
    // A verb's object is not what the bracket names: "lines connecting those dots (called edges)".
    expect(explainTopic('Edges', chapter(graph, '169'))).not.toMatch(/Edges are dots/);
    // langtangen: the points of a mesh.
    expect(
      explainTopic(
        'Mesh points',
        chapter('The time domain is represented by a finite number of instants (called mesh points) in time.', '13'),
      ),
    ).toMatch(/^Mesh points are instants\./);
    // openstax: a body of a legislature.
    expect(
      explainTopic(
        'Upper house',
        chapter('Many legislatures have a second chamber (called the upper house) whose members are appointed.', '290'),
      ),
    ).toMatch(/^The upper house is a chamber\./);
  });
});

describe('a topic the chapter never defines, explained where the book introduces it', () => {
  // The terms stage finds the sentence holding the phrase the page sets in bold or italic.
  const chapter = (pages: Array<{ label: string; text: string; emphasis?: string[] }>) =>
    analyseChapter({ bookTitle: '', chapterTitle: 'Chapter', language: 'en', pages });

  it('opens on the sentence that sets the term in bold or italic, not on an easier passing mention (three books)', () => {
    // levin: the recurrence relation of a sequence.
    const recurrence = explainTopic(
      'Recurrence relation',
      chapter([
        { label: '84', text: 'Your recurrence relation is short. It says little on its own about the whole sequence.' },
        {
          label: '86',
          text: 'A recursive definition for a sequence consists of a recurrence relation, an equation relating a term of the sequence to the terms before it, and an initial condition.',
          emphasis: ['recurrence relation'],
        },
      ]),
    );
    expect(recurrence).toMatch(/equation relating a term of the sequence/);
    expect(recurrence.indexOf('(p. 86)')).toBeLessThan(recurrence.indexOf('(p. 84)') >>> 0);
    // langtangen: the convergence rate of a numerical scheme.
    const rate = explainTopic(
      'Convergence rate',
      chapter([
        { label: '86', text: 'Convergence rate is easy to compute. We print it for every run of the program.' },
        {
          label: '78',
          text: 'As the time step shrinks, the error falls like a power of the time step, and that power is the convergence rate of the scheme.',
          emphasis: ['convergence rate'],
        },
      ]),
    );
    expect(rate).toMatch(/^As the time step shrinks|^The error falls|time step/);
    expect(rate.indexOf('(p. 78)')).toBeLessThan(rate.indexOf('(p. 86)') >>> 0);
    // openstax: collective action.
    const action = explainTopic(
      'Collective action',
      chapter([
        { label: '150', text: 'Collective action is everywhere. You see it on the news every week.' },
        {
          label: '148',
          text: 'Interest groups exist to overcome the problem of collective action, in which people who share a goal fail to work together toward it.',
          emphasis: ['collective action'],
        },
      ]),
    );
    expect(action.indexOf('(p. 148)')).toBeGreaterThan(-1);
    expect(action.indexOf('(p. 148)')).toBeLessThan(action.indexOf('(p. 150)') >>> 0);
  });
});

describe('an idea the book names in brackets after a noun a participle describes', () => {
  const chapter = (text: string, label: string) =>
    analyseChapter({ bookTitle: '', chapterTitle: 'Ideas', language: 'en', pages: [{ label, text }] });

  it('says the idea is that noun with its participle, never the participle’s object (three books)', () => {
    // levin, p. 169.
    expect(
      explainTopic(
        'Edges',
        chapter(
          'Graphs are made up of a collection of dots (called vertices) and lines connecting those dots (called edges).',
          '169',
        ),
      ),
    ).toMatch(/^Edges are lines connecting those dots\./);
    // langtangen: the values a scheme computes.
    expect(
      explainTopic(
        'Mesh function',
        chapter('The scheme computes a sequence of values approximating the solution (called a mesh function).', '4'),
      ),
    ).toMatch(/^A mesh function is a sequence of values approximating the solution\./);
    // openstax: groups that speak for shared interests.
    expect(
      explainTopic(
        'Interest groups',
        chapter('Citizens also form organizations representing shared causes (called interest groups).', '210'),
      ),
    ).toMatch(/^Interest groups are organizations representing shared causes\./);
    // A verb that is no participle of a noun names nothing: "we draw dots (called vertices)".
    expect(
      explainTopic('Vertices', chapter('In a picture we draw dots (called vertices) and join them by lines.', '170')),
    ).not.toMatch(/^Vertices are/);
  });
});
