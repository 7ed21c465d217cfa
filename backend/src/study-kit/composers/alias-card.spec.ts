import { analyseSegments } from '../text/chapter-text.js';
import { aliasCard } from './alias-card.js';
import { isConcept, isGenericWord } from './concepts.js';

const sentenceOf = (text: string) => analyseSegments([{ text, origin: '1', group: 0, endsBlock: true }])[0]!;
const isTerm = (text: string) => isConcept(text) && !isGenericWord(text);
const cardOf = (text: string) => aliasCard(sentenceOf(text), isTerm);

// The other name a book gives one of its terms, from a numerical-methods book (code and formulas), a discrete
// mathematics book and a political science book.
describe('aliasCard: the other name the book gives a term', () => {
  it.each([
    [
      'The perhaps most widely used method to solve ODEs is the 4th-order Runge-Kutta method, often called RK4.',
      'What is the 4th-order Runge-Kutta method often called?',
      'RK4',
    ],
    [
      'This powerful technique for generating exact solutions is very useful for verification purposes and known as the method of manufactured solutions, often abbreviated MMS.',
      'What is the method of manufactured solutions often abbreviated as?',
      'MMS',
    ],
    [
      'Each group is called a remainder class modulo b (or sometimes residue class).',
      'What is a remainder class modulo b sometimes called?',
      'residue class',
    ],
    [
      'A recursive definition (sometimes called an inductive definition) for a sequence consists of a recurrence relation and an initial condition.',
      'What is a recursive definition sometimes called?',
      'inductive definition',
    ],
    [
      'Two major styles of individualism are common today: libertarianism (also called classical liberalism) and modern liberalism.',
      'What is libertarianism also called?',
      'classical liberalism',
    ],
    [
      'Multinational corporations (MNCs), also known as multinational enterprises (MNEs), are companies with headquarters in one country that have operations in at least one additional country.',
      'What are multinational corporations also known as?',
      'multinational enterprises',
    ],
    [
      'A confidence vote, sometimes referred to as a no-confidence vote, takes place when some members of the parliament no longer support the government.',
      'What is a confidence vote sometimes referred to as?',
      'no-confidence vote',
    ],
  ])('%s', (text, front, back) => {
    expect(cardOf(text)).toEqual({ kind: 'qa', front, back, term: back });
  });

  // The name before the marker is part of a longer phrase, points back, or holds only inside a frame the front drops.
  it.each([
    // "the mesh points" are not the time step: the spacing between them is.
    'We present the schemes for a uniform point distribution, where the constant spacing between the mesh points, also referred to as the time step, is fixed.',
    // "such programs" points back at what the text described before.
    'We shall in this section outline how we can write such programs, often called scripts, for running other programs.',
    // "the various governmental ministries" are not the leaders.
    'A chief executive’s cabinet, composed of the leaders of the various governmental ministries (sometimes called departments) such as defense, supports the chief executive.',
    // The head of the executive is the prime minister only in a parliamentary system.
    'In a parliamentary system, there is a close relationship between the branches, as the head of the executive, often called the prime minister, is also a leader in the legislative branch.',
    // "alterations in question wording" are the effects, not "question wording".
    'Studies have shown that alterations in question wording, also known as question wording effects, change how people respond to polls.',
    // A reader's aside on a word, no other name: "in our case" is no term.
    'In our case we make a package decay containing one module, also called decay.',
  ])('none from: %s', (text) => {
    expect(cardOf(text)).toBeNull();
  });
});
