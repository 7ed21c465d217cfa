import {
  opensOnContext,
  quotesFormula,
  hasBrokenFormula,
  markUnmappedGlyphs,
  hygieneReport,
  leadingConnective,
  looksLikeTableRow,
  needsAntecedent,
  normaliseReaderText,
  repairSentence,
  sentenceProblem,
} from './sentence-hygiene.js';

// Fragments the offline engine emitted for a grammar textbook (issue #17), verbatim.
describe('sentence hygiene', () => {
  it("drops an admonition's label before its sentence (Network UPS Tools user manual, p. 70)", () => {
    expect(repairSentence('Note: both developers and users are welcome to report new data for the library.')).toBe(
      'Both developers and users are welcome to report new data for the library.',
    );
  });

  it('repairs an orphan closing bracket at the end of a sentence', () => {
    expect(repairSentence('Car is the direct object and is receiving the action of the verb drove.)')).toBe(
      'Car is the direct object and is receiving the action of the verb drove.',
    );
    expect(repairSentence('Down is not a direct object.)')).toBe('Down is not a direct object.');
  });

  it('closes speech that runs on into the next sentence, and drops an orphan opening quote', () => {
    // Alice's Adventures in Wonderland, p. 34: "… and that's why. Pig!'" is one speech over two sentences.
    expect(repairSentence("'It's a Cheshire cat,' said the Duchess, 'and that's why.")).toBe(
      "'It's a Cheshire cat,' said the Duchess, 'and that's why.'",
    );
    expect(repairSentence('"Come in," she said, "the door is open.')).toBe('"Come in," she said, "the door is open."');
    expect(repairSentence('" The search returned three results for the word.')).toBe(
      'The search returned three results for the word.',
    );
  });

  it('unwraps a sentence written wholly in parentheses', () => {
    expect(repairSentence('(Book is the direct object.)')).toBe('Book is the direct object.');
  });

  it('drops the label of the example before ("(habitual action) Past tense …")', () => {
    expect(repairSentence('(habitual action) Past tense verbs show action that happened in the past.')).toBe(
      'Past tense verbs show action that happened in the past.',
    );
    expect(repairSentence('(Past tense of the verb lie) Fred is lying on the couch.')).toBe(
      'Fred is lying on the couch.',
    );
  });

  it('never emits a table row', () => {
    const row =
      'Present Past Present Past Participle Participle Lie (Intransitive) No Direct lie lay lying lain Object Lay (Transitive) Direct lay laid.';
    expect(looksLikeTableRow(row)).toBe(true);
    expect(repairSentence(row)).toBeNull();
    expect(sentenceProblem('Lie Intransitive No Direct Object Present Past Participle lie lay lain is here.')).toBe(
      'table-row',
    );
  });

  it('keeps a sentence with a list in brackets', () => {
    const sentence = 'All forms of the verb be are linking verbs (is, am, are, was, were, and has been).';
    expect(sentenceProblem(sentence)).toBeNull();
    expect(repairSentence(sentence)).toBe(sentence);
  });

  it('rejects fragments: lower-case starts, no end, too short, unbalanced brackets', () => {
    expect(sentenceProblem('them, we borrow the idea from the next page.')).toBe('bad-start');
    expect(sentenceProblem('e.g. the values of the mesh function at each point.')).toBe('bad-start');
    // A program's or a file's name opens a sentence as the book spells it (langtangen, svn book, levin's code).
    expect(sentenceProblem('sys.argv[0] is always the name of the program that runs.')).toBeNull();
    expect(sentenceProblem('decay_mod.py holds the solver and its tests.')).toBeNull();
    expect(sentenceProblem('The direct object of the verb refused')).toBe('bad-end');
    expect(sentenceProblem('It is here.')).toBe('too-short');
    // The Art of Public Speaking, p. 33: a practice passage marked up in capitals; acronyms are no such thing.
    expect(
      sentenceProblem(
        'BECAUSE, WHILE RUFUS CHOATE GETS FIVE THOUSAND DOLLARS FOR MAKING ONE ARGUMENT TO A JURY, there is no need of moving for him.',
      ),
    ).toBe('capitals');
    expect(sentenceProblem('The NUT UPS USB HID driver talks to the UPS over USB.')).toBeNull();
    expect(sentenceProblem('It is the direct object of the verb refused.)')).toBe('unbalanced-brackets');
    expect(sentenceProblem('He said "stop and wait for me.')).toBe('unbalanced-quotes');
    expect(sentenceProblem("'No good can ever come of falsehood, mother,' she said.")).toBeNull();
    expect(sentenceProblem("'I wonder if I shall fall right through the earth!")).toBe('unbalanced-quotes');
  });

  it('rejects a clause with no main clause (Debian Developer’s Reference, pp. 30 and 54)', () => {
    expect(sentenceProblem('When bugs are closed by new uploads.')).toBe('no-main-clause');
    expect(sentenceProblem('NMUs, especially if there has been more than one NMU in a row.')).toBe('no-main-clause');
    expect(repairSentence('When bugs are closed by new uploads.')).toBeNull();
    // The main clause after a comma or "then", and a question, are whole.
    expect(sentenceProblem('When bugs are closed by new uploads, the submitter is told by mail.')).toBeNull();
    expect(sentenceProblem('If the package is orphaned then anyone may adopt it.')).toBeNull();
    expect(sentenceProblem('When should I close a bug that my upload fixes?')).toBeNull();
  });

  it('rejects captions, code and page furniture', () => {
    expect(sentenceProblem('Figure 3.2: The repository layout of a typical project.')).toBe('caption');
    expect(sentenceProblem('Then run svn commit --message fix && echo done.')).toBe('code');
    expect(sentenceProblem('Independent clause + comma + FANBOYS + independent clause = compound sentence.')).toBe(
      'code',
    );
    expect(sentenceProblem('Copyright © 2019 by the authors and all of their friends.')).toBe('page-furniture');
  });

  it('drops a manual page’s headings glued to their text (Version Control with Subversion, p. 355)', () => {
    expect(sentenceProblem('Name svnadmin create — Create a new, empty repository.')).toBe('page-furniture');
    expect(
      sentenceProblem('Synopsis svnadmin create REPOS_PATH Create a new, empty repository at the path provided.'),
    ).toBe('page-furniture');
    expect(
      sentenceProblem(
        'While svnadmin create will create the base directory for a new repository, it will not create intermediate directories.',
      ),
    ).toBeNull();
    expect(
      sentenceProblem(
        '6-compatible Creating a new repository is this easy: $ cd /var/svn $ svnadmin create repos $ In Subversion 1.0, a Berkeley DB repository is always created.',
      ),
    ).toBe('code');
  });

  it('rejects a statement cut off after a preposition or article, and flattened table cells', () => {
    // Network UPS Tools user manual, p. 70; The Art of Public Speaking, p. 31.
    expect(
      sentenceProblem(
        'Data dumps collected by the tools above, or by upsc client, or by drivers in exploratory data-dumping mode (with -d 1 argument), can be compared by.',
      ),
    ).toBe('bad-end');
    expect(sentenceProblem('(High pitch) | | I do not know.')).toBe('table-row');
    expect(sentenceProblem('What is the bottle made of?')).toBeNull();
    expect(sentenceProblem('Prepositions show where a thing is in time or space.')).toBeNull();
  });

  it('strips a heading glued to the sentence under it', () => {
    expect(repairSentence('Clauses A clause is a group of words with a subject and a verb.')).toBe(
      'A clause is a group of words with a subject and a verb.',
    );
    expect(repairSentence('Conjunctive Adverbs Conjunctive adverbs are another way to join clauses.')).toBe(
      'Conjunctive adverbs are another way to join clauses.',
    );
    expect(repairSentence('Sherlock Holmes and Watson went to the station that night.')).toBe(
      'Sherlock Holmes and Watson went to the station that night.',
    );
    // The Art of Public Speaking, pp. 29 and 53: a title-case heading with its small words low.
    expect(
      repairSentence(
        'Pause Enables the Mind of the Speaker to Gather His Forces Before Delivering the Final Volley It is often dangerous to rush into battle.',
      ),
    ).toBe('It is often dangerous to rush into battle.');
    expect(
      repairSentence(
        "Continual Change of Pitch is Nature's Highest Method In our search for the principles of efficiency we go back to nature.",
      ),
    ).toBe('In our search for the principles of efficiency we go back to nature.');
    expect(repairSentence('The Bank of England and the Royal Mint In London were both closed that day.')).toBe(
      'The Bank of England and the Royal Mint In London were both closed that day.',
    );
  });

  it('finds pronouns whose antecedent is missing', () => {
    expect(needsAntecedent('This means that the verb needs an object.')).toBe(true);
    expect(needsAntecedent('It does not need a direct object in order to make sense.')).toBe(true);
    expect(needsAntecedent('Instead, they help other verbs form verb phrases.')).toBe(true);
    expect(needsAntecedent('When that happens, it is called a conjunctive adverb.')).toBe(true);
    expect(needsAntecedent('Repeat the following, after a deep inhalation.')).toBe(false);
    expect(needsAntecedent('Repeat the following.')).toBe(true);
    expect(needsAntecedent('It is important to capitalize proper nouns.')).toBe(false);
    expect(needsAntecedent('This chapter explains how verbs work.')).toBe(false);
    // The War of the Worlds, p. 41: "that" is the advance the sentence before told of.
    expect(needsAntecedent('After that they returned to lead that ill-fated advance.')).toBe(true);
    expect(needsAntecedent('Because of this, the verb takes no object.')).toBe(true);
    expect(needsAntecedent('After that night the Martians came no nearer.')).toBe(false);
    // The svn book, p. xiii: a connective set off after the subject, and "these" before a noun not yet named.
    expect(needsAntecedent('Subversion, however, is a free version control system.')).toBe(true);
    expect(leadingConnective('Subversion, however, is a free version control system.')).toEqual({
      kind: 'linking',
      rest: 'Subversion is a free version control system.',
    });
    expect(needsAntecedent('Subversion is not one of these systems.')).toBe(true);
    expect(needsAntecedent('Some systems track files, and these systems are called version control systems.')).toBe(
      false,
    );
    expect(needsAntecedent('Those who stop obey orders.')).toBe(false);
    // The War of the Worlds, "The Earth Under the Martians": a summary opened with "But the Martians …".
    expect(needsAntecedent('But the Martians had no resistance to our microscopic allies.')).toBe(true);
    expect(leadingConnective('But the Martians had no resistance to our microscopic allies.')).toEqual({
      kind: 'additive',
      rest: 'The Martians had no resistance to our microscopic allies.',
    });
    expect(needsAntecedent('Butter is made from cream.')).toBe(false);
    // The Art of Public Speaking, "Efficiency Through Change of Pitch": the reader's tasks on material not in the notes.
    expect(needsAntecedent('Repeat this, first in the pitches indicated, and then all in the one pitch.')).toBe(true);
    expect(needsAntecedent('You know this to be true, for you have recognized self-love in others.')).toBe(true);
    expect(needsAntecedent('Read the following selection in a nonchalant manner.')).toBe(true);
    expect(needsAntecedent('Read the selections on pages 34, 35 and 36, paying attention to pitch.')).toBe(true);
    expect(needsAntecedent('The following year the firm opened a second office.')).toBe(false);
    // The War of the Worlds, "The Epilogue", p. 287 and p. 289.
    expect(needsAntecedent('Probable as this seems, it is by no means a proven conclusion.')).toBe(true);
    expect(needsAntecedent('In that case the cylinder might be destroyed with dynamite.')).toBe(true);
    expect(needsAntecedent('In any case, we should be prepared for another attack.')).toBe(false);
    expect(needsAntecedent('Remember that in natural conversation you think of an idea first.')).toBe(false);
    expect(needsAntecedent('Many of these ideas will be amplified in later chapters.')).toBe(true);
  });

  it('shows text as the reader sees it: joined hyphenation, plain quotes, check marks kept', () => {
    expect(normaliseReaderText('The particu- lars of the case were “odd”.')).toBe(
      'The particulars of the case were "odd".',
    );
    // The War of the Worlds, p. 149: a compound broken at its own hyphen keeps it.
    expect(normaliseReaderText('the huge wave, well-nigh at the boiling- point had rushed upon me')).toBe(
      'the huge wave, well-nigh at the boiling-point had rushed upon me',
    );
    expect(normaliseReaderText('some- thing')).toBe('something');
    expect(normaliseReaderText('pre- and post-war')).toBe('pre- and post-war');
    // SQuALITY dev, "Brevet Lieutenant Commander…": a space before the full stop.
    expect(
      normaliseReaderText('He had been with her a full year, which was a record for Execs on the Aphrodite .'),
    ).toBe('He had been with her a full year, which was a record for Execs on the Aphrodite.');
    expect(repairSentence('✓ Capitalize the first word of a quotation.')).toBe(
      '✓ Capitalize the first word of a quotation.',
    );
    expect(repairSentence('✗ do not type documents in all capital letters.')).toBeNull();
  });

  it('reports the share of sentences that pass', () => {
    const report = hygieneReport(['A noun names a person, place or thing.', 'Down is not a direct object.)']);
    expect(report).toMatchObject({ total: 2, passed: 1 });
    expect(report.failures[0]!.problem).toBe('unbalanced-brackets');
  });

  it('drops a sentence that leans on a figure, and strips a pointer it reads fine without (gpredict manual)', () => {
    expect(
      sentenceProblem('The map view on figure TBD shows sample, since this is the name of the default ground station.'),
    ).toBe('figure-reference');
    expect(sentenceProblem('Figure 4.5 shows a screen capture of the single-satellite view.')).not.toBeNull();
    expect(repairSentence('As you can see on figure 4.2, satellite AO-51 is drawn in white instead of yellow.')).toBe(
      'Satellite AO-51 is drawn in white instead of yellow.',
    );
    expect(repairSentence('The footprint is the area where the satellite is visible (see Figure 4.2).')).toBe(
      'The footprint is the area where the satellite is visible.',
    );
    expect(sentenceProblem('The table of contents lists every chapter of the manual.')).toBeNull();
  });

  it('drops a page number or footnote mark left before a sentence (Gutenprint manual, p. 27)', () => {
    expect(
      repairSentence('26 If you wish to print to a printer that is not on the list, select Adobe PostScript Level 2.'),
    ).toBe('If you wish to print to a printer that is not on the list, select Adobe PostScript Level 2.');
    expect(repairSentence('5 Actually, the NASA two-line format contains three lines for each satellite.')).toBe(
      'Actually, the NASA two-line format contains three lines for each satellite.',
    );
    expect(repairSentence('3 Satellites were launched from the same rocket last year.')).toBe(
      '3 Satellites were launched from the same rocket last year.',
    );
  });

  // Worked steps whose formula the text layer broke, as the ingestion gives them (the corpus's textbooks).
  it('rejects a sentence whose formula lost a symbol: an operator without an operand, a blank, operands side by side', () => {
    const broken = [
      // levin, Discrete Mathematics, pp. 3, 8, 27, 32, 34: the text layer drops every "=".
      'Consider, A {1, 2, 3}.',
      'Since 38 − 23 15, we can conclude that the cardinality of the set is |A| 16 (you need to add one since 23 is included).',
      'Suppose we want to find |A ∪ B| and know that |A| 10 and |B| 8.',
      'The multiplicative principle would say then that there are a total of 5 · 4 · 3 60 ways to select the 3 element subset.',
      'For the set A {1, 2, 3, 4, 5} we would use 5-bit strings, one bit for each element of A.',
      'The converse is true: the only number which when multiplied by any other number gives 0 is x 0.',
      // langtangen, Finite Difference Computing, pp. 9, 136: a fraction flattened, its bar and numerator elsewhere.
      'Another alternative is un − un−1 u0(tn) ≈ .',
      'We find that 1 − (1 − θ)k∆t A = .',
      // The examples: a fraction dropped between two operators, a blank where a symbol stood.
      'The t-statistics test will be t = = −2.2.',
      'The sample mean is , which is close to the population mean.',
    ];
    for (const sentence of broken) {
      expect({ sentence, broken: hasBrokenFormula(sentence) }).toEqual({ sentence, broken: true });
      expect(repairSentence(sentence)).toBeNull();
    }
  });

  it('keeps whole formulas, sets, ellipses in quotations, years and chemistry', () => {
    const whole = [
      // levin pp. 9, 258
      'A ∩ B is a set, while A ⊆ B is true or false.',
      'Any set with 1 element {a} has exactly 2 subsets: the empty set and the set itself.',
      // langtangen pp. 4, 8
      'We shall present the finite difference schemes for a uniform point distribution tn = n∆t, where ∆t is the constant spacing between the mesh points.',
      'This error, en = un − ue(tn), is known as the global error.',
      // openstax Introduction to Political Science pp. 42, 200, 408
      'Still, King was hopeful that “we will be able to . . . achieve the ideal, the goal of the new age, the age of social justice.”',
      'This map shows per capita CO2 emissions across countries in 2018.',
      'John Locke (1632–1704) seized on Hobbes’s concepts of the state of nature and a social contract among people.',
      'The vote was 5 − 4 in favour of the plaintiff, as the court had ruled in 1973.',
      'Each party gets a vote, and the committee needs a 2.',
    ];
    for (const sentence of whole)
      expect({ sentence, broken: hasBrokenFormula(sentence) }).toEqual({ sentence, broken: false });
  });

  it('knows for certain a sentence whose PDF drew a symbol without naming its character', () => {
    // levin p. 88 ("an = n + 3": the font's "=" has no character) and langtangen p. 15 ("∆t ≪ 1"), read through
    // pdf.js (a control character) or pdftohtml (an empty string, kept as the replacement character).
    const lost = [
      markUnmappedGlyphs(
        'Note that now we can guess a closed formula for the nth term of the sequence: an \u0003 n + 3.',
      ),
      'Suppose ∆t is a small quantity (∆t \uFFFD 1), which means that higher powers of ∆t are smaller.',
    ];
    for (const sentence of lost) {
      expect(hasBrokenFormula(sentence)).toBe(true);
      expect(sentenceProblem(sentence)).toBe('broken-formula');
    }
    // A tab or a line break is whitespace, not a lost symbol (openstax p. 42).
    const plain = markUnmappedGlyphs('Still, King was hopeful\tabout the\nage of social justice.');
    expect(hasBrokenFormula(plain)).toBe(false);
  });

  it("drops a footnote's number run into a sentence's first word and rejects a section number glued to its end", () => {
    // levin p. 25; langtangen p. 175; openstax p. 70 (their notes' first words, as the text layer runs them in).
    expect(repairSentence('1To solve this problem, you could break into two cases.')).toBe(
      'To solve this problem, you could break into two cases.',
    );
    expect(repairSentence('13Throughout this book we use the expression method for functions in classes.')).toBe(
      'Throughout this book we use the expression method for functions in classes.',
    );
    expect(sentenceProblem('When you create a new object you get two objects: 10.1.1.')).toBe('glued-number');
    // A value after a colon is no section number.
    expect(sentenceProblem('Use a drag coefficient for a sphere: 0.45.')).toBeNull();
  });
});

describe(opensOnContext.name, () => {
  it('finds sentences tied by their first words to the text around them (three books)', () => {
    const tied = [
      'Then you would just have 5-bit strings of weight 3.',
      'So far, so good, but you must check the other three edges.',
      'Below you reason intuitively about an ODE for the mean behavior.',
      'Before you turn to the applications you take a brief look at the technique of scaling.',
      'So it is in politics.',
      'Here is a technique that allows you to find the sum of an arithmetic sequence.',
      // "Doing so" stands for what the sentence before did (levin, langtangen, openstax).
      'Doing so is called solving a recurrence relation.',
      'Doing so removes the round-off error from the computed solution.',
      'Doing so allows interest groups to pool their resources.',
      // An item of a count the sentence does not show (langtangen, openstax, levin).
      'Fourth, model errors are the most challenging type of error to deal with.',
      'Second, interest groups provide information to legislators.',
      'Finally, the sum of the degrees of all vertices is even.',
      // In place of what the sentence before said (levin p. 132, langtangen, openstax).
      'Instead we will look at the logical form of the statement.',
      'Instead, we compute the error only at the mesh points.',
      'Instead, the party leaders chose a new candidate.',
      // The end the sentence before named (langtangen p. 53, levin, openstax).
      'To this end, we shall investigate the properties of the mathematical formula for the solution.',
      'To that end, we count the subsets of each size separately.',
      'To this end, the party built a network of local offices.',
    ];
    for (const sentence of tied) expect(opensOnContext(sentence)).toBe(true);
  });

  it('leaves sentences that only start with such a word', () => {
    const alone = [
      'Above all else, states must act to protect their sovereignty.',
      'Sovereignty is the ability of a state to chart its own path.',
      'Thence the name.',
      'Nowadays most meshes are uniform.',
      'Sometimes a graph has no cycles.',
      'Doing mathematics means proving statements.',
      'Second-order schemes are more accurate than first-order ones.',
      'Finality of a court decision matters for the parties.',
      'Instead-of clauses are rare in this language.',
    ];
    for (const sentence of alone) expect(opensOnContext(sentence)).toBe(false);
  });
});

describe(quotesFormula.name, () => {
  it('finds a claim stated in a formula (discrete maths, numerical methods), not prose with numbers', () => {
    expect(quotesFormula('Suppose ad ≡ bd (mod n).')).toBe(true);
    expect(quotesFormula('For sure χ ≥ 5, since there is a vertex of degree 5.')).toBe(true);
    expect(quotesFormula('The scheme is stable for ∆t ≤ 2/a.')).toBe(true);
    expect(quotesFormula('In 1966 the UN General Assembly adopted two covenants.')).toBe(false);
  });
});
