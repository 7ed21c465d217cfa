import type { AnalysedChapter } from '../analyse-chapter.js';
import groupNouns from '../data/group-nouns.json' with { type: 'json' };
import purposeVerbs from '../data/purpose-verbs.json' with { type: 'json' };
import { analyseSegments, type AnalysedSentence } from '../text/chapter-text.js';
import { formatPageCitation } from '../text/page-citations.js';
import { ELI12_MAX_GRADE, fleschKincaidGrade } from '../text/readability.js';
import { capitaliseFirst, opensOnContext, quotesFormula, sentenceProblem } from '../text/sentence-hygiene.js';
import { explainSimply, plainer, topicLemmas } from './notes.js';
import { nameGivenBefore } from './named-before.js';
import { indefiniteArticle } from './short-sentences.js';
import {
  asKind,
  compress,
  hasVerb,
  headIsPluralNoun,
  isPrepositionalParticiple,
  isResultParticiple,
  verbFrame,
  listAsSentence,
  plainWords,
  purposeFrame,
  retellExample,
  partsInOwnWords,
  retell,
  thirdPerson,
  topicAsPronoun,
  wordGrams,
} from './plain-retelling.js';
import { chapterTermWords } from './term-words.js';
import {
  definitionIn,
  escapeRegExp,
  leansOnContext,
  pointsAtUnseen,
  pointsBack,
  singularKey,
  speaksOfTheText,
} from './study-notes.js';

/** One sentence of an explanation and the page it retells. */
interface Line {
  text: string;
  page: string;
  /** The meaning itself, kept whatever its grade; what it is for and the example give way first. */
  core: boolean;
  /** The book's example, retold. */
  example?: boolean;
  /** Which extra the line belongs to (what it is for, one more thing, the example): an extra goes whole. */
  part?: 'purpose' | 'more' | 'example';
}

/** What the book says a term is: a glossary's gloss or the predicate of its definition, and where it says so. */
interface Meaning {
  gloss: string;
  page: string;
  /** The article the book's definition opens with ("A function is …"), kept in the retelling. */
  article?: string;
}

/**
 * "Explain Like I'm 12" from the chapter's structure: what the idea is (the book's own definition or glossary gloss,
 * retold in short sentences and plainer words), what it is for (a sentence of the chapter that says what it does or
 * allows), and one example (the book's own). A topic the chapter never defines is retold from its sentences.
 */
export function explainTopic(topic: string, chapter: AnalysedChapter): string {
  const explanation = explainIdea(topic, chapter);
  return isPerson(topic, chapter) && !isPlural(topic) ? asPerson(explanation) : explanation;
}

/**
 * "The prime minister … who", "a legislator who …": the chapter says "who" of the topic, and more
 * often than "which" or "that", so the topic is a person (Quirk et al. 1985, §17.10: "who" for personal antecedents).
 */
function isPerson(topic: string, chapter: AnalysedChapter): boolean {
  const name = escapeRegExp(singularKey(topic));
  // "supporters of classical liberalism, who …", "members of the state legislatures, who …": the clause is of the
  // noun before "of".
  const relative = (pronouns: string) =>
    new RegExp(`(?<!\\bof\\s+(?:\\S+\\s+){0,2})\\b${name}(?:s|es)?,?\\s+(?:${pronouns})\\b`, 'gi');
  const text = chapter.sentences.map((sentence) => sentence.text).join(' ');
  const who = text.match(relative('who|whom|whose'))?.length ?? 0;
  const which = text.match(relative('which|that'))?.length ?? 0;
  // "Holmes, who …" is a person with a name of their own: the story says "he" or "she", which only it knows.
  const common = new RegExp(`(?<=\\p{Ll}\\s+)${escapeRegExp(topic.toLowerCase())}`, 'u').test(text);
  return common && who > 0 && who > which;
}

// A sentence opening on "It"/"Its" said of the topic; not "It is easy to …", whose "it" stands for what follows.
const IT_OF_TOPIC = /(^|[.!?]\s+|\)\s+)(It|Its)\b(?!\s+(?:is|was|seems|takes)\s+\S+\s+(?:to|that)\b)/g;

/** "It will come from the majority party." -> "He or she will come …": a person is no "it". */
function asPerson(explanation: string): string {
  return explanation.replace(
    IT_OF_TOPIC,
    (_, before: string, pronoun: string) => `${before}${pronoun === 'Its' ? 'His or her' : 'He or she'}`,
  );
}

function explainIdea(topic: string, chapter: AnalysedChapter): string {
  // The topic's words and the chapter's terms are never swapped for plain ones.
  const keep = new Set([...topicLemmas(topic), ...chapterTermWords(chapter)]);
  const defined = meaningOf(topic, chapter);
  const naming: Naming = {
    countable: isCountable(topic, chapter),
    definite: writtenWithThe(topic, chapter),
    counted: (noun) => isCountable(noun, chapter),
  };
  const described = defined
    ? null
    : (describedThenNamed(topic, chapter, keep, naming) ??
      namedInBrackets(topic, chapter, keep, naming) ??
      whatItSays(topic, chapter, keep));
  const meaning = defined ?? described?.meaning;
  const retoldFromTheChapter = () =>
    explainSimply(topic, chapter.input.pages, chapter.sentences, keep, introductionOf(topic, chapter));
  if (!meaning) return retoldFromTheChapter();
  const what = defined ? whatItIs(topic, defined, keep, naming) : described!.lines;
  if (what.length === 0) return retoldFromTheChapter();
  const mentions = mentionsOf(topic);
  // What it is for is said in the engine's words or not at all: a sentence the book already says is the book's to
  // say. The example is the book's own, retold.
  const bookGrams = wordGrams(chapter.input.pages.map((page) => page.text));
  const inOwnWords = (lines: Line[]) => {
    const kept = new Set(
      partsInOwnWords(
        lines.map((line) => line.text),
        bookGrams,
      ),
    );
    return lines.filter((line) => kept.has(line.text));
  };
  const about = chapter.sentences.filter(mentions);
  const purpose = inOwnWords(whatItIsFor(topic, about, keep));
  const example = anExample(topic, [...chapter.examples, ...about], keep, bookGrams);
  // Without what it is for, one more thing the book says of the idea (the idea its subject), in the engine's words.
  const more = inOwnWords(moreAbout(topic, about, meaning, keep)).slice(0, 1);
  // Each extra is one sentence of the book, retold in one or more lines: it stays or goes whole ("For example, the
  // right to vote is not stated in the Constitution. But citizens view it as basic …" loses its "But …" with it).
  const part = (name: Line['part'], extra: Line[]) => extra.map((line) => ({ ...line, part: name }));
  const lines = [
    ...what,
    ...part('purpose', purpose),
    ...part('more', purpose.length ? [] : more),
    ...part('example', example),
  ];
  let chosen = lines;
  // The longest of the extras gives way while that brings the text nearer grade 7; the meaning always stays.
  for (;;) {
    const grade = fleschKincaidGrade(render(chosen));
    if (grade <= ELI12_MAX_GRADE) break;
    // The example stays unless it is longer than the meaning it illustrates: then it is a story of its own.
    const meaningWords = wordCount(chosen.filter((line) => line.core).map((line) => line.text));
    const example = chosen.filter((line) => line.example).map((line) => line.text);
    const extra = chosen.filter((line) => !line.core && (!line.example || wordCount(example) > meaningWords));
    if (extra.length === 0) break;
    const longest = extra.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    const without = chosen.filter((line) => line.part !== longest.part);
    if (fleschKincaidGrade(render(without)) >= grade) break;
    chosen = without;
  }
  // What it is for gave way: the one more thing the book says of the idea may take its place, if it reads as plainly.
  if (purpose.length && more.length && !chosen.some((line) => line.part === 'purpose')) {
    const examples = chosen.filter((line) => line.part === 'example');
    const withMore = [...chosen.filter((line) => line.part !== 'example'), ...part('more', more), ...examples];
    if (fleschKincaidGrade(render(withMore)) <= Math.max(fleschKincaidGrade(render(chosen)), ELI12_MAX_GRADE))
      chosen = withMore;
  }
  return render(chosen);
}

/** The sentence where the chapter sets the topic in bold or italic: where the book introduces it. */
function introductionOf(topic: string, chapter: AnalysedChapter): string | undefined {
  const key = singularKey(topic);
  return chapter.terms.emphasised.find((entry) => singularKey(entry.term) === key)?.definition;
}

function wordCount(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
}

function render(lines: readonly Line[]): string {
  return lines
    .map((line, at) =>
      lines[at + 1]?.page === line.page ? line.text : `${line.text} ${formatPageCitation([line.page])}`,
    )
    .join(' ');
}

/**
 * "An atomic nucleus of an unstable atom may lose energy by emitting ionizing particles. This process is known as
 * radioactive decay.": the book describes the idea, then names it. Said as what kind of thing it is, then the
 * description: "Radioactive decay is a process. An atomic nucleus of an unstable atom may lose energy by giving off
 * ionizing particles." The description must stand alone (no "this" of its own, no formula, no task).
 */
function describedThenNamed(
  topic: string,
  chapter: AnalysedChapter,
  keep: ReadonlySet<string>,
  naming: Naming,
): { meaning: Meaning; lines: Line[] } | null {
  const key = singularKey(topic);
  const topicWords = new Set(topicLemmas(topic));
  for (const [at, sentence] of chapter.sentences.entries()) {
    const named = nameGivenBefore(sentence.text);
    const previous = chapter.sentences[at - 1];
    if (!named || singularKey(named.name) !== key || !previous || previous.group !== sentence.group) continue;
    // "These are called …", "This is known as …": the sentence says no kind of thing to open with.
    const kind = named.noun.replace(/^(?:an?|the)\s+/i, '');
    const kindWords = tokensOf(kind);
    const head = kindWords.at(-1);
    if (!head || head.pos !== 'NOUN') continue;
    // "Such a path is called a Hamilton path": "A Hamilton path is a path" says nothing.
    if (topicWords.has(head.lemma.toLowerCase())) continue;
    // "These amendments are known as the Bill of Rights": one name for many things is no kind of them.
    const plural = /^(?:are|were)$/.test(named.verb);
    if (plural !== isPlural(topic)) continue;
    if (previous.words.length < 6 || previous.words.length > 45 || !standsAlone(previous)) continue;
    const meaning = { gloss: previous.text, page: previous.origin };
    const lines = kindThenDescription(topic, { kind, plural, article: named.article }, meaning, keep, naming);
    if (lines) return { meaning, lines };
  }
  return null;
}

/**
 * "The multiplicative principle states that if event A can occur in m ways, …": what a principle, a law, a theory or
 * a theorem says is what it is. Said as the book's subject says it ("The multiplicative principle says that …"), in
 * plainer words; the statement must stand alone.
 */
function whatItSays(
  topic: string,
  chapter: AnalysedChapter,
  keep: ReadonlySet<string>,
): { meaning: Meaning; lines: Line[] } | null {
  const says = new RegExp(
    String.raw`^((?:the\s+)?${escapeRegExp(topic)})\s+(?:states|says|asserts|holds)\s+that\s+(.{20,}?)[.!]?$`,
    'iu',
  );
  for (const sentence of chapter.sentences) {
    if (sentence.words.length > 45 || !standsAlone(sentence)) continue;
    const found = says.exec(sentence.text.trim());
    if (!found) continue;
    const meaning = { gloss: found[2]!, page: sentence.origin };
    const lines = retoldOrAsIs(`${capitaliseFirst(found[1]!)} says that ${found[2]!}.`, keep)
      .filter((text) => sentenceProblem(text) === null)
      .map((text) => ({ text, page: sentence.origin, core: true }));
    if (lines[0]?.text.toLowerCase().startsWith(found[1]!.toLowerCase())) return { meaning, lines };
  }
  return null;
}

/**
 * "Radioactive decay is a process." then the book's description of it, retold: the opening of an idea the book names
 * rather than defines. The name as the book gives it ("… known as the core-periphery model" is "The core-periphery
 * model"). Null when the description does not survive as a whole sentence.
 */
function kindThenDescription(
  topic: string,
  { kind, plural, article }: { kind: string; plural: boolean; article?: string },
  meaning: Meaning,
  keep: ReadonlySet<string>,
  naming: Naming,
): Line[] | null {
  const kindPhrase = plural ? kind : `${indefiniteArticle(kind)} ${kind}`;
  const name = article ? `${article} ${lowerFirst(topic)}` : nameOf(topic, meaning, kindPhrase, naming);
  const opening = `${capitaliseFirst(name)} ${plural ? 'are' : 'is'} ${kindPhrase}.`;
  const lines = [opening, ...retoldOrAsIs(meaning.gloss, keep)]
    .filter((text) => sentenceProblem(text) === null || text.split(/\s+/).length < 4)
    .map((text) => ({ text, page: meaning.page, core: true }));
  return lines.length >= 2 ? lines : null;
}

/**
 * "Graphs are made up of a collection of dots (called vertices) and lines connecting those dots (called edges).": the
 * book names a thing in brackets after the noun that says what it is. Said as "Vertices are dots.", then the sentence
 * without its brackets: "Graphs are made up of a collection of dots and lines connecting those dots."
 */
function namedInBrackets(
  topic: string,
  chapter: AnalysedChapter,
  keep: ReadonlySet<string>,
  naming: Naming,
): { meaning: Meaning; lines: Line[] } | null {
  const name = escapeRegExp(singularKey(topic));
  const named = new RegExp(
    String.raw`([\p{L}-]+)\s*\(\s*(?:also\s+)?(?:called|known\s+as|named|termed)\s+(?:(the|an?)\s+)?${name}(?:s|es)?\s*\)`,
    'iu',
  );
  const topicWords = new Set(topicLemmas(topic));
  const plural = isPlural(topic);
  for (const sentence of chapter.sentences) {
    const found = named.exec(sentence.text);
    if (!found || sentence.words.length > 45) continue;
    const noun = tokensOf(found[1]!)[0];
    if (!noun || noun.pos !== 'NOUN' || topicWords.has(noun.lemma.toLowerCase())) continue;
    // "dots (called vertices)": the noun and the name agree in number.
    if (headIsPluralNoun(found[1]!) !== plural) continue;
    // "lines connecting those dots (called edges)": a verb's object is not what the bracket names; a noun the verb's
    // participle describes is ("Edges are lines connecting those dots.").
    const textBefore = sentence.text.slice(0, found.index);
    const before = tokensOf(textBefore).filter((token) => token.isWord);
    while (before.length && ['DET', 'ADJ', 'NUM'].includes(before.at(-1)!.pos)) before.pop();
    const described = before.at(-1)?.pos === 'VERB' ? describedByParticiple(textBefore, plural, topicWords) : '';
    if (described === null) continue;
    const without = sentence.text.replace(/\s*\(\s*(?:also\s+)?(?:called|known\s+as|named|termed)\s+[^()]*\)/giu, '');
    const bare = { ...sentence, text: without };
    if (!standsAlone(bare)) continue;
    const meaning = { gloss: without, page: sentence.origin };
    // "(called the upper house)": the name as the book gives it.
    const kind = { kind: `${described}${found[1]!}`.toLowerCase(), plural, article: found[2]?.toLowerCase() };
    const lines = kindThenDescription(topic, kind, meaning, keep, naming);
    if (lines) return { meaning, lines };
  }
  return null;
}

/**
 * "… and lines connecting those " before "dots (called edges)": the noun a participle describes and the participle
 * with its determiner ("lines connecting those ", "a sequence of values approximating the "), when the noun agrees with the name in number and is not the name's
 * own word; null when the verb before the bracket is no participle of a noun.
 */
function describedByParticiple(textBefore: string, plural: boolean, topicWords: ReadonlySet<string>): string | null {
  // "a sequence of values approximating the ": the head is the noun before its "of".
  const found =
    /(\p{L}+)((?:\s+of\s+\p{L}+)?)\s+(\p{Ll}+ing)\s+((?:(?:the|these|those|its|their|an?|two|all)\s+)?(?:\p{Ll}+\s+)?)$/u.exec(
      textBefore,
    );
  if (!found) return null;
  const noun = tokensOf(found[1]!)[0];
  if (!noun || noun.pos !== 'NOUN' || topicWords.has(noun.lemma.toLowerCase())) return null;
  if (headIsPluralNoun(found[1]!) !== plural) return null;
  return `${found[1]}${found[2]} ${found[3]} ${found[4]}`;
}

/** Sentences naming the topic (its singular or plural, as a whole phrase). */
function mentionsOf(topic: string): (sentence: AnalysedSentence) => boolean {
  const key = escapeRegExp(singularKey(topic));
  const pattern = new RegExp(`\\b${key}(?:s|es)?\\b`, 'i');
  return (sentence) => pattern.test(singularKey(sentence.text)) || pattern.test(sentence.text);
}

function meaningOf(topic: string, chapter: AnalysedChapter): Meaning | null {
  // "Isomorphic" is said of things; only a thing's name is retold as "X is …".
  if (tokensOf(topic.toLowerCase()).at(-1)?.pos !== 'NOUN') return null;
  const key = singularKey(topic);
  const glossed = chapter.terms.glossary.find((entry) => singularKey(entry.term) === key && entry.definition);
  if (glossed) return { gloss: glossed.definition, page: glossed.pages[0] ?? '' };
  // "Stability is the …" is a definition when its subject is the topic itself: a bare word before "is the" is only
  // refused when it could be an example's word ("Car is the direct object …"), and the topic is the chapter's term.
  const namedFirst = new RegExp(
    String.raw`^(?:(?:the|an?)\s+)?${escapeRegExp(topic)}(?:s|es)?\s+(?:is|are)\s+(?:the|an?)\s`,
    'i',
  );
  const candidates = [
    ...chapter.terms.definitions.map((entry) => ({ text: entry.definition, page: entry.pages[0] ?? '' })),
    ...chapter.sentences
      .filter((sentence) => sentence.words.length <= 45 && standsAlone(sentence))
      .map((sentence) => ({ text: sentence.text, page: sentence.origin })),
  ];
  for (const { text, page } of candidates) {
    const term = definitionIn(text);
    if (!(term !== null && singularKey(term) === key) && !namedFirst.test(text)) continue;
    const gloss = predicateOf(text, topic);
    const article = /^(an?)\s/i.exec(text)?.[1]?.toLowerCase();
    if (gloss && namesAThing(gloss)) return { gloss, page, article };
  }
  return null;
}

// "a rule that …", "the set of all inputs": a predicate that names a thing; not "we say a is …" or "graphs".
const NAMING_START = new Set(['DET', 'NOUN', 'ADJ', 'PROPN', 'NUM', 'ADV']);
function namesAThing(gloss: string): boolean {
  const words = tokensOf(gloss);
  // "the closed formula is an 50 − 7n" gives a formula (a_n), not a thing: no operator of arithmetic or logic.
  return (
    words.length >= 2 &&
    NAMING_START.has(words[0]!.pos) &&
    !/[=+<>^·×÷−{}\u2200-\u22ff]|\d\s*[-−]\s*\d/u.test(gloss) &&
    // "equations which … were first studied by …, and as such": a description cut where the sentence went on.
    !/\b(?:and|or|but|as such|thus|so|hence|therefore)$/i.test(gloss.replace(/[\s,.;:]+$/, ''))
  );
}

/** "A set is a collection of objects." -> "a collection of objects"; "… is called a set." -> what comes before. */
export function predicateOf(sentence: string, term: string): string | null {
  const text = sentence.trim().replace(/[.!?]+$/, '');
  const name = escapeRegExp(term);
  const ahead = new RegExp(
    `^(?:an?\\s+|the\\s+)?${name}(?:s|es)?\\s*(?:\\([^()]*\\)\\s*)?,?\\s+(?:is|are|refers?\\s+to|means|denotes|describes)\\s+(?:(?:defined|known|described)\\s+as\\s+)?(.+)$`,
    'i',
  ).exec(text);
  if (ahead) return ahead[1]!;
  const behind = new RegExp(
    `^(.+?)\\s+(?:is|are)\\s+(?:called|termed|known\\s+as|referred\\s+to\\s+as)\\s+(?:an?\\s+|the\\s+)?["'“]?${name}`,
    'i',
  ).exec(text);
  return behind ? lowerFirst(behind[1]!) : null;
}

// Where a gloss turns from what the thing is to what it does: "an ideology | that may allow …".
const RELATIVE = /\s(?:that|which|who|whose)\s/i;
/**
 * "… may allow freedoms in nonpolitical life | but does not permit …": a second verb phrase of the same subject, after
 * "but" or "and" followed by a verb (not "and countries").
 */
function secondPredicate(clause: string): { index: number; length: number; joiner: string } | null {
  for (const match of clause.matchAll(/,?\s+(but|and)\s+/g)) {
    const after = tokensOf(clause.slice(match.index + match[0].length));
    const verb = after[0]?.pos === 'ADV' || after[0]?.pos === 'PART' ? after[1] : after[0];
    // "promotes and regulates trade": two verbs of one object are one predicate; so are three ("interprets, defends,
    // and applies the law"), whose "and" closes a list.
    const before = clause.slice(0, match.index);
    const first = before.trim().split(/\s+/);
    const closesList = match[0].startsWith(',') && /,\s*\p{L}+$/u.test(before);
    if (verb && (verb.pos === 'VERB' || verb.pos === 'AUX') && first.length > 1 && !closesList)
      return { index: match.index, length: match[0].length, joiner: match[1]! };
  }
  return null;
}

/**
 * A gloss cut where it turns from what the thing is to what it does: at a relative clause of its own ("an ideology |
 * that may allow …"), or a participle ("an ideology | emphasizing natural rights"). The rest is retold with "It"/"They"
 * and a verb that agrees: "It emphasizes natural rights."
 */
export function splitGloss(gloss: string): { head: string; rest: string[] } {
  // "democratic governments in which the chief executive is selected …" -> "… governments. In them, the chief …".
  const place = /\s(?:in|under|by|through)\s+which\s/i.exec(gloss);
  if (place && !endsOpen(gloss.slice(0, place.index))) {
    const head = indefinite(gloss.slice(0, place.index));
    const preposition = place[0].trim().split(/\s+/)[0]!.toLowerCase();
    const pronoun = headIsPluralNoun(head) ? 'them' : 'it';
    return {
      head,
      rest: [`${capitaliseFirst(preposition)} ${pronoun}, ${gloss.slice(place.index + place[0].length)}.`],
    };
  }
  const relative = RELATIVE.exec(gloss);
  if (relative) {
    const head = gloss.slice(0, relative.index);
    const clause = gloss.slice(relative.index + relative[0].length);
    // "one who seeks …": a pronoun head is nothing without its clause.
    if (/^(?:one|someone|something|anyone|anything)$/i.test(head.trim())) return { head: gloss, rest: [] };
    // "the percentage of eligible voters who cast …" is about the voters: the head keeps its clause; "a group of people
    // who share …" says what its members do, told of them ("They share …").
    if (opensWithVerb(clause) && !endsOpen(head) && (!/\sof\s/i.test(head) || membersDo(head, clause))) {
      const kind = indefinite(head);
      // A group's clause is its members': "a set of tests that can check …" -> "They can check …".
      const pronoun = /\sof\s/i.test(head) ? 'they' : pronounFor(clause, head);
      const second = secondPredicate(clause);
      const first = second ? clause.slice(0, second.index) : clause;
      const rest = [`${capitaliseFirst(pronoun)} ${first}.`];
      if (second) {
        const tail = clause.slice(second.index + second.length);
        rest.push(second.joiner === 'but' ? `But ${pronoun} ${tail}.` : `${capitaliseFirst(pronoun)} ${tail}.`);
      }
      return { head: kind, rest };
    }
    return { head: gloss, rest: [] };
  }
  const tokens = tokensOf(gloss);
  // Only right after the gloss's first noun ("an ideology emphasizing …"): deeper in, it belongs to another noun.
  const firstNoun = tokens.findIndex((token) => token.pos === 'NOUN');
  const isParticiple = (token: (typeof tokens)[number] | undefined) =>
    token !== undefined &&
    token.pos === 'VERB' &&
    token.normal.endsWith('ing') &&
    // "instructions regarding what is allowed" is about what is allowed: the instructions regard nothing.
    !isPrepositionalParticiple(token.normal);
  let at = firstNoun >= 0 && isParticiple(tokens[firstNoun + 1]) ? firstNoun + 1 : -1;
  // Deeper in, only a participle of means or result speaks of the whole thing: "the systematic study of political
  // phenomena | using empirical methods"; "a set of voters holding …" is the voters'.
  if (at < 0 && firstNoun >= 0) {
    const deeper = tokens.findIndex((token, index) => index > firstNoun && isParticiple(token));
    const between = tokens.slice(firstNoun + 1, deeper);
    if (
      deeper > 0 &&
      isResultParticiple(tokens[deeper]!.lemma) &&
      !between.some((t) => t.pos === 'VERB' || t.pos === 'AUX')
    )
      at = deeper;
  }
  if (at < 0) return { head: gloss, rest: [] };
  const participle = tokens[at]!;
  const start = gloss.toLowerCase().indexOf(` ${participle.normal} `);
  if (start < 0) return { head: gloss, rest: [] };
  const head = gloss.slice(0, start).replace(/,$/, '');
  const after = gloss.slice(start + participle.normal.length + 2);
  const plural = headIsPluralNoun(head);
  const verb = plural ? participle.lemma : thirdPerson(participle.lemma);
  return { head, rest: [`${plural ? 'They' : 'It'} ${verb} ${after}.`] };
}

const GROUP_NOUNS = new Set(groupNouns.words);
/** "a group of people who organize …": the clause tells what the members do, its verb agreeing with them. */
function membersDo(head: string, clause: string): boolean {
  const members = membersOf(head);
  return members !== null && pronounFor(clause, members) === 'they';
}

/**
 * "a group of people" -> "people", "the set of institutions" -> "institutions": a group named by its members, plural
 * nouns with nothing that picks out all of them ("the set of all numbers that …" is defined by its clause). "People"
 * is a plural its lemma hides.
 */
function membersOf(head: string): string | null {
  const match = /^(?:(?:the|an?)\s+)?(?:\p{L}+\s+)?(\p{L}+)\s+of\s+(.+)$/iu.exec(head);
  if (!match || !GROUP_NOUNS.has(match[1]!.toLowerCase())) return null;
  const members = match[2]!;
  const named =
    !/\b(?:all|every|each|any|those|such)\b|\sof\s/i.test(members) &&
    (headIsPluralNoun(members) || /\bpeople$/i.test(members)) &&
    members.split(/\s+/).length <= 3;
  return named ? members : null;
}

/**
 * "the gradual process | through which a person develops …": cut from the clause that picked it out, "the" process is
 * "a" process ("Socialization is a gradual process. Through it, …"). A head naming what it is "of" keeps its article.
 */
function indefinite(head: string): string {
  const match = /^the\s+(.+)$/i.exec(head);
  if (!match || /\sof\s/i.test(head)) return head;
  const words = tokensOf(match[1]!);
  if (words.length === 0 || words.length > 4 || words.at(-1)!.pos !== 'NOUN' || headIsPluralNoun(head)) return head;
  if (words.slice(0, -1).some((token) => token.pos !== 'ADJ' && token.pos !== 'NOUN')) return head;
  return `${indefiniteArticle(match[1]!)} ${match[1]}`;
}

/** "… that make and implement …" -> they; "… that strategically seeks …" -> it: the clause's verb says which. */
function pronounFor(clause: string, head: string): 'it' | 'they' {
  const verb = tokensOf(clause).find((token) => token.pos === 'VERB' || token.pos === 'AUX');
  if (verb) {
    if (/^(?:is|was|has|does)$/.test(verb.normal)) return 'it';
    if (/^(?:are|were|have|do)$/.test(verb.normal)) return 'they';
    if (verb.pos === 'VERB' && verb.normal !== verb.lemma && /s$/.test(verb.normal)) return 'it';
    if (verb.pos === 'VERB' && verb.normal === verb.lemma) return 'they';
  }
  return headIsPluralNoun(head) ? 'they' : 'it';
}

/** "A set is a kind of group." is said whole; only its words are made plain (its subject is the topic, kept). */
function plainOpening(sentence: string, keep: ReadonlySet<string>): string {
  return plainer(plainWords(compress(sentence) ?? sentence, keep), keep);
}

/** A sentence of the meaning retold; as written (in plainer words) when the retelling leaves nothing whole. */
function retoldOrAsIs(sentence: string, keep: ReadonlySet<string>): string[] {
  const parts = retell(sentence, keep);
  return parts.length ? parts : [plainer(sentence, keep)];
}

/** "Sets are a kind of groups" does not agree: a kind is said of a topic and a head that are both singular. */
function singularHead(head: string, topic: string): boolean {
  return !isPlural(topic) && !headIsPluralNoun(head);
}

/** What the idea is, in short sentences: "Authoritarianism is an ideology. It may allow … But it does not …". */
function whatItIs(topic: string, meaning: Meaning, keep: ReadonlySet<string>, naming: Naming): Line[] {
  const gloss = meaning.gloss
    .replace(/\s*\([^()]*\)/g, '')
    // A second sense after a semicolon ("…; also called political philosophy") is left to the book.
    .replace(/;.*$/, '')
    .replace(/[.;:,]+$/, '')
    .trim();
  if (!namesAThing(gloss)) return [];
  // "Power is the ability to …" -> "Power means being able to …": a noun made from a verb is said with the verb.
  const framedName = nameOf(topic, meaning, gloss, naming);
  // The frames' verbs are said of one thing: "Human rights means …" would not agree.
  const framed = isPlural(topic) ? null : verbFrame(capitaliseFirst(framedName), gloss);
  if (framed) {
    const said = retoldOrAsIs(framed, keep)
      .filter((sentence) => sentenceProblem(sentence) === null || sentence.split(/\s+/).length < 4)
      .map((text) => ({ text, page: meaning.page, core: true }));
    return said[0]?.text.toLowerCase().includes(framedName.toLowerCase()) ? said : [];
  }
  const split = splitGloss(gloss);
  const head = agreeingHead(split.head, topic, naming.counted);
  const { rest } = split;
  const named = nameOf(topic, meaning, head, naming);
  // "A function is a kind of rule.": the book's class of thing, in a frame of the engine's own.
  const kind = singularHead(head, topic) ? asKind(head) : null;
  const opening = `${capitaliseFirst(named)} ${isPlural(topic) ? 'are' : 'is'} ${lowerFirst(kind ?? head)}.`;
  // A long list closing the opening goes to a sentence of its own: "Some examples of shared characteristics are …".
  const sentences = [
    ...listAsSentence(plainOpening(opening, keep)),
    ...rest.flatMap((sentence) => retoldOrAsIs(sentence, keep)),
  ];
  const lines = sentences
    .filter((sentence) => sentenceProblem(sentence) === null || sentence.split(/\s+/).length < 4)
    .map((text) => ({ text, page: meaning.page, core: true }));
  // The opening sentence says what it is; without it the rest explains nothing.
  return lines[0] && lines[0].text.toLowerCase().startsWith(named.toLowerCase()) ? lines : [];
}

/** How the chapter names things: whether it counts the topic, writes it with "the" (and how), and counts a noun. */
interface Naming {
  countable: boolean;
  /** The topic as the chapter writes it after "the" ("World Bank", "judiciary"), when it mostly does. */
  definite: string | null;
  counted: (noun: string) => boolean;
}

/**
 * "A legislature is a deliberative body.": a glossary names its term bare; the topic takes the article the book's own
 * class of thing takes ("a body"), when it is a common noun in the singular, or "the" when the chapter writes it so
 * ("The World Bank is …", "The judiciary is …"). "Civil law is the system …" and "Politics" stay as they are.
 */
function nameOf(topic: string, meaning: Meaning, head: string, naming: Naming): string {
  if (meaning.article) return `${meaning.article} ${lowerFirst(topic)}`;
  if (naming.countable && isCommonNoun(topic) && /^(?:an?|one|someone|something)\s/i.test(head))
    return `${indefiniteArticle(topic)} ${lowerFirst(topic)}`;
  return naming.definite && !isPlural(topic) ? `the ${naming.definite}` : topic;
}

/** "Legislature", "prime minister": a common noun in the singular; not "World Bank", "Civil Rights" nor "Graphs". */
function isCommonNoun(topic: string): boolean {
  const words = topic.split(/\s+/);
  const properName = words.length > 1 && words.every((word) => /^\p{Lu}/u.test(word));
  if (properName || isPlural(topic) || !/^\p{Lu}?[\p{Ll}\s-]+$/u.test(topic)) return false;
  return tokensOf(lowerFirst(topic)).at(-1)?.pos === 'NOUN';
}

/**
 * Whether the chapter writes the topic with "the" where it names the thing itself (at least two times in three, and
 * twice or more): "the World Bank", "the judiciary". A mention followed by "of" or by a noun is not counted: "the
 * stability of the scheme", "the state governments" are made definite by what follows.
 */
function writtenWithThe(topic: string, chapter: AnalysedChapter): string | null {
  const words = topic.toLowerCase().split(/\s+/);
  let mentions = 0;
  let withThe = 0;
  let written: string | null = null;
  for (const sentence of chapter.sentences) {
    const tokens = sentence.tokens.filter((token) => token.isWord);
    for (let at = 0; at + words.length <= tokens.length; at += 1) {
      if (!words.every((word, k) => tokens[at + k]!.normal.toLowerCase() === word)) continue;
      const next = tokens[at + words.length];
      if (next && (next.normal.toLowerCase() === 'of' || next.pos === 'NOUN' || next.pos === 'PROPN')) continue;
      mentions += 1;
      if (tokens[at - 1]?.normal.toLowerCase() !== 'the') continue;
      withThe += 1;
      // Mid-sentence, the book's capitals are the name's own: "the Knesset", "the judiciary".
      written ??= tokens
        .slice(at, at + words.length)
        .map((token) => token.value)
        .join(' ');
    }
  }
  return mentions >= 2 && withThe * 3 >= mentions * 2 ? written : null;
}

/**
 * Whether the chapter counts the topic: "a legislature", "legislatures"; never "a liberalism" nor "public opinions". A
 * mass noun takes no article.
 */
function isCountable(topic: string, chapter: AnalysedChapter): boolean {
  const name = escapeRegExp(singularKey(topic));
  // "a public opinion poll" counts polls: after "a", the topic must end its phrase.
  const counted = new RegExp(
    `\\b(?:an?\\s+${name}(?=[,.;:]|\\s+(?:is|was|has|can|may|must|that|which|who|in|of|and|or)\\b)|${name}(?:s|es)\\b)`,
    'i',
  );
  return chapter.input.pages.some((page) => counted.test(page.text.replace(/\s+/g, ' ')));
}

/**
 * "Political participation is activities that …" does not agree: a singular topic said to be a bare plural is "a set
 * of" them, as the glossary means it. "World Bank is international financial institution" lacks its article: a bare
 * singular head takes "a"/"an" when the chapter counts its noun ("institutions"); "incorrect information" stays bare.
 */
function agreeingHead(head: string, topic: string, counted: (noun: string) => boolean): string {
  const first = tokensOf(head)[0];
  const bare = first !== undefined && first.pos !== 'DET' && first.pos !== 'NUM' && first.pos !== 'PRON';
  if (!bare || isPlural(topic)) return head;
  if (headIsPluralNoun(head)) return `a set of ${head}`;
  // Only a bare noun phrase ("international financial institution"), never a clause ("when the people …").
  const phrase = tokensOf(head.split(/\s+of\s+/i)[0]!);
  const nounPhrase = phrase.every((token) => token.pos === 'ADJ' || token.pos === 'NOUN');
  const noun = phrase.at(-1);
  return nounPhrase && noun?.pos === 'NOUN' && counted(noun.normal) ? `${indefiniteArticle(head)} ${head}` : head;
}

function tokensOf(text: string) {
  return analyseSegments([{ text, origin: '', group: 0 }]).flatMap((sentence) =>
    sentence.tokens.filter((t) => t.isWord),
  );
}

function endsOpen(head: string): boolean {
  const last = tokensOf(head).at(-1);
  return /,\s*$/.test(head) || last === undefined || last.pos === 'ADP' || last.pos === 'PRON';
}

function opensWithVerb(clause: string): boolean {
  const words = tokensOf(clause);
  const first = words[0]?.pos === 'ADV' ? words[1] : words[0];
  return first !== undefined && (first.pos === 'VERB' || first.pos === 'AUX');
}

// What a thing is for, said by the verb its name is the subject of: "… are used to …", "… help people make sense …",
// "… is useful for …", "… allows us to …". Up to two words (an adverb, "can", "also") stand between.
// The verbs of function in both forms ("protect", "protects"), and the modal verbs and adverbs that may come between.
const FUNCTION_VERB = purposeVerbs.verbs.map((verb) => `${verb}|${thirdPerson(verb)}`).join('|');
const PURPOSE_VERB = String.raw`(?:(?:${purposeVerbs.between.join('|')})\s+){0,2}(?:(?:is|are)\s+(?:used\s+(?:to|for|in)|useful|needed|important)|be\s+used\s+(?:to|for|in)|makes?\s+it\s+possible|${FUNCTION_VERB})\b`;
// …or by a noun of purpose the sentence opens on: "The main goal of interest groups is to …", "The purpose of a
// numerical method is to …". Said after a reported view ("According to Locke, the purpose of …"), it is someone's
// claim, not the book's: only a sentence that opens on it counts.
const PURPOSE_NOUN = String.raw`(?:(?:main|primary|chief|central|basic|key|whole)\s+)?(?:goal|purpose|aim|job|task|role)`;

/**
 * What the idea is for: the chapter's own sentence whose subject is the idea and whose verb says its use ("Political
 * ideologies help people make sense of the world"), or that names its goal ("The main goal of interest groups is to
 * influence public policy"), retold with "It"/"They" ("Their main goal is to influence public policy."). A sentence
 * that only mentions the idea beside something important ("Income is another variable that helps explain voter
 * turnout") says nothing of its use.
 */
export function whatItIsFor(topic: string, sentences: readonly AnalysedSentence[], keep: ReadonlySet<string>): Line[] {
  const name = escapeRegExp(topic);
  const purpose = new RegExp(String.raw`^(?:(?:the|a|an)\s+)?${name}(?:s|es)?\s+${PURPOSE_VERB}`, 'iu');
  const goal = new RegExp(
    String.raw`^the\s+(${PURPOSE_NOUN})\s+of\s+(?:(?:the|an?)\s+)?${name}(s|es)?\s+(?:is|are)\s+to\s+(?=\p{Ll})`,
    'iu',
  );
  for (const sentence of sentences) {
    if (sentence.words.length > 35 || definitionIn(sentence.text) || !standsAlone(sentence)) continue;
    const text = compress(sentence.text) ?? sentence.text;
    if (purpose.test(text))
      return retold(sentence, topic, keep).map((line) => ({ ...line, text: purposeFrame(line.text) }));
    const named = goal.exec(text);
    if (!named) continue;
    const possessive = named[2] || isPlural(topic) ? 'Their' : 'Its';
    const said = `${possessive} ${named[1]!.toLowerCase()} is to ${text.slice(named[0].length)}`;
    return retell(said, keep).map((part) => ({ text: part, page: sentence.origin, core: false }));
  }
  return [];
}

/**
 * A plain sentence the chapter says of the idea besides its definition: one whose subject is the idea ("Political
 * socialization is neither premeditated nor preordained"), retold with "It"/"They", the shortest first.
 */
function moreAbout(
  topic: string,
  sentences: readonly AnalysedSentence[],
  meaning: Meaning,
  keep: ReadonlySet<string>,
): Line[] {
  // The idea is the subject (its verb follows: not "The state level of analysis …"), in the number the explanation
  // names it in: "Prime minister is …" is not followed by "They have …".
  const pronoun = isPlural(topic) ? 'They ' : 'It ';
  const asSubject = (text: string) => {
    const told = topicAsPronoun(text, topic, isPlural(topic));
    return told !== text && told.startsWith(pronoun);
  };
  const candidates = sentences
    .filter(
      (sentence) =>
        sentence.words.length <= 25 &&
        asSubject(sentence.text) &&
        !definitionIn(sentence.text) &&
        !EXAMPLE_CUE.test(sentence.text) &&
        !sentence.text.includes(meaning.gloss.slice(0, 30)) &&
        !speaksOfTheText(sentence.text) &&
        standsAlone(sentence),
    )
    .sort((a, b) => a.words.length - b.words.length);
  for (const sentence of candidates) {
    const told = retold(sentence, topic, keep);
    if (told.length) return told;
  }
  return [];
}

const EXAMPLE_CUE = /\b(?:for example|for instance|such as|e\.g\.)\b/i;

/**
 * One example, the book's own, retold: its asides and hedges dropped, in plain words, said to "you", framed as "For
 * example, …". When the retelling still only repeats the book, the instances it names are said instead ("Some
 * examples are X and Y."); the retold example stays when it names none.
 */
function anExample(
  topic: string,
  sentences: readonly AnalysedSentence[],
  keep: ReadonlySet<string>,
  bookGrams: ReadonlySet<string>,
): Line[] {
  for (const sentence of sentences) {
    // "interest groups, such as the AARP and the NRA": the examples are of the topic, named right before them.
    const named = instancesOfTopic(sentence.text, topic);
    if ((!named && !EXAMPLE_CUE.test(sentence.text)) || !standsAlone(sentence)) continue;
    if (named)
      return [
        { text: `Some examples are ${plainer(named, keep)}.`, page: sentence.origin, core: false, example: true },
      ];
    const parts = retellExample(sentence.text, keep, bookGrams);
    if (parts.length) return parts.map((text) => ({ text, page: sentence.origin, core: false, example: true }));
  }
  return [];
}

/**
 * "… interest groups, such as the AARP and the NRA, …" -> "the AARP and the NRA": a short list named as the topic's.
 * "acts of civil disobedience like bus boycotts, marches, and sit-ins": "like" and "including" also open a verb's
 * object ("Students like graphs") or a clause ("including by supporting …"), so after them only a list of two or more
 * short names counts, in a sentence whose verb comes before the topic.
 */
function instancesOfTopic(sentence: string, topic: string): string | null {
  const named = new RegExp(
    `\\b${escapeRegExp(singularKey(topic))}(?:s|es)?,?\\s+(such as|like|including)\\s+([^.;:()—]+)`,
    'i',
  ).exec(sentence);
  const list = named?.[2]?.trim().replace(/,$/, '');
  if (!named || !list || list.split(/\s+/).length > 12) return null;
  // "such as Switzerland, exhibited low political salience" runs on into a clause: no list of names.
  if (named[1]!.toLowerCase() === 'such as') return hasVerb(list) ? null : list;
  const items = list.split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).filter(Boolean);
  const names = items.every((item) => item.split(/\s+/).length <= 4 && !CLAUSE_WORD.test(item));
  // "factors that contribute to terrorism, including weak institutions, …": a list after a verb's or another
  // preposition's object names that phrase's things; "acts of civil disobedience like …" names the topic's.
  const before = sentence.slice(0, named.index).trim();
  const governed = /\b(?:to|for|from|with|against|on|about|into|by|toward|towards)$/i.test(before);
  return items.length >= 2 && names && !governed && hasVerb(before) ? list : null;
}

// A word only a clause has: a pronoun subject, an auxiliary, a subordinator.
const CLAUSE_WORD =
  /\b(?:I|we|you|he|she|they|it|is|are|was|were|be|been|has|have|had|can|could|will|would|may|might|must|should|do|does|did|that|which|who|when|if|as|by)\b/i;

function standsAlone(sentence: AnalysedSentence): boolean {
  return (
    !pointsBack(sentence) &&
    !leansOnContext(sentence) &&
    !pointsAtUnseen(sentence.text) &&
    !sentence.text.trim().endsWith('?') &&
    !quotesFormula(sentence.text) &&
    !opensOnContext(sentence.text) &&
    sentenceProblem(sentence.text) === null
  );
}

/** A sentence of the book in short sentences and plainer words; the topic as its subject is said once, then "It". */
function retold(sentence: AnalysedSentence, topic: string, keep: ReadonlySet<string>): Line[] {
  const text = topicAsPronoun(sentence.text, topic, isPlural(topic));
  return retell(text, keep).map((part) => ({ text: part, page: sentence.origin, core: false }));
}

function isPlural(phrase: string): boolean {
  // "Tragedy of the commons" is one tragedy: the number is the head's, before its "of".
  const last =
    phrase
      .trim()
      .split(/\s+of\s+/i)[0]!
      .split(/\s+/)
      .at(-1) ?? '';
  return /[^s]s$/i.test(last) && singularKey(last) !== last.toLowerCase();
}

function lowerFirst(text: string): string {
  // "A collection" -> "a collection", but "DNA" and "Pascal's triangle" keep their capitals.
  return /^\p{Lu}(?:\p{Ll}|\s)/u.test(text) && !/^\p{Lu}\p{Ll}+['’]s\b/u.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
