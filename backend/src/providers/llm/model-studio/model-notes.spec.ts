import { renderNotesMarkdown } from '../../../study-kit/index.js';
import { checkModelExplanation, checkModelNotes, type ModelNotes } from './model-notes.js';

const labels = new Set(['36', '37', '38']);

function notes(overrides: Partial<ModelNotes> = {}): ModelNotes {
  return {
    kind: 'non-fiction',
    overview: [
      { text: 'Verbs show action or a state of being.', page: '36' },
      { text: 'Every sentence needs at least one verb.', page: '37' },
    ],
    key_points: [
      { text: 'Past tense verbs show action that happened in the past (p. 37).', page: 'p. 37' },
      { text: 'Linking verbs join the subject to a word that describes it.', page: '38' },
    ],
    key_terms: [
      {
        term: 'Direct object',
        definition: 'A direct object is a noun that receives the action of the verb.',
        page: '38',
      },
    ],
    characters: [],
    ...overrides,
  };
}

describe('model notes', () => {
  it('renders checked notes with the offline renderer: overview, cited key points and key terms', () => {
    const checked = checkModelNotes(notes(), labels)!;
    expect(renderNotesMarkdown(checked)).toBe(
      'Verbs show action or a state of being. (p. 36) Every sentence needs at least one verb. (p. 37)\n\n' +
        '### Key points\n\n' +
        '- Past tense verbs show action that happened in the past. (p. 37)\n' +
        '- Linking verbs join the subject to a word that describes it. (p. 38)\n\n' +
        '### Key terms\n\n' +
        '- **Direct object**: A direct object is a noun that receives the action of the verb. (p. 38)',
    );
  });

  it('drops lines citing a page outside the chapter', () => {
    const checked = checkModelNotes(
      notes({ key_points: [{ text: 'Adverbs modify verbs, adjectives and other adverbs.', page: '212' }] }),
      labels,
    )!;
    expect(checked.keyPoints).toEqual([]);
    expect(checked.overview).toHaveLength(2);
  });

  it('drops fragments the offline sentence rules refuse and repairs an orphan bracket', () => {
    const checked = checkModelNotes(
      notes({
        key_points: [
          { text: 'Car is the direct object and is receiving the action of the verb drove.)', page: '37' },
          { text: 'and the verb be', page: '37' },
          { text: 'Present Past Participle Lie lay lain', page: '37' },
          { text: 'It does not need a direct object in order to make sense.', page: '38' },
        ],
      }),
      labels,
    )!;
    expect(checked.keyPoints.map((line) => line.text)).toEqual([
      'Car is the direct object and is receiving the action of the verb drove.',
    ]);
  });

  it('never says a sentence twice', () => {
    const checked = checkModelNotes(
      notes({ key_points: [{ text: 'Verbs show action or a state of being.', page: '36' }] }),
      labels,
    )!;
    expect(checked.keyPoints).toEqual([]);
  });

  it('keeps characters, not key terms, for fiction', () => {
    const checked = checkModelNotes(
      notes({
        kind: 'fiction',
        characters: [
          { name: 'Lucy Ferrier', description: 'Lucy Ferrier is the girl John Ferrier adopts.', page: '37' },
        ],
      }),
      labels,
    )!;
    expect(checked.keyTerms).toEqual([]);
    expect(renderNotesMarkdown(checked)).toContain(
      '### Characters\n\n- **Lucy Ferrier**: Lucy Ferrier is the girl John Ferrier adopts. (p. 37)',
    );
    expect(renderNotesMarkdown(checked)).toContain('### What happens');
  });

  it('opens with the first key points when the overview sentences were dropped', () => {
    const checked = checkModelNotes(
      notes({
        overview: [{ text: 'Chapter 3 Verbs Verbs show action or a state of being.', page: '36' }],
        key_points: [...notes().key_points, { text: 'Helping verbs come before the main verb.', page: '38' }],
      }),
      labels,
    )!;
    expect(checked.overview.map((line) => line.text)).toEqual([
      'Past tense verbs show action that happened in the past.',
      'Linking verbs join the subject to a word that describes it.',
    ]);
    expect(checked.keyPoints.map((line) => line.text)).toEqual(['Helping verbs come before the main verb.']);
  });

  it('refuses notes with nothing readable left', () => {
    expect(
      checkModelNotes(notes({ overview: [{ text: 'verbs and such', page: '36' }], key_points: [] }), labels),
    ).toBeNull();
    expect(
      checkModelNotes(
        notes({
          overview: [{ text: 'Verbs are the words of action.', page: '99' }],
          key_points: [{ text: 'Linking verbs join the subject to a word that describes it.', page: '38' }],
        }),
        labels,
      ),
    ).toBeNull();
  });
});

describe('model explanations', () => {
  it('drops fragments and a dangling first sentence, keeps citations, cites the span when none is given', () => {
    expect(
      checkModelExplanation(
        'It is the direct object of the verb refused.) A direct object gets the action (p. 40). Down is not one.) ' +
          'You kick the ball, so the ball is the direct object (p. 41).',
        '(pp. 40–41)',
      ),
    ).toBe(
      'A direct object gets the action (p. 40). Down is not one. You kick the ball, so the ball is the direct object (p. 41).',
    );
    expect(checkModelExplanation('A verb is a doing word. You run and jump.', '(pp. 40–41)')).toBe(
      'A verb is a doing word. You run and jump. (pp. 40–41)',
    );
  });
});
