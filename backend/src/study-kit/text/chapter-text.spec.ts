import { analyseChapterPages, cleanPageTexts, quotationsOf } from './chapter-text.js';

describe(analyseChapterPages.name, () => {
  it('gives a sentence running across a page break the page that holds most of it', () => {
    const sentences = analyseChapterPages([
      { label: '12', text: 'Plants make sugar from light. The Calvin cycle' },
      {
        label: '13',
        text: 'is the set of reactions that fixes carbon dioxide into sugar in the stroma of the chloroplast. Rubisco starts it.',
      },
      { label: '14', text: 'Roots take up water and minerals from the soil through thousands of fine root hairs, and' },
      { label: '15', text: 'stems carry it up.' },
    ]);
    const originOf = (start: string) => sentences.find((sentence) => sentence.text.startsWith(start))?.origin;
    expect(originOf('Plants make sugar')).toBe('12');
    expect(originOf('The Calvin cycle is the set')).toBe('13');
    expect(originOf('Rubisco')).toBe('13');
    expect(originOf('Roots take up water')).toBe('14');
  });

  it('ends a sentence before a bracketed one and at a full stop a footnote number is glued to (Grammar Matters; svn book, p. 4)', () => {
    const texts = analyseChapterPages([
      {
        label: '4',
        text:
          'The fluffy, yellow cat sat in the sun. (The yellow and fluffy cat sat in the sun.) When two clauses are joined, ' +
          'a comma is needed. It will be created for you.1 As of Subversion 1.2, the backend is FSFS. Mr. (John) Smith came.',
      },
    ]).map((sentence) => sentence.text);
    expect(texts).toEqual([
      'The fluffy, yellow cat sat in the sun.',
      '(The yellow and fluffy cat sat in the sun.)',
      'When two clauses are joined, a comma is needed.',
      'It will be created for you.',
      'As of Subversion 1.2, the backend is FSFS.',
      'Mr. (John) Smith came.',
    ]);
  });

  it('knows a sentence in the middle of a speech as speech, though it has no quotation mark of its own (Alice, p. 11)', () => {
    const sentences = analyseChapterPages([
      {
        label: '11',
        text:
          'Alice took up the fan and gloves, and she kept fanning herself all the time she went on talking, ‘Dear, ' +
          'dear! How queer everything is today! I wonder if I’ve been changed in the night? Let me think: was I the ' +
          'same when I got up this morning? Ah, that’s the great puzzle!’ And she began thinking over all the children ' +
          'she knew. "Keep \'em in the factory where they belong!" he said. The chair slithered about his contours.',
      },
    ]);
    const quotationOf = (start: string) => sentences.find((sentence) => sentence.text.startsWith(start))?.inQuotation;
    expect(quotationOf('Let me think')).toBe("'");
    expect(quotationOf('Ah, that’s')).toBe("'");
    expect(quotationOf('Alice took up')).toBeUndefined();
    expect(quotationOf('And she began')).toBeUndefined();
    // "'em" is a word with letters left out, and a closing double quote ends any quotation inside it.
    expect(quotationOf('The chair slithered')).toBeUndefined();
  });

  it('keeps a speech open past a quotation inside it in the same marks (The War of the Worlds, p. 247)', () => {
    const sentences = analyseChapterPages([
      {
        label: '247',
        text:
          '‘I saw everyone tracking away south. Says I, ‘Food won’t last this way,’ and I turned right back. I went ' +
          'for the Martians like a sparrow goes for man.’ He waved a hand to the horizon.',
      },
    ]);
    const quotationOf = (start: string) => sentences.find((sentence) => sentence.text.startsWith(start))?.inQuotation;
    expect(quotationOf('Says I')).toBe("'");
    expect(quotationOf('I went for the Martians')).toBe("'");
    expect(quotationOf('He waved')).toBeUndefined();
  });
});

describe(quotationsOf.name, () => {
  const plain = (count: number, what: string) =>
    Array.from({ length: count }, (_, index) => `${what} sentence ${index + 1} has no mark.`);

  it('keeps a long speech open to the mark that closes it (The War of the Worlds, p. 253: a forty-sentence monologue)', () => {
    const sentences = [
      '‘Those who stop obey orders.',
      ...plain(12, 'Spoken'),
      'We won’t hunt them, and they think we’re just harmless vermin.’',
      'The artilleryman paused and laid a brown hand upon my arm.',
    ];
    const quotations = quotationsOf(sentences);
    expect(quotations.slice(1, 14)).toEqual(Array.from({ length: 13 }, () => "'"));
    expect(quotations.at(-1)).toBeUndefined();
  });

  it('drops a quotation that no mark closes after eight unmarked sentences: its opening mark was misread', () => {
    const sentences = ['The ‘experts were wrong again.', ...plain(12, 'Narrated'), '‘Is it so?’ she asked.'];
    const quotations = quotationsOf(sentences);
    expect(quotations.slice(1, 9)).toEqual(Array.from({ length: 8 }, () => "'"));
    expect(quotations.slice(9, 13)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe(cleanPageTexts.name, () => {
  const sentencesOf = (text: string) => analyseChapterPages([{ label: '31', text }]).map((sentence) => sentence.text);

  it("drops a chapter's running head, on most of its own pages though on few of the book's (The Adventures of Sherlock Holmes, pp. 3-20)", () => {
    const page = (label: number, head: string) => ({
      label: String(label),
      text: `${head}\nHolmes looked at the card on page ${label} and said nothing at all.\n${label}`,
    });
    const pages = [
      ...[3, 4, 5, 6].map((label) => page(label, 'ADVENTURE I. A SCANDAL IN BOHEMIA')),
      ...Array.from({ length: 12 }, (_, index) => page(30 + index, 'ADVENTURE II. THE RED-HEADED LEAGUE')),
      // A heading that comes back every fourth page is no running head.
      ...Array.from({ length: 12 }, (_, index) => page(60 + index, index % 4 ? `Section ${index}` : 'Exercises')),
    ];
    const texts = cleanPageTexts(pages).map((cleaned) => cleaned.text);
    expect(texts.filter((text) => text.includes('SCANDAL IN BOHEMIA'))).toEqual([]);
    expect(texts.filter((text) => text.includes('Exercises'))).toHaveLength(3);
  });

  it('joins a drop cap to the small capitals of its word, but not an index letter to its entry (The Adventures of Sherlock Holmes)', () => {
    const text = (lines: string[]) => cleanPageTexts([{ label: '1', text: lines.join('\n') }])[0]!.text;
    expect(text(['T', '', 'HE Lord St. Simon marriage, and its curious termination, have long ceased'])).toBe(
      'The Lord St. Simon marriage, and its curious termination, have long ceased',
    );
    expect(text(['I', '', 'HAD called upon my friend, Mr. Sherlock Holmes, one day in the autumn'])).toBe(
      'I had called upon my friend, Mr. Sherlock Holmes, one day in the autumn',
    );
    expect(text(['M', '', 'Y dear fellow,” said Sherlock Holmes as we sat on either side of the fire'])).toBe(
      'My dear fellow,” said Sherlock Holmes as we sat on either side of the fire',
    );
    expect(text(['I', '', 'SA Whitney, brother of the late Elias Whitney, was much addicted to opium.'])).toBe(
      'Isa Whitney, brother of the late Elias Whitney, was much addicted to opium.',
    );
    expect(text(['Adventure I', 'I', '', 'T', '', 'O Sherlock Holmes she is always the woman.'])).toContain(
      'To Sherlock Holmes she is always the woman.',
    );
    // Version Control with Subversion, index: "B" heads the entries that start with it.
    expect(text(['B', 'BASE, 47', 'branches, 17, 96'])).toMatch(/^B\s+BASE, 47/);
  });

  it('ends a list lead-in and each bulleted item on its own (gpredict manual, p. 31)', () => {
    const sentences = sentencesOf(
      [
        'The pop-up menu is very similar to the one you have seen in section 4.2.1 for the list view, except that there',
        'are a few items only applicable for the map view. Following items are available in the satellite pop-up',
        'menu for the map view:',
        '●',
        '',
        '<SATELLITE NAME>: Selecting this menu item brings up a small info',
        'window showing some static data about the satellite consisting of the',
        'Keplerian Elements.',
        '',
        '●',
        '',
        'Show Next Pass: This will bring up the dialogue window showing the details about',
        'the next upcoming pass for this satellite.',
      ].join('\n'),
    );
    expect(sentences).toContain('Following items are available in the satellite pop-up menu for the map view:');
    expect(sentences).toContain(
      '<SATELLITE NAME>: Selecting this menu item brings up a small info window showing some static data about the satellite consisting of the Keplerian Elements.',
    );
    expect(sentences.some((sentence) => sentence.includes('●'))).toBe(false);
  });

  it('keeps a numbered heading apart from the sentence under it (gpredict manual, p. 36)', () => {
    const sentences = sentencesOf(
      [
        'You can do that using the Reset button located at the bottom of the page.',
        '4.2.4 The Single-Satellite View',
        'The single-satellite view is a simple table showing details of one satellite at a time.',
        'Figure 4.5 shows a screen capture of the single-satellite view. Of course, you can pick',
        'any satellite that is associated to the parent module.',
      ].join('\n'),
    );
    expect(sentences).toContain('4.2.4 The Single-Satellite View');
    expect(sentences).toContain(
      'The single-satellite view is a simple table showing details of one satellite at a time.',
    );
    expect(sentences).toContain('Of course, you can pick any satellite that is associated to the parent module.');
  });

  it('ends a numbered heading wrapped onto a second line with that line, before the sentence under it (three books)', () => {
    // Langtangen, Finite Difference Computing, p. 55 and p. 66: the heading's last words on a line of their own.
    const numerics = sentencesOf(
      [
        'for all ∆t if θ ≥ 1/2.',
        '2.2.2 Stability properties derived from the amplification',
        'factor',
        'The factor A is called the amplification factor since the solution at a new',
        'time level is the solution at the previous time level amplified by a factor',
        'A.',
        '2.4 Various types of errors in a differential equation',
        'model',
        'So far we have been concerned with one type of error, namely the discretization error.',
      ].join('\n'),
    );
    expect(numerics).toContain('2.2.2 Stability properties derived from the amplification factor');
    expect(numerics).toContain(
      'The factor A is called the amplification factor since the solution at a new time level is the solution at the previous time level amplified by a factor A.',
    );
    expect(numerics).toContain('2.4 Various types of errors in a differential equation model');
    // Levin, Discrete Mathematics, p. 191, and OpenStax, Introduction to Political Science, p. 25: a heading on one
    // line stays apart from the capital under it, and a lower-case line after a sentence is that sentence's.
    const graphs = sentencesOf(
      [
        '4.4 Euler Paths and Circuits',
        'Investigate! An Euler path in a graph or multigraph is a path which uses',
        'every edge exactly once.',
      ].join('\n'),
    );
    expect(graphs).toContain('4.4 Euler Paths and Circuits');
    expect(graphs).toContain('An Euler path in a graph or multigraph is a path which uses every edge exactly once.');
    const politics = sentencesOf(
      [
        '1.4 Normative Political Science',
        'Normative political science considers an endless array of questions about how people',
        'should behave.',
      ].join('\n'),
    );
    expect(politics).toContain('1.4 Normative Political Science');
    expect(politics).toContain(
      'Normative political science considers an endless array of questions about how people should behave.',
    );
  });

  it('keeps an unnumbered heading apart when the layout sets it off as a short line', () => {
    const sentences = sentencesOf(
      [
        'The first two items in this pop-up menu are used to change the display state of the module window.',
        'Sky at a Glance',
        'The sky at a glance is a convenience function in Gpredict that can show you a quick overview of',
        'what satellite passes you can expect at your location between now and the next hours.',
      ].join('\n'),
    );
    expect(sentences[1]).toBe('Sky at a Glance');
    expect(sentences[2]).toMatch(/^The sky at a glance is a convenience function/);
  });

  it('keeps a chapter title under its "Chapter 1" line apart from the first sentence (a heading ends a block too)', () => {
    const sentences = sentencesOf(
      [
        'Chapter 1',
        'The Water Cycle',
        'Water moves between the oceans, the air and the land in a cycle that never stops. The sun warms the',
        'surface of the sea and turns some of the water into vapour.',
      ].join('\n'),
    );
    expect(sentences).toContain('The Water Cycle');
    expect(sentences).toContain('Water moves between the oceans, the air and the land in a cycle that never stops.');
  });

  it('keeps the title under "Chapter VIII" apart though it is as long as the page’s lines (Alice, p. 47)', () => {
    const sentences = sentencesOf(
      [
        'Chapter VIII',
        'The Queen’s Croquet-Ground',
        'A large rose-tree stood near the entrance of the garden; the roses growing on it were white, but the',
        'three gardeners at it, busily painting',
        'them red. Alice thought this a very',
        'curious thing, and she went nearer',
      ].join('\n'),
    );
    expect(sentences).toContain('The Queen’s Croquet-Ground');
    expect(sentences.some((sentence) => sentence.startsWith('A large rose-tree stood near the entrance'))).toBe(true);
  });

  it('drops a page counter a line lower on a chapter’s first page, and keeps a number alone on its line off the heading (NUT manual, pp. 21-23)', () => {
    const page = (number: number, body: string[]) => ({
      label: String(number),
      text: ['Network UPS Tools User Manual', '', `${number} / 123`, '', ...body].join('\n'),
    });
    const pages = [
      {
        label: '21',
        text: [
          'Network UPS Tools User Manual',
          '',
          '6',
          '',
          '21 / 123',
          '',
          'Configuration notes',
          '',
          'This chapter describes most of the configuration of NUT.',
        ].join('\n'),
      },
      page(22, ['The driver talks to the UPS and the server answers the clients on the network.']),
      page(23, [
        'After making changes, try the permissions step again.',
        '6.2.3',
        '',
        'Driver(s) as a service',
        '',
        'On operating systems with init-scripts, the upsdrvctl program is also used in those scripts.',
      ]),
      page(24, ['The monitoring client runs on every system the UPS powers.']),
    ];
    const sentences = analyseChapterPages(pages).map((sentence) => sentence.text);
    expect(sentences.join(' ')).not.toContain('/ 123');
    expect(sentences).toContain('This chapter describes most of the configuration of NUT.');
    expect(sentences).toContain(
      'On operating systems with init-scripts, the upsdrvctl program is also used in those scripts.',
    );
  });

  it('keeps the lines of verse apart with " / ", and a list of terms and descriptions as it was (Alice p. 3; xfig)', () => {
    const poem = sentencesOf(
      [
        'Poem',
        'All in the golden afternoon',
        'Full leisurely we glide;',
        'For both our oars, with little skill,',
        'By little arms are plied,',
        'While little hands make vain pretence',
        'Our wanderings to guide.',
      ].join('\n'),
    );
    expect(poem).toContain(
      'All in the golden afternoon / Full leisurely we glide; / For both our oars, with little skill, / By little arms are plied, / While little hands make vain pretence / Our wanderings to guide.',
    );
    const terms = sentencesOf(
      [
        'Polylines (including boxes and polygons):',
        'Snaps to the midpoint of the nearest polyline segment.',
        'Ellipses (including circles and arcs):',
        'Snaps to the center of the nearest ellipse.',
        'Splines (open and closed ones):',
        'Snaps to the nearest point on the spline.',
      ].join('\n'),
    );
    expect(terms.join(' ')).not.toContain(' / ');
  });

  it('still joins a sentence wrapped over lines and words hyphenated at a line end', () => {
    expect(
      sentencesOf(
        'The footprint of a satellite is the area on the sur-\nface of the Earth where the\nsatellite is visible.',
      ),
    ).toEqual(['The footprint of a satellite is the area on the surface of the Earth where the satellite is visible.']);
  });

  it('ends an unpunctuated enumerated item before the capital that follows (gpredict manual, p. 62)', () => {
    const sentences = sentencesOf(
      [
        'The first number of each group is the view type:',
        '3 – Single-Satellite view',
        '4 – Upcoming Passes view',
        'The remaining four numbers in the group of five specify the coordinates of the view in an invisible grid.',
      ].join('\n'),
    );
    expect(sentences).toContain(
      'The remaining four numbers in the group of five specify the coordinates of the view in an invisible grid.',
    );
  });
});
