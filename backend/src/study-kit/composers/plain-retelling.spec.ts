import { fleschKincaidGrade } from '../text/readability.js';
import { sentenceProblem } from '../text/sentence-hygiene.js';
import {
  predicatesAsSentences,
  activeVoice,
  asKind,
  compress,
  instancesNamed,
  listAsSentence,
  participleAsSentence,
  partsInOwnWords,
  plainWords,
  purposeFrame,
  repeatsBook,
  retell,
  verbFrame,
  retellExample,
  splitIdeas,
  topicAsPronoun,
  wordGrams,
} from './plain-retelling.js';
import { articleFor, plainer } from './short-sentences.js';
import { termWordsOf } from './term-words.js';

// Sentences of the three books (pdftotext): levin (discrete maths), langtangen (finite differences, code),
// openstax (political science).
const LEVIN_PERMUTATIONS =
  'In general, we can ask how many permutations exist of k objects choosing those objects from a larger collection of n objects.';
const LEVIN_BIJECTION = 'A bijection is a function which is both an injection and surjection.';
const LANGTANGEN_INITIAL =
  'To obtain a unique solution, we need a condition to fix the value of C (see Section 1.1.2).';
const LANGTANGEN_GENERAL = 'In general, we can easily solve for the unknown value at the next time level.';
const OPENSTAX_ACTORS = 'In general, political actors seek to establish rules that benefit them and their allies.';
const OPENSTAX_PARTIES =
  'Political parties seek to win elections in order to set public policy as their candidates enter office.';
const OPENSTAX_SOVEREIGN =
  'The highest form of power is sovereign power, which means that the actor with sovereign power is ruled by no one else.';
const OPENSTAX_GROUPS =
  'Interest groups are individuals united by common identities and goals who seek to obtain their objectives through political action.';

describe(compress.name, () => {
  it('drops hedges, signposts and asides and keeps the claim (three books)', () => {
    expect(compress(LEVIN_PERMUTATIONS)).toBe(
      'We can ask how many permutations exist of k objects choosing those objects from a larger collection of n objects.',
    );
    expect(compress(LANGTANGEN_INITIAL)).toBe(
      'To obtain a unique solution, we need a condition to fix the value of C.',
    );
    expect(compress(OPENSTAX_ACTORS)).toBe(
      'Political actors seek to establish rules that benefit them and their allies.',
    );
    expect(compress('Note that the mesh is, in general, not uniform.')).toBe('The mesh is not uniform.');
  });

  it('keeps a program’s brackets and name as written, and leaves no second "that" hanging (three books)', () => {
    // langtangen, p. 187
    expect(
      compress(
        'Note that sys.argv[0] is always the program name and that we have to copy that string to the new array.',
      ),
    ).toBe('sys.argv[0] is always the program name and we have to copy that string to the new array.');
    // levin: an indexed term keeps its index; a reference in brackets after a space goes.
    expect(compress('Recall that the n-th term of a sequence is written a[n] [4].')).toBe(
      'The n-th term of a sequence is written a[n].',
    );
    // openstax: a lead with two claims.
    expect(
      compress('Note that voters choose the legislature and that the legislature chooses the prime minister.'),
    ).toBe('Voters choose the legislature and the legislature chooses the prime minister.');
  });

  it('makes the article agree with the word after a dropped softener (three books)', () => {
    expect(compress('You can lump them into a few numbers by using a very attractive technique called scaling.')).toBe(
      'You can lump them into a few numbers by using an attractive technique called scaling.',
    );
    expect(compress('A permutation is a very useful idea.')).toBe('A permutation is a useful idea.');
    expect(compress('An interest group is a very influential organization.')).toBe(
      'An interest group is an influential organization.',
    );
  });

  it('keeps the brackets of a formula, "rather than", and drops an appositive only before its verb', () => {
    expect(compress('We write f(x) for the output of the input x.')).toBe(
      'We write f(x) for the output of the input x.',
    );
    expect(compress('A set is a collection of objects rather than a list of them.')).toBe(
      'A set is a collection of objects rather than a list of them.',
    );
    expect(compress('Hobbes, an English philosopher, argued that people need a strong state.')).toBe(
      'Hobbes argued that people need a strong state.',
    );
    expect(compress('In this case, a graph, a tree, or a cycle can be drawn.')).toBe(
      'In this case, a graph, a tree, or a cycle can be drawn.',
    );
  });
});

describe('an aside that opens a list', () => {
  it('keeps the first item of a list, and drops a true aside (three books)', () => {
    // openstax, public speaking: the phrase between commas is the list's first item.
    expect(
      compress(
        'Opinion leaders can affect the opinions of other individuals, whether through their prominence, influence, or experience.',
      ),
    ).toBe(
      'Opinion leaders can affect the opinions of other individuals, whether through their prominence, influence, or experience.',
    );
    expect(compress('I got some practice in rhythm, in harmony, in construction and coördination of parts.')).toBe(
      'I got some practice in rhythm, in harmony, in construction and coördination of parts.',
    );
    // levin: "whether or not" carries on no list, so "for each of the elements of A" is an aside.
    expect(compress('We need to decide, for each of the elements of A, whether or not to include the element.')).toBe(
      'We need to decide whether or not to include the element.',
    );
  });
});

describe(plainWords.name, () => {
  const keep = new Set<string>();
  it('swaps formal words and phrases for plain ones and speaks to the reader (three books)', () => {
    expect(plainWords('To obtain a unique solution, we need a condition to fix the value of C.', keep)).toBe(
      'To get a unique solution, you need a condition to fix the value of C.',
    );
    expect(plainWords(OPENSTAX_PARTIES, keep)).toBe(
      'Political parties seek to win elections to set public policy as their candidates enter office.',
    );
    expect(plainWords(OPENSTAX_GROUPS, keep)).toBe(
      'Interest groups are people united by common identities and goals who seek to get their goals through political action.',
    );
    expect(plainWords('We can ask how many permutations exist of k objects.', keep)).toBe(
      'You can ask how many permutations exist of k objects.',
    );
  });

  it('inflects the plain verb as the book inflected its own, and keeps the book’s terms', () => {
    expect(plainWords('The error is obtained by taking the norm.', keep)).toBe(
      'The error is obtained by taking the norm.',
    );
    expect(plainWords('We obtained the error by taking the norm.', keep)).toBe('You got the error by taking the norm.');
    expect(plainWords('The scheme requires a small time step.', keep)).toBe('The scheme needs a small time step.');
    expect(plainWords('They demonstrated that it works.', keep)).toBe('They showed that it works.');
    expect(plainWords('Utilizing this rule, we are able to count.', keep)).toBe('Using this rule, you can count.');
    expect(plainWords('Let us obtain the individual rights.', new Set(['individual']))).toBe(
      'Let us get the individual rights.',
    );
  });

  it('says the plain-language table’s words in textbooks’ sentences, inflected as the book’s (three books)', () => {
    // levin
    expect(plainWords('While walking through a fictional forest, you encounter three trolls.', keep)).toBe(
      'While walking through a fictional forest, you meet three trolls.',
    );
    expect(plainWords('We could have seen this immediately in fact.', keep)).toBe(
      'You could have seen this at once in fact.',
    );
    // langtangen
    expect(plainWords('The parameters ∆t and θ then constitute the data part of the solver class.', keep)).toBe(
      'The parameters ∆t and θ then make up the data part of the solver class.',
    );
    expect(
      plainWords('We prefix all functions by sym to explicitly notify ourselves that they are from sympy.', keep),
    ).toBe('You prefix all functions by sym to explicitly tell yourself that they are from sympy.');
    // openstax
    expect(plainWords('Ideologies help guide decisions regarding what is right and wrong.', keep)).toBe(
      'Ideologies help guide decisions about what is right and wrong.',
    );
    expect(plainWords('Members of a group try to make decisions that all must agree to or comply with.', keep)).toBe(
      'Members of a group try to make decisions that all must agree to or follow.',
    );
    expect(plainWords('Thousands of people participated in the march.', keep)).toBe(
      'Thousands of people took part in the march.',
    );
    expect(plainWords('The media has the capability to quickly reach wide audiences.', keep)).toBe(
      'The media has the ability to quickly reach wide audiences.',
    );
  });

  it('leaves a participle before its noun as the book says it, and swaps a gerund (three books)', () => {
    // langtangen, svn book, openstax: "the modified program" is no "the changed program"; "terminating" no "ending".
    for (const sentence of [
      'Run the modified program again to see the new curve.',
      'A ball reaches a terminating velocity of 45 m/s.',
      'Subversion sends a modified file to the repository.',
      'The participating countries signed the treaty.',
      'In it, participating people have incentives to cheat.',
      // Joined to another participle before their noun (openintro, langtangen, openstax).
      'In a table, it is easy to compare observed and expected counts.',
      'Compare the obtained and exact values at each mesh point.',
      'Voters compare participating and abstaining parties.',
    ])
      expect(plainWords(sentence, keep)).toBe(sentence);
    // After a preposition or a verb, it is a gerund and takes the plain verb.
    expect(plainWords('The parliament is responsible for modifying laws.', keep)).toBe(
      'The parliament is responsible for changing laws.',
    );
  });

  it('says "make sure" only before the clause it takes (three books)', () => {
    // levin, langtangen: "ensure that …" opens a clause.
    expect(
      plainWords(
        'One way is to make a truth table for each and ensure that the final columns of both are identical.',
        keep,
      ),
    ).toBe('One way is to make a truth table for each and make sure that the final columns of both are the same.');
    expect(plainWords('It is difficult to ensure that the correction is done in all relevant files.', keep)).toBe(
      'It is difficult to make sure that the correction is done in all relevant files.',
    );
    // openstax, langtangen: before a noun, "make sure equal wealth" would not be English.
    expect(
      plainWords('The goal of socialism is to remake society to ensure more or less equal material wealth.', keep),
    ).toBe('The goal of socialism is to remake society to ensure more or less equal material wealth.');
    expect(plainWords('A float object is enough to ensure a correct mathematical division.', keep)).toBe(
      'A float object is enough to ensure a correct mathematical division.',
    );
  });
});

describe(splitIdeas.name, () => {
  it('says a "which" comment on a clause as a sentence of its own', () => {
    expect(splitIdeas(OPENSTAX_SOVEREIGN)).toEqual([
      'The highest form of power is sovereign power.',
      'This means that the actor with sovereign power is ruled by no one else.',
    ]);
    // After "is", "which" speaks of the subject itself: what it is, then what else it is.
    expect(splitIdeas(LEVIN_BIJECTION)).toEqual([
      'A bijection is a function.',
      'It is both an injection and surjection.',
    ]);
    // A verb that does not agree with the subject belongs to another noun; "the word that …" picks one thing out.
    expect(splitIdeas('A ∪ B is the set containing all elements which are elements of A or B.')).toHaveLength(1);
    expect(splitIdeas('A direct object is the word that receives the action of the verb.')).toHaveLength(1);
    // A verb's object is no kind of the subject (langtangen).
    expect(
      splitIdeas('Non-uniform meshes are used together with adaptive methods that can adjust the time mesh.'),
    ).toHaveLength(1);
    expect(splitIdeas(OPENSTAX_GROUPS)).toEqual([
      'Interest groups are individuals united by common identities and goals.',
      'They seek to obtain their objectives through political action.',
    ]);
  });
});

describe(purposeFrame.name, () => {
  it('says what a thing is for to the reader (three books)', () => {
    expect(purposeFrame('It is used to specify the size of the image.')).toBe(
      'You use it to specify the size of the image.',
    );
    expect(purposeFrame('They are used for counting the subsets of a set.')).toBe(
      'You use them for counting the subsets of a set.',
    );
    expect(purposeFrame('It allows citizens to choose their leaders.')).toBe(
      'It is there to allow citizens to choose their leaders.',
    );
    // What it does for someone, said as what it is there for (openstax, langtangen, levin).
    expect(purposeFrame('They protect individuals from the government.')).toBe(
      'They are there to protect individuals from the government.',
    );
    expect(purposeFrame('It can be used to generate the three other schemes.')).toBe(
      'You use it to generate the three other schemes.',
    );
    expect(purposeFrame('They help you count the ways to choose a committee.')).toBe(
      'They are there to help you count the ways to choose a committee.',
    );
    // A verb that says what it is, not what it is for, stays.
    expect(purposeFrame('It unifies the three mentioned schemes.')).toBe('It unifies the three mentioned schemes.');
    expect(purposeFrame('It allows us to compute the error.')).toBe('It lets you compute the error.');
    expect(purposeFrame('It makes it possible to compare two schemes.')).toBe('With it, you can compare two schemes.');
  });
});

describe(asKind.name, () => {
  it('says the head of a gloss as a kind only when it is an article and a noun', () => {
    expect(asKind('a rule')).toBe('a kind of rule');
    expect(asKind('an ideology')).toBe('a kind of ideology');
    expect(asKind('a finite difference scheme')).toBe('a kind of finite difference scheme');
    expect(asKind('the set of all inputs')).toBeNull();
    expect(asKind('a collection of objects')).toBeNull();
  });
});

describe(retell.name, () => {
  const passages = [
    LEVIN_PERMUTATIONS,
    LEVIN_BIJECTION,
    LANGTANGEN_INITIAL,
    LANGTANGEN_GENERAL,
    OPENSTAX_ACTORS,
    OPENSTAX_PARTIES,
    OPENSTAX_SOVEREIGN,
    OPENSTAX_GROUPS,
  ];

  it('gives whole sentences, no harder than the book’s, in words of its own', () => {
    const book = wordGrams(passages);
    for (const passage of passages) {
      const parts = retell(passage, new Set());
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(sentenceProblem(part)).toBeNull();
      expect(fleschKincaidGrade(parts.join(' '))).toBeLessThanOrEqual(fleschKincaidGrade(passage));
    }
    const changed = passages.filter((passage) => retell(passage, new Set()).some((part) => !repeatsBook(part, book)));
    expect(changed.length).toBeGreaterThanOrEqual(5);
  });
});

describe(repeatsBook.name, () => {
  it('tells a sentence the book says from one said anew', () => {
    const book = wordGrams([OPENSTAX_ACTORS]);
    expect(repeatsBook('Political actors seek to establish rules that benefit them and their allies.', book)).toBe(
      true,
    );
    expect(repeatsBook('Political actors try to set up rules that help them and their friends.', book)).toBe(false);
    expect(repeatsBook('Too short.', book)).toBe(false);
  });
});

describe(partsInOwnWords.name, () => {
  it('leaves out a part that repeats the book, and the "It"/"They" part leaning on it', () => {
    const book = wordGrams([LEVIN_BIJECTION, OPENSTAX_ACTORS]);
    expect(
      partsInOwnWords(
        [
          'Political actors seek to establish rules that benefit them and their allies.',
          'They want rules that help their own side win.',
          'A bijection is a kind of function that pairs things up.',
          'It is both an injection and surjection.',
        ],
        book,
      ),
    ).toEqual(['A bijection is a kind of function that pairs things up.', 'It is both an injection and surjection.']);
  });
});

describe('never swapping a term', () => {
  // Index entries and glossary terms of the three books: a plain word may not replace a word of one of them.
  const levinTerms = termWordsOf(['adjacent', 'vertex', 'initial conditions']);
  const langtangenTerms = termWordsOf(['initial condition', 'global error', 'Crank-Nicolson scheme']);
  const openstaxTerms = termWordsOf(['fundamental rights', 'right to privacy']);

  it('keeps the words of the chapter’s terms and swaps the others (three books)', () => {
    const levin = 'Two edges are adjacent if they share a vertex.';
    expect(retell(levin, new Set())).toEqual(['Two edges are next if they share a vertex.']);
    expect(retell(levin, levinTerms)).toEqual(['Two edges are adjacent if they share a vertex.']);
    const langtangen = 'The initial condition is also crucial for numerical methods.';
    expect(plainWords(langtangen, new Set())).toBe('The first condition is also crucial for numerical methods.');
    expect(plainWords(langtangen, langtangenTerms)).toBe(langtangen);
    const openstax = 'The US Supreme Court has recognized the right to privacy as a fundamental right.';
    expect(plainWords(openstax, new Set())).toBe(
      'The US Supreme Court has recognized the right to privacy as a basic right.',
    );
    expect(plainWords(openstax, openstaxTerms)).toBe(openstax);
  });

  it('drops a linking adverb inside a sentence and says one that opens it as "So" (three books)', () => {
    expect(
      compress(
        'The global error is therefore of second order for the Crank-Nicolson scheme and of first order for the other two schemes.',
      ),
    ).toBe(
      'The global error is of second order for the Crank-Nicolson scheme and of first order for the other two schemes.',
    );
    expect(retell('We therefore know that the solution to the recurrence relation has this form.', new Set())).toEqual([
      'You know that the solution to the recurrence relation has this form.',
    ]);
    expect(compress('Thus, the party in power, therefore, sets the agenda of the legislature.')).toBe(
      'So, the party in power sets the agenda of the legislature.',
    );
    expect(plainer('The residual is therefore a mesh function.', new Set())).toBe(
      'The residual is therefore a mesh function.',
    );
    expect(plainer('Therefore the number of subsets is 32.', new Set())).toBe('So the number of subsets is 32.');
  });
});

describe(retellExample.name, () => {
  const retold = (sentence: string) => retellExample(sentence, new Set(), wordGrams([sentence]));

  it('retells the book’s example and frames it as one, said to the reader (three books)', () => {
    expect(
      retold('For example, we could consider the set of all actors who have played The Doctor on Doctor Who.'),
    ).toEqual(['For example, you could consider the set of all actors who have played The Doctor on Doctor Who.']);
    expect(retold('For example, if the convergence rate is 2, halving ∆t reduces the error by a factor of 4.')).toEqual(
      ['For example, if the convergence rate is 2, halving ∆t reduces the error by a factor of 4.'],
    );
    expect(
      retold(
        'The Children’s Online Privacy Protection Act of 1998 (COPPA), for example, permits parents to control what information websites collect about their children.',
      ),
    ).toEqual([
      'For example, the Children’s Online Privacy Protection Act of 1998 permits parents to control what information websites collect about their children.',
    ]);
  });

  it('names the instances when the retelling only repeats the book, and gives up an example of a second clause', () => {
    expect(
      retold('For example, most states accept medical aid from NGOs like the Red Cross or the Red Crescent.'),
    ).toEqual(['Some examples are the Red Cross or the Red Crescent.']);
    expect(
      retold(
        'Western theories of social justice generally begin with the individual, so, for example, social justice is obtained when individual happiness is maximized.',
      ),
    ).toEqual([]);
    // "such as Switzerland, exhibited …": a list that runs into a verb names nothing to say alone.
    expect(
      instancesNamed('In the 1990s, some countries, such as Switzerland, exhibited low political salience.'),
    ).toBeNull();
    // The example sat in brackets the retelling drops: nothing of it is left.
    expect(
      retold('The elections are not necessarily for fixed terms (for example, every four years) as with presidents.'),
    ).toEqual([]);
  });
});

describe(listAsSentence.name, () => {
  it('says a long closing list in a sentence of its own, named by the noun it gives examples of (three books)', () => {
    expect(
      listAsSentence(
        'Civil rights are government guarantees of equal protection under the law, based on a shared characteristic, such as race, national origin, ethnicity, sex, gender, age, or ability.',
      ),
    ).toEqual([
      'Civil rights are government guarantees of equal protection under the law, based on a shared characteristic.',
      'Some examples of shared characteristics are race, national origin, ethnicity, sex, gender, age, or ability.',
    ]);
    expect(
      listAsSentence(
        'The SciTools package provides a unified plotting interface to many different plotting packages, including Matplotlib, Gnuplot, Grace, MATLAB, VTK, OpenDX, and VisIt.',
      ),
    ).toEqual([
      'The SciTools package provides a unified plotting interface to many different plotting packages.',
      'Some examples of packages are Matplotlib, Gnuplot, Grace, MATLAB, VTK, OpenDX, and VisIt.',
    ]);
    // After a relative clause the list may be its antecedent's (topics, not umbrellas): it stays.
    const levin =
      'However, there are other topics that belong under the discrete umbrella, including computer science, abstract algebra, number theory, and geometry.';
    expect(listAsSentence(levin)).toEqual([levin]);
    // Two items are no long list.
    expect(listAsSentence('Sets such as N and Z are infinite sets of numbers.')).toHaveLength(1);
  });
});

describe('manner adverbs', () => {
  it('drops a manner adverb before a verb, and keeps one that carries the claim (three books)', () => {
    expect(compress('If a set is finite, then we can describe it by simply listing the elements.')).toBe(
      'If a set is finite, then we can describe it by listing the elements.',
    );
    expect(compress('A function assigns each input exactly one output.')).toBe(
      'A function assigns each input exactly one output.',
    );
    expect(
      compress(
        'A style of government that enforces obedience to government authority by strongly limiting personal freedom.',
      ),
    ).toBe('A style of government that enforces obedience to government authority by limiting personal freedom.');
    expect(compress('The right to vote is not explicitly stated in the US Constitution.')).toBe(
      'The right to vote is not explicitly stated in the US Constitution.',
    );
    expect(compress('Political ideologies are consciously held ideas about how political life is structured.')).toBe(
      'Political ideologies are consciously held ideas about how political life is structured.',
    );
    // Before an adjective it says in what respect: "methodologically problematic" is no "problematic".
    expect(compress('Such measurements remain methodologically problematic for researchers.')).toBe(
      'Such measurements remain methodologically problematic for researchers.',
    );
    expect(compress('The new value is computed explicitly from the old one.')).toBe(
      'The new value is computed explicitly from the old one.',
    );
  });
});

describe(verbFrame.name, () => {
  it('says a gloss that opens with a noun made from a verb with the verb (political science, discrete maths, numerical methods)', () => {
    expect(verbFrame('Power', 'the ability to impose one’s will on others to secure desired outcomes')).toBe(
      'Power means being able to impose one’s will on others to secure desired outcomes.',
    );
    expect(verbFrame('Power', 'the ability of a state to prompt its preferred outcome in a given situation')).toBe(
      'Power means that a state can prompt its preferred outcome in a given situation.',
    );
    expect(
      verbFrame(
        'Judicial implementation',
        'the process by which a court’s decision, or judgment, is put into practice and enforced',
      ),
    ).toBe('Judicial implementation is how a court’s decision, or judgment, is put into practice and enforced.');
    expect(verbFrame('Media concentration', 'the idea that ownership of the media rests in the hands of the few')).toBe(
      'The idea of media concentration is that ownership of the media rests in the hands of the few.',
    );
    expect(verbFrame('The turnout rate', 'the proportion of eligible voters that actually cast their votes')).toBe(
      'The turnout rate tells you what share of eligible voters actually cast their votes.',
    );
    expect(verbFrame('The weight of a bit string', 'the number of 1’s in it')).toBe(
      'The weight of a bit string counts the 1’s in it.',
    );
    expect(verbFrame('NA', 'the number of molecules of A')).toBe('NA counts the molecules of A.');
  });

  it('leaves a gloss that names a kind of thing to the kind', () => {
    expect(verbFrame('Function', 'a rule that assigns each input exactly one output')).toBeNull();
    expect(verbFrame('Political science', 'the systematic study of political phenomena')).toBeNull();
    expect(verbFrame('Truncation error', 'a quantity that is easily computable')).toBeNull();
  });
});

describe(participleAsSentence.name, () => {
  it('says a closing participle of result or means as a sentence of its own (three books)', () => {
    expect(
      participleAsSentence('Ownership of the media rests in the hands of the few, taking the form of an oligopoly.'),
    ).toEqual(['Ownership of the media rests in the hands of the few.', 'This takes the form of an oligopoly.']);
    expect(
      participleAsSentence(
        'The expression u_e - u is the difference between two arrays, resulting in a new array referred to by e.',
      ),
    ).toEqual([
      'The expression u_e - u is the difference between two arrays.',
      'This results in a new array referred to by e.',
    ]);
    expect(
      participleAsSentence('So we added them in twice, subtracted once, leaving them counted only one time.'),
    ).toEqual(['So we added them in twice, subtracted once.', 'This leaves them counted only one time.']);
  });

  it('leaves a participle that describes the noun before it, and a preposition in -ing form', () => {
    const solution = 'The Backward Euler scheme gives a monotone solution in all cases, lying above the exact curve.';
    expect(participleAsSentence(solution)).toEqual([solution]);
    const regions =
      'Next we determine the numbers which should go in the remaining regions, including outside of all three circles.';
    expect(participleAsSentence(regions)).toEqual([regions]);
  });
});

describe(activeVoice.name, () => {
  it('says a passive sentence with its agent in the active voice (three books)', () => {
    expect(activeVoice('Two vertices are connected by an edge.')).toBe('An edge connects two vertices.');
    expect(activeVoice('The entries in the ¬P column were determined by the entries in the P column.')).toBe(
      'The entries in the P column determined the entries in the ¬P column.',
    );
    expect(activeVoice('These commands are interpreted by the operating system.')).toBe(
      'The operating system interprets these commands.',
    );
    expect(activeVoice('The head of state is appointed by the Diet.')).toBe('The Diet appoints the head of state.');
  });

  it('leaves arithmetic, clauses, asides and phrases set before the subject as they are', () => {
    const cases = [
      'The sum is divided by the number of values.',
      'Senate is appointed by the military while the prime minister is appointed by the king.',
      'In G1, vertices a and b are connected by an edge.',
      'In most cases the value is given by the formula.',
      'The time step is increased by a factor of two.',
      'The model was built by hand.',
    ];
    for (const sentence of cases) expect(activeVoice(sentence)).toBe(sentence);
  });
});

describe(articleFor.name, () => {
  it('makes "a"/"an" agree with the plain word put after it', () => {
    expect(articleFor('The truncation error is a', 'often')).toBe('The truncation error is an');
    expect(articleFor('It is an', 'big')).toBe('It is a');
    expect(articleFor('It is a', 'one-to-one')).toBe('It is a');
    expect(articleFor('It is a', 'unit')).toBe('It is a');
    expect(articleFor('The formula', 'easy')).toBe('The formula');
    expect(articleFor('bigger than', 'easy')).toBe('bigger than');
  });
});

describe(topicAsPronoun.name, () => {
  it('says the topic as "It" or "They" by its verb (political science, discrete maths, numerical methods)', () => {
    expect(topicAsPronoun('Politics is not the same as physics.', 'Politics', true)).toBe(
      'It is not the same as physics.',
    );
    expect(topicAsPronoun('Interest groups are people united by a common interest.', 'Interest group', false)).toBe(
      'They are people united by a common interest.',
    );
    expect(
      topicAsPronoun('The truncation error is a quantity that is easily computable.', 'truncation error', false),
    ).toBe('It is a quantity that is easily computable.');
    expect(topicAsPronoun('Graphs often have cycles.', 'Graph', false)).toBe('They often have cycles.');
  });

  it('leaves a sentence whose subject only starts with the topic', () => {
    const issues = 'Civil rights issues vary from country to country.';
    expect(topicAsPronoun(issues, 'Civil rights', true)).toBe(issues);
    const paths = 'The lattice paths of length n are counted by the binomial coefficient.';
    expect(topicAsPronoun(paths, 'Lattice path', false)).toBe(paths);
  });
});

describe(predicatesAsSentences.name, () => {
  it('says two verb phrases of one subject as two sentences (three books)', () => {
    // openstax, political science.
    expect(
      predicatesAsSentences(
        'Interest groups organize around a shared goal and seek to influence the decisions of government officials.',
      ),
    ).toEqual([
      'Interest groups organize around a shared goal.',
      'They seek to influence the decisions of government officials.',
    ]);
    // langtangen, numerical methods: a name the tagger reads partly as an adverb.
    expect(
      predicatesAsSentences(
        'The Forward Euler scheme uses the known value at the current time level and computes the new value explicitly.',
      ),
    ).toEqual([
      'The Forward Euler scheme uses the known value at the current time level.',
      'It computes the new value explicitly.',
    ]);
    // langtangen, physics of decay: the modal goes on into the second phrase.
    expect(
      predicatesAsSentences(
        'An atomic nucleus of an unstable atom may lose energy by emitting ionizing particles and thereby be transformed to another nucleus.',
      ),
    ).toEqual([
      'An atomic nucleus of an unstable atom may lose energy by emitting ionizing particles.',
      'It may thereby be transformed to another nucleus.',
    ]);
    // levin, discrete maths: the reader's voice keeps its pronoun.
    expect(
      predicatesAsSentences(
        'You take the number of elements in the first set and add the number of elements in the second.',
      ),
    ).toEqual(['You take the number of elements in the first set.', 'You add the number of elements in the second.']);
  });

  it('keeps verbs that share an object, a list of verbs, and an "and" inside the object', () => {
    for (const sentence of [
      'The World Trade Organization promotes and regulates trade between the countries of the world.',
      'The Supreme Court interprets, defends, and applies the law of the land in the United States.',
      'A legislature makes the laws of a country and the rules of its own government.',
      'A graph is planar when it can be drawn in the plane and no two of its edges cross.',
      // A phrasal verb and an infinitive go on past "and" (openstax, langtangen).
      'Power can best be defined as the ability to set up and enforce the rules to which all actors must adhere.',
      'A solver can be used to compute the values at each time level and store them in an array.',
    ])
      expect(predicatesAsSentences(sentence)).toEqual([sentence]);
  });
});
