import { definesBySubject, extractiveAnswer, groundAnswer } from './grounded-answer.js';

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
