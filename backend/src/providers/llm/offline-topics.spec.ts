import { chapterTopics } from './offline-notes.js';

// Pages shaped like the gpredict manual's "Modules and Views": every chapter of the book is about satellites.
const viewsChapter = [
  {
    label: '31',
    text: [
      '4.2.2 The Map View',
      'The map view shows the position of each satellite and its footprint on a map of the Earth.',
      'The footprint of a satellite is the area on the surface of the Earth where the satellite is visible.',
      'You can select a satellite in the map view by clicking on it with the left mouse button.',
      'The map view can also show the ground track of a satellite for the next orbits.',
    ].join('\n'),
  },
  {
    label: '33',
    text: [
      '4.2.3 The Polar View',
      'The polar view shows the sky above the ground station with the satellites that are in range.',
      'The polar view draws the sky track of a satellite that is selected in the polar view.',
      'The ground track in the map view and the sky track in the polar view use the colour of the satellite.',
      'A satellite in the polar view is drawn as a small square with its name next to it.',
    ].join('\n'),
  },
];
const otherChapters = ['41', '42', '43', '44', '45', '46'].map((label) => ({
  label,
  text: [
    'Gpredict can update the orbital data of every satellite from files on the internet.',
    'Each satellite in the module has its own orbital elements, and the module predicts the satellite passes.',
    'You can add a satellite to a module and remove a satellite from a module at any time.',
    'The satellite data are stored in files that the satellite database reads when Gpredict starts.',
  ].join('\n'),
}));

describe(chapterTopics.name, () => {
  it('prefers the chapter’s own multi-word concepts to a word the whole book uses (gpredict manual, ch. 4)', () => {
    const titles = chapterTopics(viewsChapter, [], otherChapters).map((topic) => topic.title.toLowerCase());
    expect(titles).toEqual(expect.arrayContaining(['map view', 'polar view']));
    expect(titles).not.toContain('satellite');
    expect(titles).not.toContain('satellites');
  });
});
