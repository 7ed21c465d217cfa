import { definesBySubject, extractiveAnswer, groundAnswer, questionType } from './answers.js';

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
    // Real sentences of Kuhlmann, Grammar Matters, pp. 26 and 44 (the grammar textbook).
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
