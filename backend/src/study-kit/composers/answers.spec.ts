import {
  comparedPair,
  contentLemmas,
  definesBySubject,
  definesInBrackets,
  extractiveAnswer,
  groundAnswer,
  namesTerm,
  passageSentences,
  questionType,
  runOnParts,
  saysWhatItHolds,
} from './answers.js';

const passages = [
  {
    id: 1,
    source: 'Plants, p. 12',
    text: 'them, we borrow light from the sun every day.\nChapter 2 How Plants Make Food\nPlants make food from light in their leaves. The Moon has no air at all.',
  },
  { id: 2, source: 'Plants, p. 13', text: 'Leaves hold chlorophyll, which catches light so plants can make food.' },
];

describe('grounded answers', () => {
  it('quotes whole sentences about the question, never a page-opening fragment or a heading', () => {
    const answer = extractiveAnswer('How do plants make food?', passages);
    expect(answer.text).toContain('Plants make food from light in their leaves. [1]');
    expect(answer.text).not.toContain('them, we borrow');
    expect(answer.text).not.toContain('Chapter 2');
    expect(answer.citations.map((citation) => citation.passage).sort()).toEqual([1, 2]);
  });

  it('leaves out a running head that names the chapter in full, and an example set in brackets (Alice p. 20, Grammar Matters)', () => {
    const answer = extractiveAnswer('Where did Alice find the little bottle?', [
      {
        id: 1,
        source: 'Alice, p. 20',
        text:
          'CHAPTER IV. THE RABBIT SENDS IN A LITTLE BILL\n' +
          'By this time she had found her way into a tidy little room, when her eye fell upon a little bottle ' +
          'that stood near the looking-glass. (The bottle was small.) Alice found the bottle near the looking-glass.',
      },
    ]);
    expect(answer.text).toMatch(/^By this time she had found her way/);
    expect(answer.text).not.toContain('LITTLE BILL');
    expect(answer.text).not.toContain('(The bottle was small.) Alice');
  });

  it('prefers the sentence that covers the question over one sharing a single rare word', () => {
    const answer = extractiveAnswer('What do plants make from sunlight?', [
      { id: 1, source: 'Sky, p. 1', text: 'The Moon makes no light of its own; it shines by reflecting sunlight.' },
      { id: 2, source: 'Earth, p. 4', text: 'Green plants make their own food from sunlight, water and air.' },
    ]);
    expect(answer.text.startsWith('Green plants make their own food')).toBe(true);
  });

  it('answers "what is" with the sentence whose subject is the term, not one that merely uses it', () => {
    // Real sentences of Kuhlmann, Grammar Matters, pp. 26 and 44 (the issue's grammar textbook).
    const answer = extractiveAnswer('What is a direct object?', [
      {
        id: 1,
        source: 'Grammar, p. 44',
        text: 'Lay is a transitive verb and requires a direct object in order to complete the meaning of the sentence.',
      },
      { id: 2, source: 'Grammar, p. 26', text: 'A direct object shows who or what receives the action of the verb.' },
    ]);
    expect(answer.text.startsWith('A direct object shows who or what receives the action of the verb. [2]')).toBe(true);
    expect(definesBySubject('Fragments are incomplete sentences.', 'sentence fragment')).toBe(true);
    expect(
      definesBySubject(
        'If the sentence does not meet all of the requirements, then it is a sentence fragment.',
        'sentence fragment',
      ),
    ).toBe(false);
  });

  it('never answers with a question the book asks, and reads a quote inside a quote as balanced', () => {
    // A Study in Scarlet, pp. 59 and 55.
    const answer = extractiveAnswer('What does Rache mean in German?', [
      {
        id: 1,
        source: 'Scarlet, p. 59',
        text: 'Above all, why should the second man write up the German word RACHE before decamping?',
      },
      {
        id: 2,
        source: 'Scarlet, p. 55',
        text: '“One other thing, Lestrade,” he added, turning round at the door: “‘Rache,’ is the German for ‘revenge;’ so don’t lose your time looking for Miss Rachel.”',
      },
    ]);
    expect(answer.answered).toBe(true);
    expect(answer.text).toContain(`"'Rache,' is the German for 'revenge;'`);
    expect(answer.text).not.toContain('Above all');
  });

  it('answers with the reply to the question the book asks, quoting the reply alone', () => {
    // Alice's Adventures in Wonderland, p. 34: the reply alone names neither the grin nor what it answers.
    const answer = extractiveAnswer("Why does the Duchess's cat grin like that?", [
      {
        id: 1,
        source: 'Alice, p. 34',
        text: [
          'The only things in the kitchen that did not sneeze, were the cook, and a large cat which was sitting on',
          'the hearth and grinning from ear to ear.',
          '‘Please would you tell me,’ said Alice, a little timidly, for she was not quite sure whether it was good',
          'manners for her to speak first, ‘why your cat grins like that?’',
          '‘It’s a Cheshire cat,’ said the Duchess, ‘and that’s why. Pig!’',
        ].join('\n'),
      },
    ]);
    expect(answer.answered).toBe(true);
    expect(answer.text).toMatch(/^'It's a Cheshire cat,' said the Duchess, 'and that's why\.' \[1\]/);
    expect(answer.text).not.toContain('?');
  });

  // An answer's supporting sentences are statements: the book's own questions and the tasks it sets are not.
  const quoted = (answer: ReturnType<typeof extractiveAnswer>) =>
    [answer.text, ...answer.citations.map((citation) => citation.quote)].join(' ');

  it('quotes no question of the book, though it helps find the answer (openstax political science p. 5)', () => {
    const answer = extractiveAnswer('How does politics resolve conflicts?', [
      {
        id: 1,
        source: 'Political Science, p. 5',
        text: [
          'How does politics resolve conflicts? Most often, through bargaining. When parties involved in a conflict engage in',
          'negotiations concerning the status quo—that is, the existing set of circumstances involved in the conflict—they are',
          'bargaining. Political bargaining determines whether existing rules and reality will be changed.',
        ].join('\n'),
      },
    ]);
    expect(answer.answered).toBe(true);
    expect(quoted(answer)).toContain('bargaining');
    expect(quoted(answer)).not.toContain('?');
  });

  it('quotes no question the text asks its reader before it explains (levin discrete mathematics p. 9)', () => {
    const answer = extractiveAnswer('Is it possible to add two sets?', [
      {
        id: 1,
        source: 'Discrete Mathematics, p. 9',
        text: [
          'Is it possible to add two sets? Not really, however there is something similar. If we want to',
          'combine two sets to get the collection of objects that are in either set, then we can take the',
          'union of the two sets.',
        ].join('\n'),
      },
    ]);
    expect(answer.answered).toBe(true);
    expect(quoted(answer)).toContain('union of the two sets');
    expect(quoted(answer)).not.toContain('Is it possible');
  });

  it('quotes no exercise prompt, even one holding every word of the question (langtangen finite differences p. 136)', () => {
    const answer = extractiveAnswer('How can the governing equations be discretized by the Crank-Nicolson method?', [
      {
        id: 1,
        source: 'Finite Difference Computing, p. 136',
        text: [
          'Explain in detail how the governing equations can be discretized by',
          'the Forward Euler and the Crank-Nicolson methods. Discuss pros and',
          'cons of the two methods. Filename: falling_in_variable_density.',
        ].join('\n'),
      },
    ]);
    expect(quoted(answer)).not.toContain('Explain');
    expect(answer.answered).toBe(false);
  });

  it('quotes the clause of an over-long sentence that answers, not the whole sentence', () => {
    // Alice's Adventures in Wonderland, p. 8: one sentence of 84 words.
    const answer = extractiveAnswer('What was written on the little bottle Alice found?', [
      {
        id: 1,
        source: 'Alice, p. 8',
        text: [
          'There seemed to be no use in waiting by the little door, so she went back to the table, half hoping she',
          'might find another key on it or at any rate a book of rules for shutting people up like telescopes; this time',
          'she found a little bottle on it, (‘which certainly was not here before,’ said Alice,) and round the neck of',
          'the bottle was a paper label, with the words ‘DRINK ME’ beautifully printed on it in large letters.',
        ].join('\n'),
      },
      {
        id: 2,
        source: 'Alice, p. 12',
        text: [
          'Alice took up the fan and gloves, and, as the hall was very hot, she kept fanning herself all the time.',
          'The Rabbit started violently, dropped the white kid gloves and the fan, and skurried away into the darkness.',
          'How puzzling all these changes are! I’m never sure what I’m going to be, from one minute to another.',
          'Let me see: four times five is twelve, and four times six is thirteen, and four times seven is oh dear!',
        ].join('\n'),
      },
    ]);
    expect(answer.answered).toBe(true);
    expect(answer.text).toBe(
      "This time she found a little bottle on it, ('which certainly was not here before,' said Alice,) and round the neck of the bottle was a paper label, with the words 'DRINK ME' beautifully printed on it in large letters. [1]",
    );
  });

  it('defines the term a "what is … in …" question asks about, reading the field from the page around it', () => {
    // Version Control with Subversion, pp. 151-152.
    const page = (id: number, text: string) => ({ id, source: `Subversion, p. ${150 + id}`, text });
    const passages = [
      page(
        1,
        "In Subversion, there's no difference between a tag and a branch. Subversion copies directories cheaply.",
      ),
      page(2, 'Subversion keeps every revision. A tag is just a "snapshot" of a project in time.'),
    ];
    const answer = extractiveAnswer('What is a tag in Subversion?', passages);
    expect(answer.text).toMatch(/^A tag is just a "snapshot" of a project in time\. \[2\]/);
    // The field is not on the page: the book defines a tag, but not in Git.
    const elsewhere = extractiveAnswer('What is a tag in Git?', [
      page(2, 'A tag is just a "snapshot" of a project in time.'),
    ]);
    expect(elsewhere.answered).toBe(false);
  });

  it('answers "what is" only with a sentence that says what the thing is', () => {
    // The War of the Worlds, p. 149: the words of the question, in a story.
    const story = [
      {
        id: 1,
        source: 'War of the Worlds, p. 149',
        text: 'In another moment the huge wave, well-nigh at the boiling- point had rushed upon me. I screamed aloud.',
      },
    ];
    expect(extractiveAnswer('What is the boiling point of water?', story).answered).toBe(false);
    expect(
      extractiveAnswer('What is the boiling point?', [
        {
          id: 1,
          source: 'Physics, p. 3',
          text: 'The boiling point is the temperature at which a liquid turns to vapour.',
        },
      ]).answered,
    ).toBe(true);
    // "What was written …" asks what happened: no definition is needed.
    expect(questionType('What was written on the little bottle Alice found?')).toBe('other');
    expect(questionType('What was the Treaty of Paris?')).toBe('definition');
  });

  it("abstains when no sentence holds the question's key terms together, keeping the closest as citations", () => {
    const answer = extractiveAnswer('What is the capital of France?', [
      {
        id: 1,
        source: 'Grammar, p. 20',
        text: 'Do not type documents in all capital letters. Capital letters start a sentence.',
      },
    ]);
    expect(answer.answered).toBe(false);
    expect(answer.text).toBe('');
    expect(answer.citations[0]!.passage).toBe(1);
  });

  it('ranks by what the question asks: the rule about whom, a definition for "what is"', () => {
    const whom = extractiveAnswer('When should I use whom instead of who?', [
      { id: 1, source: 'Grammar, p. 31', text: "Some people say 'off of' instead of 'off.' That is not correct." },
      {
        id: 2,
        source: 'Grammar, p. 32',
        text: 'Use who for the subject of a verb; use whom instead when the pronoun is its object.',
      },
    ]);
    expect(whom.answered).toBe(true);
    expect(whom.text.startsWith('Use who for the subject of a verb')).toBe(true);
    const definition = extractiveAnswer('What is a direct object?', [
      {
        id: 1,
        source: 'Grammar, p. 39',
        text: 'Down is not a direct object in this sentence about the direct object.',
      },
      { id: 2, source: 'Grammar, p. 40', text: 'A direct object is a noun that receives the action of the verb.' },
    ]);
    expect(definition.answered).toBe(true);
    expect(definition.text.startsWith('A direct object is a noun')).toBe(true);
  });

  describe('the kind of question a course textbook answers', () => {
    const page = (id: number, source: string, lines: string[]) => ({ id, source, text: lines.join('\n') });

    it('tells two compared things apart by what sets them apart or by what each is (three books)', () => {
      // Levin, Discrete Mathematics, p. 142: each side defined in a sentence of its own, "of an implication" after it.
      const logic = extractiveAnswer(
        'What is the difference between the converse and the contrapositive of an implication?',
        [
          page(1, 'Discrete Mathematics, p. 142', [
            'Converse and Contrapositive',
            '• The converse of an implication P → Q is the implication Q → P. The converse',
            'is NOT logically equivalent to the original implication.',
            '• The contrapositive of an implication P → Q is the statement ¬Q → ¬P. An',
            'implication and its contrapositive are logically equivalent.',
            'A related, but lesser used, term is the inverse of an implication. The inverse of P → Q is',
            '¬P → ¬Q. Notice that the inverse of an implication is the contrapositive of the converse.',
          ]),
        ],
      );
      expect(logic.answered).toBe(true);
      expect(logic.text).toContain('The converse of an implication P → Q is the implication Q → P.');
      expect(logic.text).toContain('The contrapositive of an implication P → Q is the statement ¬Q → ¬P.');
      // Langtangen, Finite Difference Computing, p. 28: one sentence holds both, set apart by "while".
      const numerics = extractiveAnswer('What is the difference between verification and validation?', [
        page(1, 'Finite Difference Computing, p. 28', [
          'The purpose of verifying a program is to bring evidence for the',
          'property that there are no errors in the implementation. A related',
          'term, validate (and validation), addresses the question if the ODE',
          'model is a good representation of the phenomena we want to simulate. To remember the difference between verification and validation,',
          'verification is about solving the equations right, while validation',
          'is about solving the right equations.',
        ]),
      ]);
      expect(numerics.text).toMatch(
        /^To remember the difference between verification and validation, verification is about/,
      );
      // OpenStax, Introduction to Political Science, p. 306: "a unicameral and a bicameral legislature" shares its noun.
      const legislatures = [
        page(1, 'Political Science, p. 306', [
          'One key structural component of legislatures is the number of chambers that they have. The two most common options',
          'for chamber structure are unicameral and bicameral. A unicameral legislature has only one chamber, or body, that makes',
          'decisions. A bicameral legislature has two chambers, often with different procedures and powers, that ultimately must',
          'work together to make policy and exercise other legislative powers and responsibilities.',
        ]),
      ];
      const politics = extractiveAnswer(
        'What is the difference between a unicameral and a bicameral legislature?',
        legislatures,
      );
      expect(politics.text).toContain('A unicameral legislature has only one chamber');
      expect(politics.text).toContain('A bicameral legislature has two chambers');
      expect(comparedPair('How does a unicameral legislature differ from a bicameral one?')).toEqual([
        'unicameral legislature',
        'bicameral one',
      ]);
      // Neither thing is in the books: no answer.
      expect(extractiveAnswer('What is the difference between a virus and a bacterium?', legislatures).answered).toBe(
        false,
      );
    });

    it('answers "when is X …?" with the condition said right after the word asked about (three books)', () => {
      expect(questionType('When is a graph bipartite?')).toBe('condition');
      expect(questionType('When is the Backward Euler scheme stable?')).toBe('condition');
      expect(questionType('When does a coordination problem occur?')).toBe('condition');
      expect(questionType('When did the first moon landing take place?')).toBe('time');
      // Levin, Discrete Mathematics, pp. 195 and 174: the first passage only uses the words.
      const graphs = extractiveAnswer('When is a graph bipartite?', [
        page(1, 'Discrete Mathematics, p. 195', [
          'Our goal in this activity is to discover some criterion for when a bipartite graph has a matching.',
        ]),
        page(2, 'Discrete Mathematics, p. 174', [
          'One final definition: we say a graph is bipartite if the vertices can be divided into two sets, A and B, with',
          'no two vertices in A adjacent and no two vertices in B adjacent.',
        ]),
      ]);
      expect(graphs.text).toMatch(/^One final definition: we say a graph is bipartite if the vertices \S/);
      // OpenStax, Introduction to Political Science, p. 190.
      const groups = extractiveAnswer('When does a coordination problem occur?', [
        page(1, 'Political Science, p. 190', [
          'Coordination problems become more complex the greater the size of the group, and they occur in every group.',
          'Coordination problems occur whenever a group seeks to make a decision on a common course of action, the group',
          'members generally agree on what they are seeking, and everyone in the group will need to live with the results.',
        ]),
      ]);
      expect(groups.text).toMatch(/^Coordination problems occur whenever a group seeks/);
      // Langtangen, Finite Difference Computing, p. 54: "always stable" says on what condition.
      const schemes = extractiveAnswer('When is the Backward Euler scheme stable?', [
        page(1, 'Finite Difference Computing, p. 54', [
          'The Backward Euler scheme is always stable since A < 0 is impossible',
          'for θ = 1, while non-oscillating solutions for Forward Euler and Crank-',
          'Nicolson demand ∆t ≤ 1/a and ∆t ≤ 2/a, respectively.',
        ]),
      ]);
      expect(schemes.text).toMatch(/^The Backward Euler scheme is always stable since/);
    });

    it("finds the question's word as written when the tagger reads it another way (three books)", () => {
      const cases: Array<[string, string]> = [
        // Levin, Discrete Mathematics, p. 175: "the leaves of a tree" is leaf, "are called leaves" leave.
        ['What are the leaves of a tree?', 'The vertices in a tree with degree 1 are called leaves.'],
        // Langtangen, Finite Difference Computing, p. 74: "rounding" as written, "round" in the book's sentence.
        [
          'How do you make rounding errors negligible?',
          'We take 1000 digits as the true answer where rounding errors are negligible, and then we run our numerical algorithm.',
        ],
        // OpenStax, Introduction to Political Science, p. 29: the question's verb, the book's noun.
        ['What is bargaining?', 'Bargaining is the attempt to resolve these conflicts.'],
      ];
      for (const [question, sentence] of cases) {
        const asked = [...contentLemmas(question)];
        expect(asked.every((term) => contentLemmas(sentence).has(term))).toBe(false);
        const answer = extractiveAnswer(question, [{ id: 1, source: 'p. 1', text: sentence }]);
        expect(answer.answered).toBe(true);
        expect(answer.text).toBe(`${sentence} [1]`);
      }
    });

    it('cuts a sentence glued to a formula or to a variable before it, but not a name with an initial (three books)', () => {
      const parts = (text: string) =>
        passageSentences([{ id: 1, source: 'p. 1', text }])
          .flatMap(runOnParts)
          .map((sentence) => sentence.text);
      // Langtangen, Finite Difference Computing, pp. 9 and 87.
      expect(
        parts(
          'u0 (tn ) ≈\nun − un−1\n.\ntn − tn−1\n(1.8)\nSince this difference is based on going backward in time (tn−1 ) for\ninformation, it is known as a backward difference.',
        ),
      ).toContain(
        'Since this difference is based on going backward in time (tn−1 ) for information, it is known as a backward difference.',
      );
      expect(
        parts(
          'small ∆t. How small is normally hard to estimate without doing numerical\nestimations of r.\nThe parameter r is known as the convergence rate.',
        ),
      ).toEqual(
        expect.arrayContaining([
          'How small is normally hard to estimate without doing numerical estimations of r.',
          'The parameter r is known as the convergence rate.',
        ]),
      );
      // Levin, Discrete Mathematics, p. 16: "b." is a variable.
      expect(
        parts(
          'There is no x ∈ {1, 2, 3} (the domain) for which g ( x ) = b.\nSo b, which is in the codomain, is not in the range.',
        ),
      ).toContain('So b, which is in the codomain, is not in the range.');
      // OpenStax, Introduction to Political Science, p. 139: an initial is no full stop.
      const name =
        'Case Western Reserve University Professor Robert H. Binstock, a leading researcher on seniors’ voting behaviors, has several suggestions as to why age predicts voting.';
      expect(parts(name)).toEqual([name]);
      const answer = extractiveAnswer('What is the convergence rate?', [
        {
          id: 1,
          source: 'Finite Difference Computing, p. 87',
          text: 'small ∆t. How small is normally hard to estimate without doing numerical\nestimations of r.\nThe parameter r is known as the convergence rate. For example, if\nthe convergence rate is 2, halving ∆t reduces the error by a factor of 4.',
        },
      ]);
      expect(answer.text).toMatch(/^The parameter r is known as the convergence rate\. \[1\]/);
    });

    it('reads a gloss in brackets, "the X of Y is …" and a practice named by its -ing form as definitions (three books)', () => {
      // OpenStax, Introduction to Political Science, p. 135.
      expect(
        definesInBrackets(
          'A 2020 Harvard University study noted that elimination of same-day voter registration, and unchecked gerrymandering (the manipulation of the boundaries of voting districts in order to favor one party over another) all contribute to lowered political participation.',
          'gerrymandering',
        ),
      ).toBe(true);
      // Levin, Discrete Mathematics, pp. 4 and 9: a gloss, and a bracket that adds to the sentence instead.
      expect(
        definesInBrackets('x ∈ N means x is in the set N (the set of natural numbers, starting with 0).', 'n'),
      ).toBe(true);
      expect(
        definesInBrackets(
          'Every element of C is either an element of A or an element of B (or an element of both).',
          'b',
        ),
      ).toBe(false);
      // Langtangen, Finite Difference Computing, p. 22.
      expect(
        definesInBrackets(
          'It is enough that the nominator or the denominator is a real number (i.e., a float object).',
          'real number',
        ),
      ).toBe(true);
      // "The X of Y is …": Levin p. 142 defines; "The permutation is in part (b)" (Levin p. 238) says where it is.
      expect(
        definesBySubject('The contrapositive of an implication P → Q is the statement ¬Q → ¬P.', 'contrapositive'),
      ).toBe(true);
      expect(
        definesBySubject('The permutation is in part (b), while the combination is in part (c).', 'permutation'),
      ).toBe(false);
      // "The X for Y is …": what the term is for comes before its verb too (levin p. 86, langtangen p. 4, openstax p. 276).
      expect(
        definesBySubject(
          'A closed formula for a sequence a0, a1, a2, . . . is a formula for an using a fixed finite number of operations on n.',
          'closed formula',
        ),
      ).toBe(true);
      expect(
        definesBySubject('The time step for the mesh is the constant spacing between the mesh points.', 'time step'),
      ).toBe(true);
      expect(
        definesBySubject(
          'A platform for a political party is the set of positions it runs on in an election.',
          'platform',
        ),
      ).toBe(true);
      expect(definesBySubject('The vote for the new law came late in the session.', 'vote')).toBe(false);
      // An adverb set off before the subject leaves the term the subject: OpenStax p. 365 ("meant"), Langtangen p. 113;
      // Levin p. 69: "there are" after it says how many, not what.
      expect(
        definesBySubject(
          'Originally, common law meant judge-made law that filled in gaps when there was no written law.',
          'common law',
        ),
      ).toBe(true);
      expect(
        definesBySubject(
          'Actually, the process is stochastic when viewed for a single atom, because it is impossible to predict exactly when a particular atom emits a particle.',
          'process',
        ),
      ).toBe(true);
      expect(
        definesBySubject(
          'Similarly, there are 25 functions which exclude b, and another 25 which exclude c.',
          'function',
        ),
      ).toBe(false);
      // A practice asked about by its -ing form is defined, not narrated (three books).
      expect(questionType('What is gerrymandering?')).toBe('definition');
      expect(questionType('What is telescoping?')).toBe('definition');
      expect(questionType('What is refactoring?')).toBe('definition');
      const refactoring = extractiveAnswer('What is refactoring?', [
        {
          id: 1,
          source: 'Finite Difference Computing, p. 155',
          text: 'Refactoring takes time. To restructure the code, without essentially changing the functionality, but just improve the quality of the code, is known as refactoring.',
        },
      ]);
      expect(refactoring.text).toMatch(/is known as refactoring\. \[1\]$/);
      expect(refactoring.text).not.toContain('takes time');
    });
  });

  it('answers "why" with the reason a "this is why" sentence points back at (three books)', () => {
    const cases: Array<[string, string, string]> = [
      // Levin, Discrete Mathematics, p. 157.
      [
        'Why does proof by contradiction work?',
        'If this implication is true, and Q is false, what can we say about ¬P? It\nmust be false as well, which makes P true!\nThis is why proof by contradiction works.',
        'It must be false as well, which makes P true! This is why proof by contradiction works.',
      ],
      // Langtangen, Finite Difference Computing, preface p. iv.
      [
        'Why do we start out with the simple model?',
        'The author believes in the principle simplify, understand,\nand then generalize. That is why we start out with the simple model\nu0 = −au and try to understand how methods are constructed.',
        'The author believes in the principle simplify, understand, and then generalize. That is why we start out with the simple model',
      ],
      // OpenStax, Introduction to Political Science, p. 189.
      [
        'Why do voting rules make constitutional changes subject to supermajority votes?',
        'It is hard to change the\nfoundation because it is meant to be durable, but it is easier to repaint the bedroom because people’s taste in colors can\nchange over the seasons. That is why voting rules typically make constitutional changes subject to supermajority votes\nand laws changeable by a simple majority.',
        'It is hard to change the foundation because it is meant to be durable, but it is easier to repaint the bedroom',
      ],
    ];
    for (const [question, text, reason] of cases) {
      const answer = extractiveAnswer(question, [{ id: 1, source: 'p. 1', text }]);
      expect(answer.answered).toBe(true);
      expect(answer.text.startsWith(reason)).toBe(true);
    }
  });

  it('defines a term named for what the sentence before described, quoting the two together (three books)', () => {
    const cases: Array<[string, string, string]> = [
      // Levin, Discrete Mathematics, p. 193.
      [
        'What is a Hamilton path?',
        'In graph theory terms we are asking whether there is a path which visits every vertex exactly once.\nSuch a path is called a Hamilton path (or Hamiltonian path).',
        'In graph theory terms we are asking whether there is a path which visits every vertex exactly once. Such a path is called a Hamilton path (or Hamiltonian path). [1]',
      ],
      // Langtangen, Finite Difference Computing, p. 113.
      [
        'What is radioactive decay?',
        'An atomic nucleus of an unstable atom may lose energy by emitting\nionizing particles and thereby be transformed to a nucleus with a different\nnumber of protons and neutrons. This process is known as radioactive\ndecay.',
        'An atomic nucleus of an unstable atom may lose energy by emitting ionizing particles and thereby be transformed to a nucleus with a different number of protons and neutrons. This process is known as radioactive decay. [1]',
      ],
      // OpenStax, Introduction to Political Science, p. 273: the definition comes first, though the next sentence
      // holds the question's words more closely ("call a snap election").
      [
        'What is a snap election?',
        'In Britain, the prime minister can call an election at will. These are called snap elections. A prime minister might call a snap election on the back of good news, for example, in order to bolster his or her majority within the Parliament.',
        'In Britain, the prime minister can call an election at will. These are called snap elections. [1]',
      ],
    ];
    for (const [question, text, definition] of cases) {
      const answer = extractiveAnswer(question, [{ id: 1, source: 'p. 1', text }]);
      expect(answer.answered).toBe(true);
      expect(answer.text.startsWith(definition)).toBe(true);
    }
    // Langtangen, Finite Difference Computing, p. 56: named, without "is".
    expect(
      namesTerm(
        'One can bring the present model problem on dimensionless form through a process called scaling.',
        'scaling',
      ),
    ).toBe(true);
    // OpenStax, Introduction to Political Science, p. 373: "called for" is a summons, not a name.
    expect(namesTerm('What should you expect if you are called for jury duty?', 'jury duty')).toBe(false);
  });

  describe('what a textbook says of a law, a theory or a term of something (three books)', () => {
    const page = (id: number, source: string, lines: string[]) => ({ id, source, text: lines.join('\n') });

    it('reads "What does X say (about Y)?" as asking for the statement of X, however the book words it', () => {
      // Levin, Discrete Mathematics, p. 23: the principle is the subject of "states that".
      const counting = extractiveAnswer('What does the additive principle say?', [
        page(1, 'Discrete Mathematics, p. 23', [
          'Additive Principle',
          'The additive principle states that if event A can occur in m ways, and event B can occur',
          'in n disjoint ways, then the event “A or B” can occur in m + n ways.',
          'It is important that the events be disjoint. For example, a standard deck of 52 cards',
          'contains 26 red cards and 12 face cards.',
        ]),
      ]);
      expect(counting.answered).toBe(true);
      expect(counting.text).toMatch(/^The additive principle states that if event A can occur in m ways/);
      // Langtangen, Finite Difference Computing, p. 141: what the law is of and applied to stands before "says".
      const motion = extractiveAnswer("What does Newton's second law say about a falling body?", [
        page(1, 'Finite Difference Computing, p. 141', [
          '4.11.2 Equation of motion',
          'All the mentioned forces act in the vertical direction. Newton’s second',
          'law of motion applied to the body says that the sum of these forces',
          'must equal the mass of the body times its acceleration a in the vertical',
          'direction. We consider a body falling through air.',
        ]),
      ]);
      expect(motion.answered).toBe(true);
      expect(motion.text).toMatch(
        /^Newton's second law of motion applied to the body says that the sum of these forces/,
      );
      // OpenStax, Introduction to Political Science, p. 489: "posits", with a note's number against the theory's name;
      // what it is said about (the international system) is on the page.
      const politics = extractiveAnswer('What does constructivism say about the international system?', [
        page(1, 'Political Science, p. 489', [
          'Constructivism',
          'The international system is both fragile and highly changeable. The anarchic nature of the system means that there is no',
          'centralized enforcement mechanism that can coerce states to act in a generally accepted manner.',
          'Constructivism47 posits that shared conceptions of the world, how the world works, what constitutes power, and who',
          'holds that power result in shared norms—expected patterns of behavior that align with the expectations and behavior',
          'patterns of others.',
        ]),
      ]);
      expect(politics.answered).toBe(true);
      expect(politics.text).toMatch(/^Constructivism posits that shared conceptions of the world/);
      expect(questionType('What does constructivism say about the international system?')).toBe('definition');
    });

    it('takes "according to X, …" as what a theory X holds, not what a formula or a worked answer gives', () => {
      // OpenStax, Introduction to Political Science, p. 402.
      const media = extractiveAnswer('What is agenda-setting theory?', [
        {
          id: 1,
          source: 'Political Science, p. 402',
          text:
            'Related to the idea that the media in large part decides what is a good news story is the concept of the ' +
            "media's gatekeeping role and its agenda-setting powers. In other words, according to agenda-setting theory, " +
            'the media decides both what to ignore or filter out and what to show the public.',
        },
      ]);
      expect(media.answered).toBe(true);
      expect(media.text).toMatch(/^In other words, according to agenda-setting theory, the media decides/);
      // OpenStax p. 17: a school of thought.
      expect(
        saysWhatItHolds(
          'According to normative political science, a person should behave in ways that benefit society and do not harm it.',
          'normative political science',
        ),
      ).toBe(true);
      // Langtangen, Finite Difference Computing, p. 93: a formula follows, no term.
      expect(
        saysWhatItHolds('The previous un value is adjusted according to un ← un + γ(un−1 − 2un + un+1).', 'un'),
      ).toBe(false);
      // Levin, Discrete Mathematics, p. 269 (a solution): what the formula gives for one graph, no statement of it.
      expect(saysWhatItHolds("According to Euler's formula it would have 2 faces.", "euler's formula")).toBe(false);
    });

    it('answers a law stated in symbols, without a defining verb (Levin p. 141)', () => {
      const laws = extractiveAnswer("What do De Morgan's laws say?", [
        page(1, 'Discrete Mathematics, p. 141', [
          'Now let’s see how negation plays with conjunctions and disjunctions.',
          'De Morgan’s Laws',
          '¬(P ∧ Q ) is logically equivalent to ¬P ∨ ¬Q.',
          '¬(P ∨ Q ) is logically equivalent to ¬P ∧ ¬Q.',
        ]),
      ]);
      expect(laws.answered).toBe(true);
      expect(laws.text).toContain('¬(P ∧ Q ) is logically equivalent to ¬P ∨ ¬Q.');
    });

    it('answers "What is the X of Y?" by the sentence naming X, when the page speaks of Y', () => {
      const cases: Array<[string, string, string]> = [
        // Levin, Discrete Mathematics, p. 14.
        [
          'What is the domain of a function?',
          'A function is a rule that assigns each input exactly one output. The set of all inputs for a function is called the domain. The set of all allowable outputs is called the codomain.',
          'The set of all inputs for a function is called the domain.',
        ],
        // Langtangen, Finite Difference Computing, p. 128: "the so-called" names it.
        [
          'What is the terminal velocity of a falling body?',
          'We consider a body falling through a fluid. An interesting aspect of (4.42) and (4.45) is whether v will approach a final constant value, the so-called terminal velocity vT , as t → ∞. A constant v means that v′(t) → 0 as t → ∞.',
          'An interesting aspect of (4.42) and (4.45) is whether v will approach a final constant value, the so-called terminal velocity vT, as t → ∞.',
        ],
        // OpenStax, Introduction to Political Science, p. 275.
        [
          'What is the voter turnout of an election?',
          'Who Participates in Elections?\nThe number of eligible voters who cast a ballot in an election is referred to as voter turnout. Note that there is a difference between eligible voters and registered voters.',
          'The number of eligible voters who cast a ballot in an election is referred to as voter turnout.',
        ],
      ];
      for (const [question, text, answer] of cases) {
        const found = extractiveAnswer(question, [{ id: 1, source: 'p. 1', text }]);
        expect(found.answered).toBe(true);
        expect(found.text.startsWith(answer)).toBe(true);
      }
      // What the term is of must be on the page: the boiling point of nitrogen is not a page's boiling point of water.
      expect(
        extractiveAnswer('What is the boiling point of nitrogen?', [
          { id: 1, source: 'p. 1', text: 'The temperature at which water boils is called the boiling point.' },
        ]).answered,
      ).toBe(false);
    });

    it('leads with a sentence holding the whole question over one holding more of its word pairs', () => {
      // OpenStax, Introduction to Political Science, p. 328.
      const confidence = extractiveAnswer('What happens if a government loses a vote of no confidence?', [
        page(1, 'Political Science, p. 328', [
          'A majority is needed to pass a vote of no confidence.',
          'If the government loses the vote, one of two things happens: either a new government is formed, or elections take place.',
        ]),
        page(2, 'Political Science, p. 337', ['Prime ministers can count on the loyalty of party members.']),
      ]);
      expect(confidence.text).toMatch(/^If the government loses the vote, one of two things happens/);
      // Levin, Discrete Mathematics, p. 193.
      const degrees = extractiveAnswer('What happens if a graph has a vertex of odd degree?', [
        page(1, 'Discrete Mathematics, p. 193', [
          'You run into a similar problem whenever you have a vertex of any odd degree. If you',
          'start at such a vertex, you will not be able to end there. A vertex of odd degree can be a start or an end.',
        ]),
        page(2, 'Discrete Mathematics, p. 193', [
          'Thus if one vertex has odd degree, the graph cannot have an Euler circuit.',
        ]),
      ]);
      expect(degrees.text).toMatch(/^Thus if one vertex has odd degree, the graph cannot have an Euler circuit\./);
      // Langtangen, Finite Difference Computing, pp. 79 and 91: the sentence naming both kinds of scheme answers,
      // though the first by score names one.
      const schemes = extractiveAnswer('What is the difference between an explicit and an implicit scheme?', [
        page(1, 'Finite Difference Computing, p. 91', [
          'Note that with the Forward',
          'Euler scheme (θ = 0) we do not have to deal with nonlinear equations,',
          'because in that case we have an explicit updating formula for un+1 . This',
          'is known as an explicit scheme. With θ 6= 1 we have to solve (systems of)',
          'algebraic equations, and the scheme is said to be implicit.',
        ]),
        page(2, 'Finite Difference Computing, p. 79', [
          'Among numerical methods, we treat implicit multi-step methods,',
          'and several families of explicit methods: Leapfrog schemes, Runge-Kutta',
          'methods, and Adams-Bashforth formulas.',
        ]),
      ]);
      expect(schemes.answered).toBe(true);
    });

    it('reads a note number printed against a word as no part of it, and keeps names ending in digits', () => {
      const sentences = passageSentences([
        // OpenStax p. 489, Langtangen p. 170, Levin p. 179.
        {
          id: 1,
          source: 'p. 1',
          text: 'Constructivism47 posits that shared conceptions of the world result in shared norms.',
        },
        {
          id: 2,
          source: 'p. 2',
          text: 'Running a program prog.py as python prog.py arg1 arg2 means that there are two arguments.',
        },
        { id: 3, source: 'p. 3', text: 'So assume that K5 is planar. Then the graph must satisfy Euler’s formula.' },
      ]).map((sentence) => sentence.text);
      expect(sentences).toContain('Constructivism posits that shared conceptions of the world result in shared norms.');
      expect(sentences.join(' ')).toContain('arg1 arg2');
      expect(sentences.join(' ')).toContain('K5 is planar');
    });
  });

  it('drops citations of passages that were not given and quotes the sentence each claim relies on', () => {
    const grounded = groundAnswer(
      'Plants make food in their leaves [1]. Chlorophyll catches light [2][5]. Stars shine [9].',
      passages,
    );
    expect(grounded.text).toBe('Plants make food in their leaves [1]. Chlorophyll catches light [2]. Stars shine.');
    expect(grounded.citations).toEqual([
      { passage: 1, quote: 'Plants make food from light in their leaves.' },
      { passage: 2, quote: 'Leaves hold chlorophyll, which catches light so plants can make food.' },
    ]);
  });
});
