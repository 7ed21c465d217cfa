import { statesWorkedValues } from '../text/worked-numbers.js';
import {
  analyseChapterPages,
  analyseSegments,
  cleanPageTexts,
  isContentToken,
  type AnalysedSentence,
  type TextSegment,
} from '../text/chapter-text.js';
import { extractKeyphrases, type Keyphrase, withCompounds } from '../ranking/keyphrases.js';
import { formatPageCitation } from '../text/page-citations.js';
import { ELI12_MAX_GRADE, fleschKincaidGrade, gradeOfWords } from '../text/readability.js';
import { asSpoken, isDialogue, isSpeech, rankSummarySentences } from '../ranking/sentence-ranking.js';
import {
  asksAQuestion,
  opensOnContext,
  quotesFormula,
  sentenceKey,
  sentenceProblem,
} from '../text/sentence-hygiene.js';
import { isEverydayWord } from '../text/plain-words.js';
import type { BookInput, ChapterInput, StudyPage, TopicDraft } from '../types.js';
import { analyseChapter, type AnalysedChapter } from '../analyse-chapter.js';
import { emphasisedTerms } from '../stages/emphasised-terms.js';
import {
  definitionIn,
  escapeRegExp,
  findCharacters,
  findDefinitions,
  kindOfText,
  notesProse,
  leansOnContext,
  pointsBack,
  portrays,
  directsTheReader,
  NOTE_HEADINGS,
  readableGloss,
  readableSentences,
  pointsAtUnseen,
  setsATask,
  singularKey,
  speaksOfTheText,
  withoutExercises,
  type KeyTerm,
  type NoteLine,
  type StudyNotes,
} from './study-notes.js';
import { partsInOwnWords, plainWords, retell, retellExample, topicAsPronoun, wordGrams } from './plain-retelling.js';
import { plainer, shortSentences } from './short-sentences.js';
import genericHeads from '../data/generic-heads.json' with { type: 'json' };
import genericWords from '../data/generic-words.json' with { type: 'json' };
import { isStopWord } from './answer-support.js';

/** Chapter notes budget: about 15% of the chapter's words, within 80..900: it grows with the chapter. */
export function offlineChapterSummaryWords(chapterWords: number): number {
  return Math.min(900, Math.max(80, Math.round(chapterWords * 0.15)));
}

/** Book notes budget: about a fifth of its chapter notes, within 150..1200 words. */
export function offlineBookSummaryWords(summaryWords: number): number {
  return Math.min(1200, Math.max(150, Math.round(summaryWords * 0.4)));
}

const CITATION_SPLIT = /(\((?:pp?\.)\s*[^()]*\))/;

function overviewSize(chosen: number): number {
  return Math.max(1, Math.min(4, Math.round(chosen / 4), chosen - 1));
}

const asks = (sentence: AnalysedSentence) => asksAQuestion(sentence.text);

/** Splits ranked sentences (most salient first) into an overview and key points, both in reading order. */
export function overviewAndPoints(
  ranked: readonly AnalysedSentence[],
  citation: (sentence: AnalysedSentence) => string[],
  textOf: (sentence: AnalysedSentence) => string = (sentence) => sentence.text,
) {
  const size = ranked.length <= 2 ? ranked.length : Math.max(2, overviewSize(ranked.length));
  const byPosition = (a: AnalysedSentence, b: AnalysedSentence) => a.group - b.group || a.position - b.position;
  const line = (sentence: AnalysedSentence): NoteLine => ({ text: textOf(sentence), pages: citation(sentence) });
  // The overview says what the chapter is about: the most salient statements of the narration come first, and a
  // question or a character's words only when there are not enough of them ("How came these two men …?").
  const states = (sentence: AnalysedSentence) => !asks(sentence) && !isSpeech(sentence);
  const overview = new Set(
    [...ranked.filter(states), ...ranked.filter((sentence) => !states(sentence))].slice(0, size),
  );
  return {
    overview: ranked
      .filter((sentence) => overview.has(sentence))
      .sort(byPosition)
      .map(line),
    keyPoints: ranked
      .filter((sentence) => !overview.has(sentence))
      .sort(byPosition)
      .map(line),
  };
}

/** Offline study notes of a chapter: ranked whole sentences under the chapter's sections, its terms, page citations. */
export function chapterNotes(chapter: AnalysedChapter | readonly StudyPage[]): StudyNotes {
  const analysed = 'blocks' in chapter ? chapter : analyseChapter(chapterOf(chapter));
  const all = withoutExercises(analysed.sentences);
  const sentences = readableSentences(all, { joinDangling: true });
  const kind = kindOfText(all);
  const words = all.reduce((sum, sentence) => sum + sentence.words.length, 0);
  // Notes say what happens; quoted speech is left to the book when there is narration enough.
  const narration = sentences.filter((sentence) => !isDialogue(sentence.text));
  const told = narration.length >= sentences.length * 0.3 ? narration : sentences;
  // A textbook's question ("Why are animals free from it?") leads in to a point; the point is the note. A story's
  // narration may ask what its people wonder.
  // Nor is a task it sets ("Identify …") or a sentence leaning on an example or equation the notes do not carry.
  const statements =
    kind === 'non-fiction'
      ? told.filter(
          (sentence) =>
            !asks(sentence) &&
            !setsATask(sentence) &&
            !pointsAtUnseen(sentence.text) &&
            // Nor a step of a worked case: "Then I have not lied; …", "Let's look at the form of the statements."
            !opensOnContext(sentence.text) &&
            !directsTheReader(sentence),
        )
      : told;
  const pool = statements.length >= told.length * 0.5 ? statements : told;
  let ranked = rankSummarySentences(pool, {
    maxWords: offlineChapterSummaryWords(words),
    maxSentenceWords: 45,
  });
  if (ranked.length === 0) ranked = sentences.filter((sentence) => sentence.words.length >= 4).slice(0, 3);
  const keyTerms = kind === 'non-fiction' ? bookKeyTerms(analysed, sentences) : [];
  const characters = kind === 'fiction' ? findCharacters(sentences) : [];
  // A definition shown under "Key terms" is not repeated as a key point, in its words or nearly ("Due process is a
  // legal requirement …" beside the glossary's "A legal requirement …"), nor is a point said twice.
  const shown = new Set(keyTerms.map((entry) => sentenceKey(entry.definition)));
  const definitions = keyTerms.map((entry) => entry.definition);
  const said = new Set<string>();
  const { overview, keyPoints } = overviewAndPoints(
    ranked.filter((sentence) => {
      const key = sentenceKey(sentence.text);
      if (shown.has(key) || said.has(key)) return false;
      if (definitions.some((definition) => restates(sentence.text, definition))) return false;
      said.add(key);
      return true;
    }),
    (sentence) => [sentence.origin],
    // A story's notes quote what a character says as the book does, even from the middle of a speech.
    kind === 'fiction' ? asSpoken : undefined,
  );
  const sectionOf = new Map(ranked.map((sentence) => [sentence.text, sentence.group]));
  return { kind, overview, keyPoints, keyTerms, characters, outline: outlineOf(analysed, keyPoints, sectionOf) };
}

function chapterOf(pages: readonly StudyPage[]): ChapterInput {
  return { bookTitle: '', chapterTitle: '', language: null, pages: [...pages] };
}

/** Key points grouped under the chapter's section headings, in the book's order; the opening text has no heading. */
function outlineOf(
  chapter: AnalysedChapter,
  keyPoints: readonly NoteLine[],
  sectionOf: ReadonlyMap<string, number>,
): StudyNotes['outline'] {
  const groups = new Map<number, NoteLine[]>();
  for (const point of keyPoints) {
    const section = sectionOf.get(point.text) ?? 0;
    groups.set(section, [...(groups.get(section) ?? []), point]);
  }
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(([index, points]) => {
      const section = chapter.tree.sections[index];
      const title = section && section.index > 0 ? [section.number, section.title].filter(Boolean).join(' ') : '';
      return { title, points };
    });
}

/** The chapter's key terms: its glossary first, then the terms it defines in its text. */
function bookKeyTerms(chapter: AnalysedChapter, sentences: readonly AnalysedSentence[]): KeyTerm[] {
  const fromText = findDefinitions(sentences);
  const seen = new Set<string>();
  // A glossary's gloss is a noun phrase and reads as a sentence once capitalised and ended; a definition taken from
  // the text must already be a whole sentence (one cut off before a formula is none).
  const glossary = chapter.terms.glossary.flatMap((entry) => {
    const definition = readableGloss(entry.definition);
    return definition ? [{ ...entry, definition }] : [];
  });
  const defined = [
    ...chapter.terms.definitions.filter((entry) => !fromText.some((found) => found.term === entry.term)),
    ...fromText,
  ].filter(
    (entry) =>
      sentenceProblem(entry.definition) === null &&
      !pointsAtUnseen(entry.definition) &&
      !asksAQuestion(entry.definition),
  );
  // One definition names one term: "P(n, k) is the number of permutations …" defines "Permutations", not also "P".
  const definitionsSeen = new Set<string>();
  return [...glossary, ...defined]
    .filter((entry) => {
      const key = singularKey(entry.term);
      const definition = sentenceKey(entry.definition);
      if (seen.has(key) || definitionsSeen.has(definition)) return false;
      seen.add(key);
      definitionsSeen.add(definition);
      return true;
    })
    .slice(0, 12);
}

// Its words, numbers and signs: "A ∪ B is the set …" and "A ∩ B is the set …" differ by their sign.
function contentWords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}\p{P}]/gu) ?? []).filter((word) => !isStopWord(word)),
  );
}

/** Two sentences that say the same thing: four in five of their content words shared. */
export function restates(sentence: string, other: string): boolean {
  const words = contentWords(sentence);
  const others = contentWords(other);
  if (words.size === 0 || others.size === 0) return false;
  let shared = 0;
  for (const word of words) if (others.has(word)) shared += 1;
  return shared / (words.size + others.size - shared) >= 0.8;
}

/** Book notes from the chapter notes, ranked across the whole book; key terms and characters the chapters share. */
export function bookNotes(input: BookInput): StudyNotes {
  const segments: TextSegment[] = [];
  const terms: KeyTerm[] = [];
  const characters = new Map<string, KeyTerm & { count: number }>();
  let fictionVotes = 0;
  input.chapters.forEach((chapter, chapterIndex) => {
    const prose = notesProse(chapter.summary);
    const sections = new Set(prose.map((line) => line.section));
    if (sections.has(NOTE_HEADINGS.whatHappens) || sections.has(NOTE_HEADINGS.characters)) fictionVotes += 1;
    for (const line of prose) {
      const pieces = line.text.split(CITATION_SPLIT);
      const citation = pieces.find((piece) => CITATION_SPLIT.test(piece)) ?? '';
      const body = pieces
        .filter((piece) => !CITATION_SPLIT.test(piece))
        .join(' ')
        .trim();
      if (line.section === NOTE_HEADINGS.keyTerms || line.section === NOTE_HEADINGS.characters) {
        const name = /^\s*[-*+]?\s*\*\*(.+?)\*\*:/.exec(
          chapter.summary.split('\n').find((raw) => raw.includes(body)) ?? '',
        )?.[1];
        if (!name) continue;
        const entry = { term: name, definition: body, pages: labelsOf(citation) };
        if (line.section === NOTE_HEADINGS.keyTerms) terms.push(entry);
        else {
          const known = characters.get(name);
          if (known) known.count += 1;
          else characters.set(name, { ...entry, count: 1 });
        }
        continue;
      }
      // An overview cites sentence by sentence: each run of text goes with the citation after it.
      let run = '';
      let last = '';
      for (const piece of pieces) {
        if (CITATION_SPLIT.test(piece)) {
          if (run.trim()) segments.push({ text: run.trim(), origin: piece, group: chapterIndex });
          run = '';
          last = piece;
        } else run += ` ${piece}`;
      }
      if (run.trim()) segments.push({ text: run.trim(), origin: last, group: chapterIndex });
    }
  });
  const sentences = readableSentences(analyseSegments(segments));
  const words = sentences.reduce((sum, sentence) => sum + sentence.words.length, 0);
  const kind = fictionVotes * 2 > input.chapters.length ? 'fiction' : 'non-fiction';
  const ranked = rankSummarySentences(sentences, {
    maxWords: offlineBookSummaryWords(words),
    groupCoveragePenalty: 1,
    minSentenceWords: 6,
    // The chapter notes already left speech to the book; what they quote is there for a reason.
    dialogueWeight: 1,
  });
  const { overview, keyPoints } = overviewAndPoints(ranked, (sentence) => labelsOf(sentence.origin));
  const seen = new Set<string>();
  const keyTerms = terms.filter((entry) => {
    const key = singularKey(entry.term);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    kind,
    overview,
    keyPoints,
    keyTerms: keyTerms.slice(0, 12),
    characters: [...characters.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, 8)
      // The book lists who they are and where; what they do is in the key points.
      .map(({ term, pages }) => ({ term, definition: '', pages })),
  };
}

function labelsOf(citation: string): string[] {
  const inner = /\((?:pp?\.)\s*([^()]*)\)/.exec(citation)?.[1];
  return inner ? inner.split(/\s*[–—-]\s*/).filter(Boolean) : [];
}

function isGeneric(lemma: string): boolean {
  return GENERIC_HEADS.has(lemma) || isEverydayWord(lemma);
}

const GENERIC_HEADS = new Set(genericHeads.words);
const BOOK_APPARATUS = new Set(genericWords.words);

/**
 * A title that names no concept a teacher would list: a function word ("And", which a logic book indexes under its
 * connectives), a phrase left open on one ("Element of", a symbol list's gloss), or a word every textbook uses about
 * itself or anything ("Exercise", "Method", "Figure") unless the chapter defines it ("A function is a rule that …").
 */
function namesNoConcept(title: string, defined: ReadonlySet<string>): boolean {
  const words = title.split(/\s+/);
  const last = words.at(-1)!;
  // A name's words are all capitalised: "Me Too" is a movement's name, "element of" is a gloss.
  if (isStopWord(last) && (words.length === 1 || !/^\p{Lu}/u.test(last))) return true;
  if (words.length > 1) return false;
  const key = singularKey(title);
  return (BOOK_APPARATUS.has(key) || BOOK_APPARATUS.has(title.toLowerCase())) && !defined.has(key);
}

/** Key topics: index entries, defined terms, then key phrases specific to the chapter; never a generic single word. */
export function chapterTopics(
  pages: readonly StudyPage[],
  indexTerms: readonly string[] = [],
  bookPages: readonly StudyPage[] = [],
): TopicDraft[] {
  // Running heads are found over the book's other pages too: a two-page chapter has too few to tell.
  const cleaned = cleanPageTexts([...pages, ...bookPages]).slice(0, pages.length);
  const all = analyseSegments(cleaned.map((page) => ({ text: page.text, origin: page.label, group: 0 })));
  const sentences = readableSentences(withoutExercises(all));
  const words = all.reduce((sum, sentence) => sum + sentence.words.length, 0);
  const wanted = Math.min(8, Math.max(3, Math.round(words / 700)));
  const order = new Map(pages.map((page, index) => [page.label, index]));
  const sortPages = (labels: Iterable<string>) =>
    [...new Set(labels)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const kind = kindOfText(all);
  // Ordered as the chapter defines them: the first few are topics, all of them say which words it defines.
  const definitions = kind === 'non-fiction' ? findDefinitions(sentences, Number.MAX_SAFE_INTEGER) : [];
  const defined = new Set(definitions.map((entry) => singularKey(entry.term)));
  const topics: TopicDraft[] = [];
  const keys = new Set<string>();
  const add = (title: string, labels: Iterable<string>): boolean => {
    const clean = conceptOf(title.replace(/\s+/g, ' ').trim(), all);
    const key = singularKey(clean);
    // "Example" or "Case" names no concept, however the chapter uses it.
    if (!clean || keys.has(key) || !isTopicTitle(clean) || GENERIC_HEADS.has(key)) return false;
    if (namesNoConcept(clean, defined)) return false;
    keys.add(key);
    topics.push({ title: capitaliseFirst(unshouted(clean)), pages: sortPages(labels) });
    return true;
  };
  // Every spelling of a term in the chapter: "HEAD", "head", "Head".
  const spellingsOf = (term: string) => {
    const pattern = new RegExp(`\\b${escapeRegExp(term)}\\b`, 'gi');
    return all.flatMap((sentence) => [...sentence.text.matchAll(pattern)].map((match) => match[0]));
  };
  // A heading set in capitals ("CHOBHAM ROAD") is named as the running text writes it ("Chobham Road"); a single
  // word or one with a short part ("HEAD", "HTTP GET") is more likely an acronym and stays.
  const unshouted = (title: string) => {
    if (/[a-z\d_]/.test(title) || !title.includes(' ')) return title;
    const prose = spellingsOf(title).filter((spelling) => /[a-z]/.test(spelling));
    const asProse = prose.find((spelling) => /[A-Z]/.test(spelling)) ?? prose[0];
    if (asProse) return asProse;
    if (title.split(' ').some((word) => word.length < 4)) return title;
    return title.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
  };
  // An index entry as the chapter writes it ("HEAD", "Subversion"), lower-case when it varies.
  const surfaceOf = (term: string) => {
    const counts = new Map<string, number>();
    for (const spelling of spellingsOf(term)) counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? term;
  };
  const mentionsOf = (phrase: string) => {
    const lower = phrase.toLowerCase();
    return all.filter((sentence) => sentence.text.toLowerCase().includes(lower));
  };
  // A one-word entry the chapter mostly writes as the modifier of a longer entry is that entry's part, read off an
  // index sub-entry ("geometric" under "mean", written "geometric mean"): the longer entry is the concept. A word that
  // heads longer entries ("path" of "Euler path") is their general concept and stays.
  const isPartOfLongerEntry = (term: string) => {
    if (/\s/.test(term)) return false;
    const word = new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(term)}(?![\\p{L}\\p{N}_-])(?=.*\\s\\p{L})`, 'iu');
    const longer = indexTerms.filter((other) => other !== term && word.test(other));
    const inLonger = longer.reduce((sum, other) => sum + spellingsOf(other).length, 0);
    return inLonger > 0 && inLonger * 2 >= spellingsOf(term).length;
  };
  // The book's own index says what the chapter is about: its entries pointing here, most mentioned first.
  const fromIndex = indexTerms
    .filter((term) => isTopicTitle(term) && !(term.split(/\s+/).length === 1 && GENERIC_HEADS.has(singularKey(term))))
    .filter((term) => !isPartOfLongerEntry(term))
    .map((term) => ({ term: surfaceOf(term), mentions: mentionsOf(term) }))
    .filter((entry) => entry.mentions.length >= 1)
    .sort((a, b) => b.mentions.length * b.term.length ** 0.5 - a.mentions.length * a.term.length ** 0.5)
    // Concepts in words come before the commands that serve them: a student asks what "overlay" means before "\pause".
    .sort((a, b) => Number(a.term.startsWith('\\')) - Number(b.term.startsWith('\\')));
  for (const entry of fromIndex.filter((entry) => entry.mentions.length >= 2)) {
    if (topics.length >= wanted) break;
    add(
      entry.term,
      entry.mentions.map((sentence) => sentence.origin),
    );
  }
  if (kind === 'non-fiction') {
    for (const term of definitions.slice(0, wanted * 2)) {
      if (topics.length >= Math.max(Math.ceil(wanted / 2), fromIndex.length ? wanted - 1 : 0)) break;
      add(
        term.term,
        mentionsOf(term.term).map((sentence) => sentence.origin),
      );
    }
  }
  // Terms the book sets in bold or italic where it introduces them, most used first: the book's own key terms.
  const emphasised = (kind === 'non-fiction' ? emphasisedTerms(pages, sentences) : [])
    .map((entry) => ({ term: entry.term, mentions: mentionsOf(entry.term) }))
    .filter((entry) => entry.mentions.length >= 2)
    .sort((a, b) => b.mentions.length - a.mentions.length);
  for (const entry of emphasised) {
    if (topics.length >= wanted) break;
    add(
      entry.term,
      entry.mentions.map((sentence) => sentence.origin),
    );
  }
  // Index entries the chapter names once are still the book's own concepts: before mere key phrases.
  for (const entry of fromIndex.filter((entry) => entry.mentions.length === 1)) {
    if (topics.length >= Math.ceil(wanted / 2)) break;
    add(
      entry.term,
      entry.mentions.map((sentence) => sentence.origin),
    );
  }
  let names = 0;
  // A phrase only a table cell or a broken line holds ("Latin capital letter", "tation" of a hyphenated "presen-")
  // is no concept the chapter explains: a key phrase must be in a sentence the chapter writes.
  const written = new Set(sentences.map((sentence) => sentence.position));
  const inProse = (phrase: Keyphrase) => phrase.sentencePositions.some((position) => written.has(position));
  const specificity = chapterSpecificity(pages, bookPages);
  const headings = headingStems(all);
  for (const phrase of extractKeyphrases(all, wanted * 3, (ranked) => rankForChapter(ranked, specificity, headings))) {
    if (topics.length >= wanted) break;
    if (!inProse(phrase)) continue;
    const isName = phrase.lemmas.length === 1 && isWrittenAsName(phrase.text, all);
    if (phrase.lemmas.length === 1 && isGeneric(phrase.lemmas[0]!) && !isName) continue;
    // A single word the rest of the book uses nearly as much ("Satellite" in a satellite-tracking manual, "status"
    // in a UPS manual) is the book's subject or vocabulary, not the chapter's concept.
    if (
      phrase.lemmas.length === 1 &&
      specificity &&
      specificity(phrase.lemmas) < 3 &&
      !headings.has(stemKey(phrase.lemmas))
    )
      continue;
    if (kind === 'fiction' && isName && names >= Math.floor(wanted / 2)) continue;
    if (
      add(
        phrase.text,
        phrase.sentencePositions.map((position) => all[position]!.origin),
      ) &&
      isName
    )
      names += 1;
  }
  // Too few concepts: names and everyday words may fill up to three topics.
  for (const phrase of extractKeyphrases(all, wanted * 3)) {
    if (topics.length >= Math.min(3, wanted)) break;
    if (!inProse(phrase)) continue;
    add(
      phrase.text,
      phrase.sentencePositions.map((position) => all[position]!.origin),
    );
  }
  return topics;
}

/**
 * "Global", "Forward", "Reversible": a lone adjective (an index's sub-entry under "error", "differences", "reactions")
 * names a kind of the thing it qualifies; the topic is the phrase the chapter writes most, twice or more ("global
 * error", "forward difference"); one it pairs with no noun twice is no topic ("").
 */
function conceptOf(title: string, sentences: readonly AnalysedSentence[]): string {
  if (!/^\p{L}+$/u.test(title)) return title;
  const word = analyseSegments([{ text: title.toLowerCase(), origin: '', group: 0 }])[0]?.tokens.find((t) => t.isWord);
  if (!word || (word.pos !== 'ADJ' && word.pos !== 'ADV')) return title;
  const lower = title.toLowerCase();
  const phrases = new Map<string, number>();
  let mentions = 0;
  let modifying = 0;
  for (const sentence of sentences) {
    const words = sentence.tokens.filter((token) => token.isWord);
    words.forEach((token, at) => {
      if (token.normal.toLowerCase() !== lower) return;
      mentions += 1;
      const next = words[at + 1];
      if (next?.pos === 'NOUN' || next?.pos === 'PROPN') modifying += 1;
      if (next?.pos !== 'NOUN') return;
      const phrase = `${token.value} ${next.value}`;
      phrases.set(phrase, (phrases.get(phrase) ?? 0) + 1);
    });
  }
  // A word the chapter writes alone one time in three ("Run pytest on the file") is a name or a word of its own, not
  // a modifier: it stays as the index gives it.
  if (modifying * 3 < mentions * 2) return title;
  const [phrase, count] = [...phrases].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return count >= 2 ? phrase : '';
}

/** A capitalised word is a name when the chapter does not also write it in lower case ("Data" heads a section; "Joe" is a name). */
export function isWrittenAsName(word: string, sentences: readonly AnalysedSentence[]): boolean {
  if (!/^\p{Lu}/u.test(word)) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lower = new RegExp(`(?<![\\p{L}\\p{N}_])${escaped.toLowerCase()}(?![\\p{L}\\p{N}_])`, 'u');
  const written = new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'u');
  const lowerUses = sentences.filter((sentence) => lower.test(sentence.text)).length;
  const nameUses = sentences.filter((sentence) => written.test(sentence.text)).length;
  return lowerUses * 4 <= nameUses;
}

const stemOf = (word: string) =>
  word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(?<=[^s])e?s$/, '');
const stemKey = (words: readonly string[]) => words.map(stemOf).join(' ');

function phraseCounts(pages: readonly StudyPage[]): { counts: Map<string, number>; words: number } {
  const counts = new Map<string, number>();
  let words = 0;
  for (const page of pages) {
    const stems = (page.text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map(stemOf);
    words += stems.length;
    for (let i = 0; i < stems.length; i += 1)
      for (let n = 1; n <= 3 && i + n <= stems.length; n += 1) {
        const key = stems.slice(i, i + n).join(' ');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  }
  return { counts, words };
}

// TF-IDF's idea with the book's other pages as background: how much more often the chapter uses a phrase.
function chapterSpecificity(
  pages: readonly StudyPage[],
  bookPages: readonly StudyPage[],
): ((lemmas: readonly string[]) => number) | null {
  if (bookPages.length < 3) return null;
  const chapter = phraseCounts(cleanPageTexts(pages));
  const book = phraseCounts(cleanPageTexts(bookPages));
  return (lemmas) => {
    const key = stemKey(lemmas);
    const inChapter = (chapter.counts.get(key) ?? 0) / Math.max(1, chapter.words);
    return inChapter / (((book.counts.get(key) ?? 0) + 0.5) / Math.max(1, book.words));
  };
}

// The chapter's own headings (lines the layout set apart, without end punctuation) as stem keys of their phrases.
function headingStems(sentences: readonly AnalysedSentence[]): Set<string> {
  const keys = new Set<string>();
  for (const sentence of sentences) {
    if (/[.!?:;,]$/.test(sentence.text) || sentence.words.length > 10) continue;
    const words = withCompounds(sentence.tokens)
      .filter(isContentToken)
      .map((token) => token.lemma);
    // A single word counts only as a whole heading ("Grouping"), not as one word of "Predicting Satellite Passes".
    if (words.length === 1) keys.add(stemKey(words));
    for (let i = 0; i < words.length; i += 1)
      for (let n = 2; n <= 3 && i + n <= words.length; n += 1) keys.add(stemKey(words.slice(i, i + n)));
  }
  return keys;
}

// Key phrases re-ranked by what makes them this chapter's: specific to it, named in its headings, several words long.
function rankForChapter(
  phrases: readonly Keyphrase[],
  specificity: ((lemmas: readonly string[]) => number) | null,
  headings: ReadonlySet<string>,
): Keyphrase[] {
  const weight = (phrase: Keyphrase) => {
    const specific = specificity ? Math.min(8, Math.max(0.25, specificity(phrase.lemmas))) : 1;
    return (
      specific * (headings.has(stemKey(phrase.lemmas)) && specific >= 1 ? 3 : 1) * (phrase.lemmas.length > 1 ? 1.5 : 1)
    );
  };
  return phrases
    .map((phrase) => ({ phrase, rank: phrase.score / weight(phrase) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ phrase }) => phrase);
}

const CONTRACTION =
  /^(?:\p{L}+['’](?:m|re|ve|ll|d)|\p{L}+n['’]t|(?:it|he|she|that|there|here|what|who|where|let)['’]s)$/iu;

/** A topic title a student can read: a short phrase of words with balanced brackets. */
export function isTopicTitle(title: string): boolean {
  const words = title.split(/\s+/);
  // A command the book indexes ("\frametitle", "\param") is a manual's concept, named as it is typed.
  if (/^\\\p{L}{2,}$/u.test(title)) return true;
  // "VIII" heads a chapter; it is no concept.
  if (/^(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})$/.test(title)) return false;
  if (words.length > 5 || !/^[\p{L}]/u.test(title) || title.length < 3) return false;
  if (/[()[\]{}"<>=;]/.test(title)) return false;
  // "I’m", "Don’t", "It’s": a contraction is a piece of a clause, never a concept's name.
  if (words.some((word) => CONTRACTION.test(word))) return false;
  // Names in code and configuration are a manual's concepts too: "EXAMPLE_PATH", "ups.conf".
  return words.every((word) => /^[\p{L}](?:[\p{L}\p{N}'’_-]|\.(?=\p{L}))*$/u.test(word));
}

const EXAMPLE_CUE = /\b(?:for example|for instance|such as|e\.g\.|like this|here is|imagine)\b|^[✓✔✗✘]/i;
const ELI12_MAX_WORDS = 110;
const SAYS_WHAT_IT_MEANS = /\b(?:means|called|known\s+as|defined\s+as|stands\s+for)\b/i;

/**
 * "Running a few algorithmic steps by hand.", "The filtered Leapfrog scheme.": a heading's words with a full stop make
 * no clause; a sentence has an auxiliary or a verb that is neither an "-ing" form nor a participle after "the".
 */
function makesAClause(sentence: AnalysedSentence): boolean {
  const words = sentence.tokens.filter((token) => token.isWord);
  return words.some(
    (token, at) =>
      token.pos === 'AUX' ||
      (token.pos === 'VERB' && !token.normal.toLowerCase().endsWith('ing') && words[at - 1]?.pos !== 'DET'),
  );
}

/** Extractive ELI12: the book's definition, one example and short sentences, hardest dropped until grade 7. */
/** A topic's words in their order, each in the singular or plural, apart by a space or a hyphen: "mesh functions". */
function phraseOf(topic: string): RegExp | null {
  const words = topic
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => /^[\p{L}\p{N}'’]+$/u.test(word));
  if (words.length < 2) return null;
  const plural = (word: string) => `${escapeRegExp(singularKey(word))}(?:s|es)?`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.map(plural).join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'iu');
}

/** "universe set" of "set", "complete graph" of "graph": a longer name whose last word is the topic's. */
function namesAKindOf(term: string, topicKey: string): boolean {
  const key = singularKey(term);
  return key !== topicKey && key.endsWith(` ${topicKey}`);
}

function sharesAWord(term: string, topicKey: string): boolean {
  const words = new Set(topicKey.split(' ').filter((word) => !isStopWord(word)));
  return singularKey(term)
    .split(' ')
    .some((word) => words.has(word));
}

export function explainSimply(
  topic: string,
  pages: readonly StudyPage[],
  /** The chapter's teaching text when it was analysed (no exercises, examples or chapter-end parts). */
  teaching?: readonly AnalysedSentence[],
  /** Words never swapped for plain ones besides the topic's: the chapter's terms. */
  terms: ReadonlySet<string> = new Set(),
  /** The sentence where the book introduces the topic, set in bold or italic (the terms stage's emphasised term). */
  introduction?: string,
): string {
  const topicKey = singularKey(topic);
  const lemmas = topicLemmas(topic);
  const mentions = (sentence: AnalysedSentence) => {
    const terms = new Set(sentence.terms);
    return lemmas.length > 0 && lemmas.filter((lemma) => terms.has(lemma)).length / lemmas.length;
  };
  // A question the book asks its reader ("Which may be expressed in a low pitch?") explains nothing; a long sentence
  // serves when it falls into short ones.
  const fits = new Map<AnalysedSentence, boolean>();
  const explainable = (sentence: AnalysedSentence) => {
    if (asks(sentence) || sentence.words.length > 70 || !makesAClause(sentence)) return false;
    // "That's what your recurrence relation says!" exclaims.
    if (sentence.text.trim().endsWith('!')) return false;
    if (sentence.words.length <= 40) return true;
    if (!fits.has(sentence))
      fits.set(
        sentence,
        shortSentences(sentence.text).every((part) => part.split(/\s+/).length <= 30),
      );
    return fits.get(sentence)!;
  };
  // The narration explains; what a character says is used, in its quotation marks, only for a topic the narration
  // never names ("Murcher" is only ever spoken of), rather than sentences about something else.
  // A task set to the reader or a sentence leaning on an equation the text does not carry explains nothing.
  const whole = readableSentences(
    teaching
      ? teaching.filter((sentence) => !setsATask(sentence) && !pointsAtUnseen(sentence.text))
      : withoutExercises(analyseChapterPages(pages)),
  );
  const narration = whole.filter((sentence) => !isSpeech(sentence));
  const sentences = narration.some((sentence) => (mentions(sentence) || 0) >= 0.5 && explainable(sentence))
    ? narration
    : whole.map((sentence) => (sentence.inQuotation ? { ...sentence, text: asSpoken(sentence) } : sentence));
  // "Polar view" is not explained by sentences about another view: a phrase's rarest word must be there, when enough hold it.
  const rarest = [...lemmas].sort(
    (a, b) =>
      sentences.filter((sentence) => sentence.terms.includes(a)).length -
      sentences.filter((sentence) => sentence.terms.includes(b)).length,
  )[0];
  // "Forward difference" is not explained by "… the Forward Euler scheme …", nor "mesh function" by "Non-uniform meshes
  // are used …": a topic of two words or more is spoken of where its words stand together.
  const phrase = phraseOf(topic);
  const strict = (sentence: AnalysedSentence) =>
    (mentions(sentence) || 0) >= 0.5 &&
    (lemmas.length < 2 || (sentence.terms.includes(rarest!) && (!phrase || phrase.test(sentence.text))));
  // "Lady Lucas" is not explained by sentences about young ladies: a name's rarest word is always there.
  const isName = /^\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)+$/u.test(topic);
  // "Method of manufactured solutions" is not explained by "Newton's method is …": a topic of two words or more is
  // only spoken of where its rarest word is.
  const about =
    isName || lemmas.length > 1 || sentences.filter((sentence) => strict(sentence) && explainable(sentence)).length >= 3
      ? strict
      : (sentence: AnalysedSentence) => (mentions(sentence) || 0) >= 0.5;
  // "This extra number must start at 1." and "… how to manage this …" name what they speak of only in a
  // sentence the explanation may not have.
  // A formula the sentence names ("P → Q means if P then Q, called an implication") or defines the topic by ("The
  // contrapositive of an implication P → Q is the statement ¬Q → ¬P") is part of what the idea is.
  const opensOnTopic = new RegExp(`^(?:the|an?)\\s+${escapeRegExp(topic)}(?:s|es)?\\s+(?:of\\b|is\\b|are\\b)`, 'iu');
  const formulaExplained = (text: string) => SAYS_WHAT_IT_MEANS.test(text) || opensOnTopic.test(text);
  const onTopic = sentences.filter(
    (sentence) =>
      about(sentence) &&
      explainable(sentence) &&
      !pointsBack(sentence) &&
      !leansOnContext(sentence) &&
      // "So far you have seen how to add …" and "That said, …" go on from the sentence before; "Suppose ad ≡ bd
      // (mod n)." says its claim in a formula that plain words cannot carry, unless it names what the formula means
      // ("P → Q means if P then Q, called an implication").
      !opensOnContext(sentence.text) &&
      // "But you could as well have made …" answers the sentence before it.
      !/^(?:but|and|yet|or)\s/i.test(sentence.text) &&
      (!quotesFormula(sentence.text) || formulaExplained(sentence.text)) &&
      // "You will learn the basic principles of politics." and "… the terms in this book …" speak of the course.
      !speaksOfTheText(sentence.text),
  );
  // A long definition is still the best start: it is split into short sentences below.
  const definitions = sentences.filter(
    (sentence) => about(sentence) && sentence.words.length <= 70 && !leansOnContext(sentence),
  );
  const definition =
    definitions.find((sentence) => {
      const term = definitionIn(sentence.text);
      return term !== null && singularKey(term) === topicKey;
    }) ??
    onTopic.find((sentence) => {
      // "The universe set is the set of all elements." defines a kind of set, and "The size of a set is called its
      // cardinality." another idea: neither says what a set is.
      const term = definitionIn(sentence.text);
      return term !== null && !namesAKindOf(term, topicKey) && sharesAWord(term, topicKey);
    });
  if (definition && !onTopic.includes(definition)) onTopic.unshift(definition);
  const example = onTopic.find((sentence) => sentence !== definition && EXAMPLE_CUE.test(sentence.text));
  // Where the book sets the term in bold or italic it introduces it: that sentence and those that go on about it in its
  // paragraph explain it before any other mention ("Graphs are made up of … dots and lines connecting those dots
  // (called edges)." rather than "There are then 3f/2 edges.").
  const introduced = onTopic.find((sentence) => sentence.text === introduction);
  const introducing = (sentence: AnalysedSentence) =>
    introduced !== undefined &&
    sentence.group === introduced.group &&
    sentence.position >= introduced.position &&
    sentence.position <= introduced.position + 2;
  // An entry of a settings list ("Grid: This colour is used to draw grid on the map.") describes its label, not the
  // topic: it comes after the plain sentences.
  const listEntry = (sentence: AnalysedSentence) => LIST_ENTRY.test(sentence.text);
  // One example explains; more are a list of cases ("if the version is 1.5-2 … if it is 1.5 …").
  const rest = onTopic
    .filter((sentence) => sentence !== definition && !EXAMPLE_CUE.test(sentence.text))
    .map((sentence) => ({ sentence, grade: gradeOfWords(sentence.words, 1) }))
    .sort(
      (a, b) =>
        Number(introducing(b.sentence)) - Number(introducing(a.sentence)) ||
        Number(listEntry(a.sentence)) - Number(listEntry(b.sentence)) ||
        a.grade - b.grade ||
        a.sentence.position - b.sentence.position,
    )
    .map(({ sentence }) => sentence);
  // Without the book's definition, a plain statement about the topic opens; "For instance, …" never does. A
  // person or place opens with what they are like ("Lestrade, lean and ferret-like as ever, …"), not with an act;
  // a thing with what it is or does, the topic as its subject ("The map view shows …").
  // "The set B is …" speaks of one set the book names by a letter, not of sets.
  const asSubject = new RegExp(
    `^(?:the|a|an|this|each|every)\\s+${escapeRegExp(topic)}s?\\b(?!\\s*:)(?!\\s+\\p{Lu}\\b)`,
    'iu',
  );
  // "For you, a set will simply be an unordered collection of objects.": what a thing is, said in passing.
  const saysWhatItIs = new RegExp(
    `^(?:[^,]{1,24},\\s*)?(?:a|an|the)\\s+${escapeRegExp(topic)}s?\\s+(?:is|will\\s+(?:simply\\s+)?be|can\\s+be\\s+thought\\s+of\\s+as)\\s+(?:simply\\s+|just\\s+)?(?:a|an)\\s`,
    'iu',
  );
  // A worked case opens nothing: "A confidence interval no wider than 20% has a margin of error of 10%." says what
  // one case came to, not what the idea is.
  const general = rest.filter((sentence) => !statesWorkedValues(sentence.text));
  const opener = definition
    ? undefined
    : (general.find((sentence) => saysWhatItIs.test(sentence.text)) ??
      (introduced && general.includes(introduced) ? introduced : undefined) ??
      general.find((sentence) => portrays(topic, sentence.text)) ??
      general.find((sentence) => asSubject.test(sentence.text)) ??
      general.find((sentence) => !listEntry(sentence)) ??
      rest.find((sentence) => !listEntry(sentence)));
  const opening = definition ?? (opener ? rest.splice(rest.indexOf(opener), 1)[0] : rest.shift());
  // No sentence names the topic well enough to explain it: said so, rather than sentences about something else.
  const pool = [opening, example, ...rest].filter((sentence): sentence is AnalysedSentence => Boolean(sentence));
  const bookGrams = wordGrams(pages.map((page) => page.text));
  const topicIsPlural = singularKey(topic) !== topic.toLowerCase() && /[^s]s$/i.test(topic);
  const pieces: Array<{ text: string; origin: string; position: number; core: boolean; opens: boolean }> = [];
  let words = 0;
  const said: string[] = [];
  for (const sentence of pool) {
    if (pieces.length >= 6 || words >= ELI12_MAX_WORDS) break;
    // "In both cases, if the last upload was also an NMU, …" repeats a sentence already said.
    const key = sentenceKey(sentence.text);
    if (said.some((other) => other.includes(key) || key.includes(other))) continue;
    said.push(key);
    const keep = new Set([...lemmas, ...terms]);
    // Retold in plain words and short sentences; a piece that still only repeats the book is left to the book, but
    // the opening stays (as written, if the retelling leaves nothing of it) so that the idea is still said.
    // The example is the book's own, retold and framed as one, even where its retelling stays near the book's words.
    const asExample = sentence === example ? retellExample(sentence.text, keep, bookGrams) : [];
    // After the opening has named the topic, a sentence of which it is the subject says "It"/"They".
    const told = sentence === opening ? sentence.text : topicAsPronoun(sentence.text, topic, topicIsPlural);
    const retelling = asExample.length ? asExample : partsInOwnWords(retell(told, keep), bookGrams);
    const parts =
      retelling.length || sentence !== opening
        ? retelling
        : shortSentences(plainer(plainWords(sentence.text, keep), keep));
    if (parts.length === 0) continue;
    const count = parts.reduce((sum, part) => sum + part.split(/\s+/).length, 0);
    if (words + count > ELI12_MAX_WORDS && pieces.length >= 2) continue;
    const core = sentence === opening || sentence === example;
    parts.forEach((text, index) =>
      pieces.push({
        text,
        origin: sentence.origin,
        position: sentence.position + index / 10,
        core,
        opens: sentence === opening,
      }),
    );
    words += count;
  }
  const render = (chosen: typeof pieces) => {
    const ordered = [...chosen];
    const out: string[] = [];
    for (let i = 0; i < ordered.length; i += 1) {
      out.push(ordered[i]!.text);
      if (ordered[i + 1]?.origin !== ordered[i]!.origin) out.push(formatPageCitation([ordered[i]!.origin]));
    }
    return out.filter(Boolean).join(' ');
  };
  let chosen = pieces;
  // The hardest piece goes first and the example last, until the text reads at grade 7. The opening (the book's
  // definition, in short sentences) stays whatever its grade: an example alone explains nothing.
  while (fleschKincaidGrade(render(chosen)) > ELI12_MAX_GRADE) {
    const removable = chosen.filter((piece) => !piece.core);
    const from = removable.length ? removable : chosen.filter((piece) => !piece.opens);
    if (from.length === 0) break;
    const hardest = from.reduce((worst, piece) => (pieceGrade(piece.text) > pieceGrade(worst.text) ? piece : worst));
    chosen = chosen.filter((piece) => piece !== hardest);
  }
  return render(chosen) || nothingToRetell(topic, pages);
}

// "Ground Track: Selecting this option will show …": a label and a colon, then what it does.
const LIST_ENTRY = /^\p{Lu}[^.!?:]{0,40}:\s/u;

/** Said when no whole sentence of the pages explains the topic (a table, a code listing): never an empty box. */
function nothingToRetell(topic: string, pages: readonly StudyPage[]): string {
  const lower = topic.toLowerCase();
  const named = pages.filter((page) => page.text.toLowerCase().includes(lower)).map((page) => page.label);
  const citation = formatPageCitation(named.length ? named : pages.map((page) => page.label));
  // "The book names mod here": the topic as the pages write it inside a sentence, not as a title.
  const inSentence = new RegExp(`(?<=\\p{Ll}[,;]?\\s+|\\()${escapeRegExp(topic)}(?![\\p{L}\\p{N}_])`, 'iu');
  const written = pages.map((page) => inSentence.exec(page.text)?.[0]).find(Boolean) ?? topic;
  return topic.split(/\s+/).length <= 6
    ? `The book names ${written} here but does not explain it in whole sentences, so there is nothing plain to retell. Read about it in the book ${citation}.`
    : `These pages hold no whole sentences about the passage to retell simply. Read it in the book ${citation}.`;
}

function pieceGrade(text: string): number {
  const words = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  return gradeOfWords(words, 1);
}

export function topicLemmas(topic: string): string[] {
  // A title is capitalised for display: "Properties" alone reads as a name (lemma "properties"), "properties" as the
  // noun the chapter writes (lemma "property").
  const text = /^\p{Lu}\p{Ll}/u.test(topic) ? topic.charAt(0).toLowerCase() + topic.slice(1) : topic;
  const sentences = analyseSegments([{ text, origin: '', group: 0 }]);
  return [
    ...new Set(sentences.flatMap((sentence) => sentence.tokens.filter(isContentToken).map((token) => token.lemma))),
  ];
}

function capitaliseFirst(text: string): string {
  // A file or code name is spelt as the book spells it: "restypedef.cpp", not "Restypedef.cpp".
  if (/^\S*[._]/.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Kept here too for the modules that import them with the notes.
export { plainer, shortSentences };
