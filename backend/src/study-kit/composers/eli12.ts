import type { AnalysedChapter } from '../analyse-chapter.js';
import { analyseSegments, type AnalysedSentence } from '../text/chapter-text.js';
import { formatPageCitation } from '../text/page-citations.js';
import { ELI12_MAX_GRADE, fleschKincaidGrade } from '../text/readability.js';
import { sentenceProblem } from '../text/sentence-hygiene.js';
import { explainSimply, plainer, shortSentences, topicLemmas } from './notes.js';
import { definitionIn, escapeRegExp, leansOnContext, pointsAtUnseen, pointsBack, singularKey } from './study-notes.js';

/** One sentence of an explanation and the page it retells. */
interface Line {
  text: string;
  page: string;
  /** The meaning itself, kept whatever its grade; what it is for and the example give way first. */
  core: boolean;
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
  const meaning = meaningOf(topic, chapter);
  if (!meaning) return explainSimply(topic, chapter.input.pages, chapter.sentences);
  const keep = new Set(topicLemmas(topic));
  const what = whatItIs(topic, meaning, keep);
  if (what.length === 0) return explainSimply(topic, chapter.input.pages, chapter.sentences);
  const mentions = mentionsOf(topic);
  const lines = [
    ...what,
    ...whatItIsFor(topic, chapter.sentences.filter(mentions), keep),
    ...anExample(topic, [...chapter.examples, ...chapter.sentences].filter(mentions), keep),
  ];
  let chosen = lines;
  // The longest of what it is for and of the example goes first until the text reads at grade 7.
  while (fleschKincaidGrade(render(chosen)) > ELI12_MAX_GRADE) {
    const extra = chosen.filter((line) => !line.core);
    if (extra.length === 0) break;
    const longest = extra.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    chosen = chosen.filter((line) => line !== longest);
  }
  return render(chosen);
}

function render(lines: readonly Line[]): string {
  return lines
    .map((line, at) =>
      lines[at + 1]?.page === line.page ? line.text : `${line.text} ${formatPageCitation([line.page])}`,
    )
    .join(' ');
}

/** Sentences naming the topic (its singular or plural, as a whole phrase). */
function mentionsOf(topic: string): (sentence: AnalysedSentence) => boolean {
  const key = escapeRegExp(singularKey(topic));
  const pattern = new RegExp(`\\b${key}(?:s|es)?\\b`, 'i');
  return (sentence) => pattern.test(singularKey(sentence.text)) || pattern.test(sentence.text);
}

function meaningOf(topic: string, chapter: AnalysedChapter): Meaning | null {
  // "Isomorphic" is said of things; only a thing's name is retold as "X is …".
  if (!['NOUN', 'PROPN'].includes(tokensOf(topic).at(-1)?.pos ?? '')) return null;
  const key = singularKey(topic);
  const glossed = chapter.terms.glossary.find((entry) => singularKey(entry.term) === key && entry.definition);
  if (glossed) return { gloss: glossed.definition, page: glossed.pages[0] ?? '' };
  const defined = [
    ...chapter.terms.definitions.map((entry) => ({ text: entry.definition, page: entry.pages[0] ?? '' })),
    ...chapter.sentences
      .filter((sentence) => sentence.words.length <= 45)
      .map((sentence) => ({ text: sentence.text, page: sentence.origin })),
  ].find(({ text }) => {
    const term = definitionIn(text);
    return term !== null && singularKey(term) === key;
  });
  if (!defined) return null;
  const gloss = predicateOf(defined.text, topic);
  const article = /^(an?)\s/i.exec(defined.text)?.[1]?.toLowerCase();
  return gloss && namesAThing(gloss) ? { gloss, page: defined.page, article } : null;
}

// "a rule that …", "the set of all inputs": a predicate that names a thing; not "we say a is …" or "graphs".
const NAMING_START = new Set(['DET', 'NOUN', 'ADJ', 'PROPN', 'NUM']);
function namesAThing(gloss: string): boolean {
  const words = tokensOf(gloss);
  return words.length >= 2 && NAMING_START.has(words[0]!.pos) && !/[=+<>≡→∈]/.test(gloss);
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
// "… may allow freedoms in nonpolitical life | but does not permit …": a second verb phrase of the same subject.
const SECOND_PREDICATE =
  /,?\s+(but|and)\s+(?=(?:also\s+|not\s+|often\s+|usually\s+|always\s+|never\s+)?(?:is|are|was|were|can|cannot|may|might|must|does|do|did|has|have|will|would|should|could|\p{Ll}+s)\b)/u;

/** What the idea is, in short sentences: "Authoritarianism is an ideology. It may allow … But it does not …". */
function whatItIs(topic: string, meaning: Meaning, keep: ReadonlySet<string>): Line[] {
  const gloss = meaning.gloss
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/[.;:,]+$/, '')
    .trim();
  const relative = RELATIVE.exec(gloss);
  // Only "that makes …" (the thing does something) splits off; "that humans have" needs its head to be read.
  const clause = relative ? gloss.slice(relative.index + relative[0].length) : '';
  // "a set of statements, one of which is called …" keeps its head whole: it ends on "of".
  const splits = relative !== null && opensWithVerb(clause) && !endsOpen(gloss.slice(0, relative.index));
  const head = splits ? gloss.slice(0, relative.index) : gloss;
  const named = meaning.article ? `${meaning.article} ${lowerFirst(topic)}` : topic;
  const sentences = [`${capitaliseFirst(named)} ${isPlural(topic) ? 'are' : 'is'} ${lowerFirst(head)}.`];
  if (splits) {
    // The clause's verb agrees with the gloss's own noun: "the institutions that make …" -> "They make …".
    const pronoun = headIsPlural(head) ? 'they' : 'it';
    const second = SECOND_PREDICATE.exec(clause);
    const first = second ? clause.slice(0, second.index) : clause;
    sentences.push(`${capitaliseFirst(pronoun)} ${first}.`);
    if (second) {
      const rest = clause.slice(second.index + second[0].length);
      sentences.push(second[1] === 'but' ? `But ${pronoun} ${rest}.` : `${capitaliseFirst(pronoun)} ${rest}.`);
    }
  }
  const lines = sentences
    .flatMap((sentence) => shortSentences(plainer(sentence, keep)))
    .filter((sentence) => sentenceProblem(sentence) === null || sentence.split(/\s+/).length < 4)
    .map((text) => ({ text, page: meaning.page, core: true }));
  // The opening sentence says what it is; without it the rest explains nothing.
  return lines[0] && lines[0].text.toLowerCase().startsWith(named.toLowerCase()) ? lines : [];
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

function headIsPlural(head: string): boolean {
  const noun = tokensOf(head).find((token) => token.pos === 'NOUN');
  return noun !== undefined && noun.normal !== noun.lemma && /s$/.test(noun.normal);
}

// A sentence saying what something is for, does or allows.
const PURPOSE =
  /\b(?:used\s+(?:to|for|in)|helps?|allows?|lets?|enables?|makes?\s+it\s+possible|in\s+order\s+to|so\s+that|purpose|useful|important|matters?)\b/i;

/** What the idea is for: the chapter's own sentence about its use, its subject said as "It". */
function whatItIsFor(topic: string, sentences: readonly AnalysedSentence[], keep: ReadonlySet<string>): Line[] {
  const found = sentences.find(
    (sentence) =>
      PURPOSE.test(sentence.text) &&
      sentence.words.length <= 35 &&
      !definitionIn(sentence.text) &&
      standsAlone(sentence),
  );
  if (!found) return [];
  return retold(found, topic, keep);
}

const EXAMPLE_CUE = /\b(?:for example|for instance|such as|e\.g\.)\b/i;

/** One example, the book's own: a worked example or a sentence giving one. */
function anExample(topic: string, sentences: readonly AnalysedSentence[], keep: ReadonlySet<string>): Line[] {
  const found = sentences.find(
    (sentence) => EXAMPLE_CUE.test(sentence.text) && sentence.words.length <= 35 && standsAlone(sentence),
  );
  if (!found) return [];
  const suchAs = /\bsuch as\s+([^.;:()]+)/i.exec(found.text);
  if (suchAs && suchAs[1]!.split(/\s+/).length <= 12)
    return [{ text: `Some examples are ${plainer(suchAs[1]!.trim(), keep)}.`, page: found.origin, core: false }];
  return retold(found, topic, keep).map((line, at) =>
    at === 0 && !EXAMPLE_CUE.test(line.text) ? { ...line, text: `For example, ${lowerFirst(line.text)}` } : line,
  );
}

function standsAlone(sentence: AnalysedSentence): boolean {
  return (
    !pointsBack(sentence) &&
    !leansOnContext(sentence) &&
    !pointsAtUnseen(sentence.text) &&
    !sentence.text.trim().endsWith('?') &&
    sentenceProblem(sentence.text) === null
  );
}

/** A sentence of the book in short sentences and plainer words; the topic as its subject is said once, then "It". */
function retold(sentence: AnalysedSentence, topic: string, keep: ReadonlySet<string>): Line[] {
  const subject = new RegExp(`^(?:the\\s+)?${escapeRegExp(topic)}(?:s|es)?\\s+(?=\\p{Ll})`, 'iu');
  const text = subject.test(sentence.text)
    ? sentence.text.replace(subject, isPlural(topic) ? 'They ' : 'It ')
    : sentence.text;
  return shortSentences(plainer(text, keep))
    .filter((part) => sentenceProblem(part) === null)
    .map((part) => ({ text: part, page: sentence.origin, core: false }));
}

function isPlural(phrase: string): boolean {
  const last = phrase.trim().split(/\s+/).at(-1) ?? '';
  return /[^s]s$/i.test(last) && singularKey(last) !== last.toLowerCase();
}

function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // "A collection" -> "a collection", but "DNA" and "Pascal's triangle" keep their capitals.
  return /^\p{Lu}\p{Ll}/u.test(text) && !/^\p{Lu}\p{Ll}+['’]s\b/u.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
