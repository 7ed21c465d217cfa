import { runOfflineTask } from './offline-study.worker.js';
import type { ChapterInput } from './study-engine.port.js';

// A chapter shaped like a discrete-mathematics text: its index points at "power set" and "cardinality".
const chapter: ChapterInput = {
  bookTitle: 'Worker cache test',
  chapterTitle: 'Sets',
  language: 'en',
  pages: [
    {
      label: '12',
      text: [
        'A set is an unordered collection of objects, and the objects of a set are called its elements.',
        'Two sets are equal exactly when they contain the same elements, whatever order we list them in.',
        'The cardinality of a finite set is the number of elements in the set, written with vertical bars.',
        'The power set of a set is the set of all its subsets, the empty set and the set itself included.',
      ].join('\n'),
    },
    {
      label: '13',
      text: [
        'A set with three elements has a power set with eight elements, one for each choice of its members.',
        'The cardinality of the power set doubles each time we add a new element to the original set.',
        'We can draw the subsets of a small set as a diagram, with an arrow from each subset to the larger ones.',
        'The union of two sets holds every element that is in either of them, and nothing else besides.',
      ].join('\n'),
    },
  ],
};
const indexTerms = ['power set', 'cardinality'];

const topicTitles = (result: unknown) => (result as Array<{ title: string }>).map((topic) => topic.title.toLowerCase());

describe('runOfflineTask', () => {
  it("gives a chapter's topics from the index entries of the topics call, even when its notes were made first", () => {
    const topicsFirst = topicTitles(runOfflineTask({ op: 'topics', input: { ...chapter, indexTerms } }));
    runOfflineTask({ op: 'chapterNotes', input: { ...chapter, chapterTitle: 'Sets again' } });
    const topicsAfterNotes = topicTitles(
      runOfflineTask({ op: 'topics', input: { ...chapter, chapterTitle: 'Sets again', indexTerms } }),
    );
    expect(topicsFirst).toEqual(expect.arrayContaining(indexTerms));
    expect(topicsAfterNotes).toEqual(topicsFirst);
  });
});
