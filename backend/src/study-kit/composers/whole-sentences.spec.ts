import { analyseSegments, cleanPageTexts } from '../text/chapter-text.js';
import { extractiveAnswer } from './answers.js';
import { chapterNotes, overviewAndPoints } from './notes.js';
import { repairSentence } from '../text/sentence-hygiene.js';
import { readableSentences } from './study-notes.js';

// Real fragments of the Debian Developer's Reference, release 12.18 (pdftotext), issue #17 item 1.
const nmuPage = [
  '3. Send an email to non-free@buildd.debian.org and explain why the package can legitimately and technically',
  'be auto-built.',
  '',
  '5.11 Non-Maintainer Uploads (NMUs)',
  'Every package has one or more maintainers. Normally, these are the people who work on and upload new versions of',
  "the package. In some situations, it is useful that other developers can upload a new version as well, for example if they want to fix a bug in a package they don't maintain.",
].join('\n');

const readable = (text: string) =>
  readableSentences(analyseSegments([{ text, origin: '1', group: 0 }]), { joinDangling: true }).map(
    (sentence) => sentence.text,
  );

describe('whole sentences (issue #17, Debian Developer’s Reference)', () => {
  it('drops an all-caps heading glued before the first sentence (p. 3)', () => {
    expect(
      repairSentence(
        'THIS DOCUMENT The purpose of this document is to provide an overview of the recommended procedures.',
      ),
    ).toBe('The purpose of this document is to provide an overview of the recommended procedures.');
    expect(
      repairSentence(
        'SCOPE OF THIS DOCUMENT The purpose of this document is to provide an overview of the recommended procedures.',
      ),
    ).toBe('The purpose of this document is to provide an overview of the recommended procedures.');
    // An acronym that is the sentence's subject stays.
    expect(repairSentence('GNU Emacs is an extensible editor for every developer.')).toBe(
      'GNU Emacs is an extensible editor for every developer.',
    );
  });

  it('drops a noun with a clause about it and no verb of its own (gpredict manual, p. 40)', () => {
    expect(readable('The satellite Azimuth when it comes within range.')).toEqual([]);
    expect(readable('The orbit during which the pass will occur.')).toEqual([]);
    expect(readable('The time when the satellite comes within range is called AOS.')).toEqual([
      'The time when the satellite comes within range is called AOS.',
    ]);
    expect(readable('The parameters on this page define how Gpredict predicts future passes.')).toHaveLength(1);
  });

  it('keeps "This key is …" only together with the sentence that names the key (p. 12)', () => {
    const withKey = readable(
      "Since #debian-devel is an open channel, you should not speak there of private issues. There's another channel for this purpose, it's called #debian-private and it's protected by a key. This key is available at master.debian.org:~debian/misc/irc-password.",
    );
    expect(withKey).toContain(
      "There's another channel for this purpose, it's called #debian-private and it's protected by a key. This key is available at master.debian.org:~debian/misc/irc-password.",
    );
    const withoutKey = readable(
      'Since #debian-devel is an open channel, you should not speak there of private issues. This key is available at master.debian.org:~debian/misc/irc-password.',
    );
    expect(withoutKey.some((text) => text.startsWith('This key'))).toBe(false);
  });

  it('keeps a demonstrative that is not a subject pointing back, and the chapter naming itself', () => {
    expect(readable('That night she went down to the door and listened for a long time.')).toEqual([
      'That night she went down to the door and listened for a long time.',
    ]);
    expect(readable('This chapter describes how a new maintainer builds a package.')).toEqual([
      'This chapter describes how a new maintainer builds a package.',
    ]);
  });

  it('drops the chapter’s opening-page heading glued before its first sentence (p. 3)', () => {
    const page = [
      'CHAPTER',
      '',
      'ONE',
      '',
      'SCOPE OF THIS DOCUMENT',
      '',
      'The purpose of this document is to provide an overview of the recommended procedures and the available resources',
      'for Debian developers and maintainers. It should be clear that this reference does not discuss the technical details of Debian packages.',
    ].join('\n');
    const notes = chapterNotes([{ label: '3', text: page }]);
    const first = notes.overview[0]?.text ?? '';
    expect(first.startsWith('The purpose of this document')).toBe(true);
  });

  it('leaves the steps of a worked case out of a textbook chapter’s notes', () => {
    // levin p. 133, langtangen p. 21 and openstax p. 12, as their pages hold them between statements to learn.
    const steps = [
      'Then I have not lied; my statement is true.',
      'Let’s look at the form of the statements.',
      'Now we compute the error at each mesh point of the time interval.',
      'So the two parties had to share the power between them.',
    ];
    const statements = [
      'An argument is said to be valid if the conclusion must be true whenever the premises are all true.',
      'The Forward Euler scheme is unstable unless the time step is sufficiently small compared with the decay rate.',
      'Political science is the systematic study of politics and of the way power is held and used in a society.',
      'A statement is any declarative sentence which is either true or false in the world it describes.',
      'Disagreement about how to share scarce resources is basic to the politics of every human community.',
    ];
    const page = [...statements.slice(0, 2), ...steps, ...statements.slice(2)].join(' ');
    const notes = chapterNotes([{ label: '12', text: page }]);
    const said = [...notes.overview, ...notes.keyPoints].map((line) => line.text);
    for (const step of steps) expect(said).not.toContain(step);
    expect(said.filter((text) => statements.includes(text)).length).toBeGreaterThanOrEqual(3);
  });

  it('opens a story chapter’s notes with what happens, not with a character’s questions (A Study in Scarlet, p. 55)', () => {
    // Ranked as the chapter ranked them: the detective's questions were the most salient sentences.
    const ranked = analyseSegments([
      {
        text: [
          '"How came these two men—if there were two men—into an empty house?"',
          '"What has become of the cabman who drove them?"',
          '"Why should the second man write up the German word RACHE before decamping?"',
          'In the evening our driver suddenly came to a stand before a row of dingy brick houses.',
          'Rance gave a violent jump, and stared at Sherlock Holmes with the utmost amazement upon his features.',
          'We were shown into a little front parlour to await the constable.',
          'John Rance appeared to be somewhat irritated at this digression.',
        ].join(' '),
        origin: '55',
        group: 0,
      },
    ]);
    const { overview, keyPoints } = overviewAndPoints(ranked, (sentence) => [sentence.origin]);
    expect(overview.map((line) => line.text)).toEqual([
      'In the evening our driver suddenly came to a stand before a row of dingy brick houses.',
      'Rance gave a violent jump, and stared at Sherlock Holmes with the utmost amazement upon his features.',
    ]);
    expect(keyPoints).toHaveLength(5);
  });

  it('cuts a numbered section heading from its first sentence, in notes and answers alike (p. 93)', () => {
    const [clean] = cleanPageTexts([{ label: '93', text: nmuPage }]);
    expect(clean!.text).toContain('\nEvery package has one or more maintainers.');
    expect(repairSentence('5.11 Non-Maintainer Uploads (NMUs) Every package has one or more maintainers.')).toBe(
      'Every package has one or more maintainers.',
    );
    const answer = extractiveAnswer('Who maintains a package?', [{ id: 1, source: 'Reference, p. 93', text: nmuPage }]);
    expect(answer.citations[0]?.quote ?? '').not.toContain('5.11');
    expect(answer.text).not.toContain('5.11');
  });

  it('never opens with a connective that leans on a missing sentence', () => {
    // Alone, "Furthermore," adds nothing: dropped with its comma.
    expect(
      readable('Furthermore, you need a OpenPGP key which has been signed by an existing Debian maintainer.'),
    ).toEqual(['You need a OpenPGP key which has been signed by an existing Debian maintainer.']);
    const bugs = readable(
      'As bugs and problems are fixed in your packages, it is your responsibility as the package maintainer to close these bugs. However, you should not close a bug until the package which fixes the bug has been accepted into the Debian archive. Therefore, once you get notification that your updated package has been installed into the archive, you can and should close the bug in the BTS.',
    );
    for (const sentence of bugs) expect(sentence).not.toMatch(/^(?:However|Therefore),/);
    // "However" is kept with the sentence it contrasts with.
    expect(bugs).toContain(
      'As bugs and problems are fixed in your packages, it is your responsibility as the package maintainer to close these bugs. However, you should not close a bug until the package which fixes the bug has been accepted into the Debian archive.',
    );
  });

  it('skips a sentence opening with a dangling "This" (p. 85), keeping the one it points back to', () => {
    expect(
      readable(
        'The security team maintains a central database, the Debian Security Tracker. This contains all public information that is known about security issues: which packages and versions are affected or fixed.',
      ),
    ).toEqual(['The security team maintains a central database, the Debian Security Tracker.']);
  });

  it("leaves out a list's description of an item, whose subject stayed in the item (the svn book, p. xx)", () => {
    expect(
      readable(
        'Subversion keeps every version of your files in a repository. Describes the basics of the Subversion repository and the tools that maintain it.',
      ),
    ).toEqual(['Subversion keeps every version of your files in a repository.']);
  });

  it('keeps a sentence whose subject or last word is a bare "it" only with the sentence naming it (The War of the Worlds, p. 246; The Adventures of Sherlock Holmes, p. 10)', () => {
    const canister =
      'Suddenly the foremost Martian lowered his tube and discharged a canister of the black gas at the ironclad. It hit her larboard side and glanced off in an inky jet.';
    expect(readable(canister)).toEqual([canister]);
    const alone = readableSentences(analyseSegments([{ text: canister, origin: '246', group: 0 }])).map(
      (sentence) => sentence.text,
    );
    expect(alone).toEqual([
      'Suddenly the foremost Martian lowered his tube and discharged a canister of the black gas at the ironclad.',
    ]);
    expect(readable('The night was cold. Then they rushed toward the pit.')).toEqual([
      'The night was cold. Then they rushed toward the pit.',
    ]);
    // A short sentence ending on a bare "it" is kept only with the sentence naming what it took note of.
    const note = 'He gave the address of the lodge. Holmes took a note of it.';
    expect(readable(note)).toEqual([note]);
    expect(
      readableSentences(analyseSegments([{ text: note, origin: '10', group: 0 }])).map((sentence) => sentence.text),
    ).toEqual(['He gave the address of the lodge.']);
    // An "it" that stands for the clause after it needs nothing before.
    expect(readable('It seemed to me that the Martians had gone. It is easy to see why they failed.')).toEqual([
      'It seemed to me that the Martians had gone.',
      'It is easy to see why they failed.',
    ]);
  });
});
