import activeVoiceWords from '../data/active-voice.json' with { type: 'json' };
import glossFrames from '../data/gloss-frames.json' with { type: 'json' };
import hedges from '../data/hedges.json' with { type: 'json' };
import plainSubstitutes from '../data/plain-substitutes.json' with { type: 'json' };
import participlePrepositions from '../data/participle-prepositions.json' with { type: 'json' };
import purposeVerbs from '../data/purpose-verbs.json' with { type: 'json' };
import resultParticiples from '../data/result-participles.json' with { type: 'json' };
import { analyseSegments, type SentenceToken } from '../text/chapter-text.js';
import { isFamiliarWord } from '../text/plain-words.js';
import { capitaliseFirst, sentenceProblem } from '../text/sentence-hygiene.js';
import { articleFor, isKept, plainer, shortSentences } from './short-sentences.js';

/**
 * A plain retelling of a textbook sentence without a model: what a 12-year-old does not need is dropped (asides,
 * hedges, citations), formal words give way to the plain ones of the federal plain language guidelines, the book's
 * "we" speaks to the reader, and one idea goes to a sentence. The book's terms (`keep`) are never swapped.
 */
export function retell(sentence: string, keep: ReadonlySet<string>): string[] {
  const compact = compress(sentence);
  if (!compact) return [];
  return splitIdeas(plainer(plainWords(activeVoice(compact), keep), keep)).filter(
    (part) => sentenceProblem(part) === null,
  );
}

/**
 * A passive sentence said in the active voice (plain language's "use active voice"): "Two vertices are connected by
 * an edge." -> "An edge connects two vertices.", "These commands are interpreted by the operating system." -> "The
 * operating system interprets these commands.". Left as it is when a phrase stands before the subject ("In G1, …"),
 * the agent or subject holds a verb of its own, or the verb is arithmetic.
 */
export function activeVoice(sentence: string): string {
  const match = PASSIVE.exec(sentence.trim());
  if (!match) return sentence;
  const [, subject, be, participle, agent, end] = match as unknown as [string, string, string, string, string, string];
  const verb = tokensOf(`it ${be} ${participle} by it`).find((token) => token.normal === participle.toLowerCase());
  if (!verb || verb.pos !== 'VERB' || ARITHMETIC.has(verb.lemma) || hasVerb(subject) || hasVerb(agent)) return sentence;
  if (/\b(?:while|when|if|because|although|whereas|than)\b/i.test(agent)) return sentence;
  // "In most cases the value …": a subject opens with its own words, not a phrase set before it.
  const opener = tokensOf(subject).find((token) => token.isWord);
  if (!opener || !SUBJECT_OPENERS.has(opener.pos)) return sentence;
  const pluralAgent = /\s(?:and)\s/i.test(agent) || headIsPluralNoun(agent);
  const past = /^(?:was|were)$/i.test(be);
  let said: string | null;
  if (past) {
    const irregular = IRREGULAR[verb.lemma]?.[0];
    said = irregular ?? (/ed$/.test(participle) ? participle.toLowerCase() : null);
  } else said = pluralAgent ? verb.lemma : thirdPerson(verb.lemma);
  if (!said) return sentence;
  const active = `${capitaliseFirst(agent)} ${said} ${lowerFirstWord(subject)}${end}`;
  return sentenceProblem(active) === null ? active : sentence;
}

/** "the operating system" -> false, "the entries in the P column" -> true: the number of a phrase's first noun. */
export function headIsPluralNoun(phrase: string): boolean {
  const noun = tokensOf(phrase).find((token) => token.pos === 'NOUN');
  return noun !== undefined && noun.normal !== noun.lemma && /s$/.test(noun.normal);
}

// ---------------------------------------------------------------------------------------------------------------
// Compress: what makes a sentence long and a 12-year-old does not need.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
const AGENT_OPENERS = alternatives(activeVoiceWords.agentOpeners);
const ARITHMETIC = new Set(activeVoiceWords.arithmeticLemmas);
const SUBJECT_OPENERS = new Set(['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'PRON']);
// "The entries in the ¬P column were determined by the entries in the P column.": a subject without commas, "is"/"are"/
// "was"/"were", a participle, "by" and an agent that opens with a determiner, to the end of the sentence.
const PASSIVE = new RegExp(
  `^([^,;:]{3,60}?)\\s+(is|are|was|were)\\s+(\\p{Ll}+)\\s+by\\s+((?:${AGENT_OPENERS})\\s[^,;:]{2,60}?)([.!?])$`,
  'iu',
);

const OPENER = new RegExp(`^(?:${alternatives(hedges.openers)}),\\s+`, 'i');
const OPENER_INSIDE = new RegExp(`,\\s+(?:${alternatives(hedges.openers)}),(?=\\s)`, 'gi');
const LEAD = new RegExp(`^(?:${alternatives(hedges.leads)})\\s+`, 'i');
const SOFTENER = new RegExp(`\\s(?:${alternatives(hedges.softeners)})\\s+(?!than\\b)(?=\\p{L})`, 'giu');
const LINKING = alternatives(hedges.linking);
// "Thus, the error …" -> "So, the error …"; "is therefore of second order", "The scheme, thus, is …": dropped.
const LINKING_OPENER = new RegExp(`^(?:${LINKING}),\\s+`, 'i');
const LINKING_SET_OFF = new RegExp(`,\\s+(?:${LINKING}),(?=\\s)`, 'gi');
const LINKING_AFTER_VERB = new RegExp(
  `(?<=\\b(?:is|are|was|were|be|been|has|have|had|can|will|would|must|may|and|we|you|it|they)\\s)(?:${LINKING})\\s+(?=\\p{L})`,
  'giu',
);
// "(see Chapter 3)", "(Smith 2004)", "[12]": asides and references a retelling can do without; a formula's or a
// program's brackets ("f(x)", "sys.argv[0]") follow no space and stay.
const PARENTHETICAL = /(?<=\S)\s+\([^()]*\)/g;
const BRACKETED = /(?<=\S)\s+\[[^[\]]*\]/g;
// "…, i.e., the set of …" / "…, e.g. lists": a restatement or an example list tacked on at the end.
const RESTATEMENT_TAIL = /,?\s+(?:i\.e\.|e\.g\.|that is),?\s+[^.;:!?]*(?=[.;:!?]\s*$)/i;

/** The sentence without its asides, hedges and signposts; null when nothing whole is left. */
export function compress(sentence: string): string | null {
  let text = sentence.trim();
  text = text.replace(PARENTHETICAL, '').replace(BRACKETED, '');
  text = text.replace(RESTATEMENT_TAIL, '');
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(OPENER, '');
    // "Note that X is … and that Y …": without its lead, the second "that" is left hanging.
    if (LEAD.test(text)) text = text.replace(LEAD, '').replace(/\s+and\s+that\s+(?=\p{L})/u, ' and ');
  }
  text = withoutSofteners(text.replace(OPENER_INSIDE, ''));
  text = text.replace(LINKING_OPENER, 'So, ').replace(LINKING_SET_OFF, '').replace(LINKING_AFTER_VERB, '');
  text = withoutMannerAdverbs(text);
  text = withoutAppositive(text);
  text = withoutAsides(text);
  text = capitaliseFirst(text.replace(/\s{2,}/g, ' ').replace(/\s+([,.;:!?])/g, '$1'));
  return sentenceProblem(text) === null ? text : null;
}

// "especially its endorsement of …", "most often for a specific area": a narrowing the claim stands without.
const FOCUS = /^(?:especially|particularly|notably|mostly|mainly|most often|often|usually|regardless of)\b/i;
const ASIDE = /,\s+([^,;:()]{3,60}?),\s+/g;
const FOCUS_TAIL = /,\s+(?:especially|particularly|notably|most often|regardless of)\s+[^,;:()]+(?=[.!?]$)/i;

/**
 * "… the gradual development, from youth through adulthood, of a political personality." -> "… the gradual
 * development of a political personality.": a phrase between commas that opens with a preposition or a narrowing
 * adverb and has no verb of its own is an aside.
 */
function withoutAsides(text: string): string {
  let out = text.replace(FOCUS_TAIL, '');
  for (const match of [...out.matchAll(ASIDE)].reverse()) {
    const aside = match[1]!;
    const words = tokensOf(aside).filter((token) => token.isWord);
    const opensAside = words[0]?.pos === 'ADP' && words[0].normal !== 'of' ? true : FOCUS.test(aside);
    const verbless = words.every((token) => token.pos !== 'VERB' && token.pos !== 'AUX');
    if (!opensAside || !verbless || words.length > 8 || opensList(aside, out.slice(match.index + match[0].length)))
      continue;
    const without = `${out.slice(0, match.index)} ${out.slice(match.index + match[0].length)}`;
    if (sentenceProblem(without) === null) out = without;
  }
  return out;
}

/**
 * "…, whether through their prominence, influence, or experience": a phrase between commas that the next words carry on
 * as a list (", or …" after one more item, or the same preposition again: "in rhythm, in harmony, in construction") is
 * the list's first item, not an aside.
 */
function opensList(aside: string, after: string): boolean {
  const preposition = aside.split(/\s+/)[0]!.toLowerCase();
  return /^[^,;:.]{1,40},\s+(?:and|or)\s/i.test(after) || after.toLowerCase().startsWith(`${preposition} `);
}

const CLAIM_ADVERBS = new Set(hedges.claimAdverbs);

/**
 * "by strongly limiting personal freedom", "by simply listing" -> "by limiting …", "by listing": a manner adverb in -ly
 * before a verb is dropped; one that carries the claim ("exactly one", "selected separately",
 * "politically active") stays.
 */
function withoutMannerAdverbs(text: string): string {
  const tokens = tokensOf(text);
  let out = '';
  const words = tokens.filter((token) => token.isWord);
  tokens.forEach((token) => {
    const place = words.indexOf(token);
    const [before, next, after] = [words[place - 1], words[place + 1], words[place + 2]];
    // "not explicitly stated" is no "not stated"; "consciously held ideas" names a kind of idea.
    const negated = before !== undefined && /^(?:not|never|n't|no)$/i.test(before.normal);
    const attributive =
      next?.pos === 'VERB' && !next.normal.endsWith('ing') && (after?.pos === 'NOUN' || after?.pos === 'ADJ');
    const manner =
      place > 0 &&
      token.pos === 'ADV' &&
      /^\p{Ll}+ly$/u.test(token.value) &&
      !CLAIM_ADVERBS.has(token.value) &&
      // Before an adjective an -ly adverb says in what respect ("methodologically problematic"): it stays.
      next?.pos === 'VERB' &&
      !negated &&
      !attributive;
    if (!manner) out += token.space + token.value;
  });
  const without = out.trim();
  return sentenceProblem(without) === null ? without : text;
}

/** "a very attractive technique" -> "an attractive technique": the article agrees with the word now after it. */
function withoutSofteners(text: string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(SOFTENER)) {
    const next = text.slice(match.index + match[0].length);
    out = articleFor(out + text.slice(from, match.index), next) + ' ';
    from = match.index + match[0].length;
  }
  return out + text.slice(from);
}

function tokensOf(text: string): SentenceToken[] {
  return analyseSegments([{ text, origin: '', group: 0 }]).flatMap((sentence) => sentence.tokens);
}

/**
 * "Plato, a student of Socrates, wrote …" -> "Plato wrote …": a noun phrase between commas right after a noun and
 * before the verb renames that noun; the sentence says the same without it.
 */
function withoutAppositive(text: string): string {
  const match = /^([^,]{2,60}),\s+((?:an?|the)\s+[^,]{2,60}),\s+(.+)$/iu.exec(text);
  if (!match) return text;
  const [, subject, aside, rest] = match as unknown as [string, string, string, string];
  const lastOfSubject = tokensOf(subject)
    .filter((token) => token.isWord)
    .at(-1);
  const asideTokens = tokensOf(aside).filter((token) => token.isWord);
  const firstOfRest = tokensOf(rest).find((token) => token.isWord);
  const namesThing = lastOfSubject && (lastOfSubject.pos === 'NOUN' || lastOfSubject.pos === 'PROPN');
  const verbless = asideTokens.every((token) => token.pos !== 'VERB' && token.pos !== 'AUX');
  const verbNext = firstOfRest && (firstOfRest.pos === 'VERB' || firstOfRest.pos === 'AUX');
  return namesThing && verbless && verbNext ? `${subject} ${rest}` : text;
}

// ---------------------------------------------------------------------------------------------------------------
// Plain words.

interface Substitute {
  word: string;
  pos: string;
  plain: string;
  plural?: string;
  passive?: boolean;
  /** The plain words take only what these words open ("make sure that …"): before anything else, the word stays. */
  onlyBefore?: string[];
}
const PHRASES = Object.entries(plainSubstitutes.phrases as Record<string, string>);
const PHRASE = new RegExp(`\\b(?:${alternatives(PHRASES.map(([phrase]) => phrase))})\\b`, 'gi');
const PHRASE_PLAIN = new Map(PHRASES.map(([phrase, plain]) => [phrase.toLowerCase(), plain]));
const SUBSTITUTES = new Map(
  (plainSubstitutes.words as Substitute[]).map((entry) => [`${entry.pos} ${entry.word}`, entry]),
);
const IRREGULAR: Record<string, readonly string[] | undefined> = plainSubstitutes.irregularVerbs.forms;
// "we", "our" and "one" of the book's voice speak to the student.
const READER: Record<string, string> = { we: 'you', us: 'you', our: 'your', ours: 'yours', ourselves: 'yourself' };
const BE_OR_HAVE = /^(?:is|are|was|were|be|been|being|has|have|had|having|get|gets|got)$/i;

/** Formal words and phrases as plain ones; the book's "we" as "you". The words of `keep` stay as written. */
export function plainWords(sentence: string, keep: ReadonlySet<string>): string {
  // "Let us …" is an invitation, not "us": it is left as written.
  let text = sentence.replace(PHRASE, (phrase) => matchCase(phrase, PHRASE_PLAIN.get(phrase.toLowerCase())!));
  const tokens = tokensOf(text);
  let out = '';
  let quoted = false;
  tokens.forEach((token, at) => {
    // What someone is quoted as saying ("“we as Americans”") is theirs: it is left as they said it.
    if (/^[“”"]$/.test(token.value)) quoted = token.value === '“' || (token.value === '"' && !quoted);
    const swap = token.isWord && !quoted && !isKept(token, keep);
    const said = swap ? plainToken(token, tokens[at - 1], tokens[at + 1]) : token.value;
    if (said !== token.value) out = articleFor(out, said);
    out += token.space + said;
  });
  text = out.trim();
  return text || sentence;
}

function plainToken(token: SentenceToken, before: SentenceToken | undefined, after: SentenceToken | undefined): string {
  const lower = token.value.toLowerCase();
  // "we" as written, not "US" (the country) nor "WE" shouted.
  const voice = READER[lower] !== undefined && /^\p{Lu}?\p{Ll}*$/u.test(token.value);
  if (voice && !(lower === 'us' && before?.normal === 'let')) return matchCase(token.value, READER[lower]!);
  const entry = SUBSTITUTES.get(`${token.pos} ${token.lemma.toLowerCase()}`);
  if (!entry || (entry.onlyBefore && !entry.onlyBefore.includes(after?.normal.toLowerCase() ?? ''))) return token.value;
  if (entry.pos === 'VERB') {
    // "participating people", "the obtained results": a participle before its noun describes it ("taking part people"
    // and "the got results" are no English); after a preposition or a verb it is a gerund with its object.
    const participle = token.normal !== token.lemma && /(?:ing|ed)$/i.test(token.normal);
    // "compare observed and expected counts": a participle joined to another before their noun describes it too
    // ("saw and expected counts" is no English); kept as written, the book's word is never wrong.
    const describes =
      before?.pos === 'DET' ||
      after?.pos === 'CCONJ' ||
      (after?.pos === 'NOUN' && !['ADP', 'SCONJ', 'VERB', 'AUX', 'PART'].includes(before?.pos ?? ''));
    if (participle && describes) return token.value;
    const passive = before !== undefined && /^(?:is|are|was|were|be|been|being)$/i.test(before.normal);
    return passive && entry.passive === false
      ? token.value
      : matchCase(token.value, inflected(entry.plain, token, before));
  }
  if (entry.pos === 'NOUN' && token.normal !== token.lemma)
    return matchCase(token.value, entry.plural ?? `${entry.plain}s`);
  return matchCase(token.value, entry.plain);
}

/** The plain verb in the form the book's verb had: "obtains" -> "gets", "obtained" -> "got"/"gotten". */
function inflected(plain: string, token: SentenceToken, before: SentenceToken | undefined): string {
  const [verb, ...particle] = plain.split(' ');
  const tail = particle.length ? ` ${particle.join(' ')}` : '';
  const form = token.normal.toLowerCase();
  const lemma = token.lemma.toLowerCase();
  if (form === lemma) return plain;
  if (form.endsWith('ing')) return `${gerund(verb!)}${tail}`;
  if (form.endsWith('s') && !form.endsWith('ss')) return `${thirdPerson(verb!)}${tail}`;
  const participle = before !== undefined && BE_OR_HAVE.test(before.normal);
  const irregular = IRREGULAR[verb!]?.[participle ? 1 : 0];
  if (irregular) return `${irregular}${tail}`;
  return `${pastOf(verb!)}${tail}`;
}

export function thirdPerson(lemma: string): string {
  if (lemma === 'be') return 'is';
  if (lemma === 'have') return 'has';
  if (/(?:s|x|z|ch|sh|o)$/.test(lemma)) return `${lemma}es`;
  if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ies`;
  return `${lemma}s`;
}

// "get" -> "getting", "stop" -> "stopped": a short verb ending consonant-vowel-consonant doubles its last letter.
const DOUBLES = /^[^aeiou]*[aeiou][bdgklmnprt]$/;
function gerund(verb: string): string {
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  return DOUBLES.test(verb) ? `${verb}${verb.slice(-1)}ing` : `${verb}ing`;
}

function pastOf(verb: string): string {
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return DOUBLES.test(verb) ? `${verb}${verb.slice(-1)}ed` : `${verb}ed`;
}

function matchCase(original: string, plain: string): string {
  return /^\p{Lu}/u.test(original) ? capitaliseFirst(plain) : plain;
}

// ---------------------------------------------------------------------------------------------------------------
// One idea per sentence.

/** "is", "has", "seeks" -> true; "are", "have", "seek" -> false; "can", "may", "sought" -> null (either). */
function verbIsSingular(verb: SentenceToken): boolean | null {
  const form = verb.normal.toLowerCase();
  if (/^(?:is|was|has|does)$/.test(form)) return true;
  if (/^(?:are|were|have|do)$/.test(form)) return false;
  if (verb.pos === 'AUX' || /ed$/.test(form)) return null;
  return form !== verb.lemma.toLowerCase() && form.endsWith('s');
}

// "…, which means that …" at the end: a comment on the whole clause before it, said as "This …".
const WHICH_TAIL = /^(.{20,}?),\s+which\s+((?:\p{L}+)\s.{8,})$/u;

/**
 * A sentence as sentences of one idea each: clauses at semicolons and conjunctions, what a thing is apart from what
 * it does, a "which" comment on its own.
 */
export function splitIdeas(sentence: string): string[] {
  return shortSentences(sentence)
    .flatMap(predicatesAsSentences)
    .flatMap(isThenDoes)
    .flatMap(whichAsSentence)
    .flatMap(participleAsSentence)
    .flatMap(listAsSentence);
}

const RESULT_PARTICIPLES = new Set(resultParticiples.lemmas);

/** "use", "result", "take": a verb whose -ing clause says the means or result of all that comes before it. */
export function isResultParticiple(lemma: string): boolean {
  return RESULT_PARTICIPLES.has(lemma);
}

const PARTICIPLE_PREPOSITIONS = new Set(participlePrepositions.words);
/** "regarding", "including": a participle that works as a preposition opens no verb phrase of the noun before it. */
export function isPrepositionalParticiple(word: string): boolean {
  return PARTICIPLE_PREPOSITIONS.has(word.toLowerCase());
}
// "…, taking the form of an oligopoly." at the end: a comment on the whole clause before it, said as "This …".
const PARTICIPLE_TAIL = /^(.{20,}?),\s+(\p{Ll}+ing)\s+(.{6,}?)([.!?])$/u;

/**
 * "Ownership of the media rests in the hands of the few, taking the form of an oligopoly." -> "… of the few." + "This
 * takes the form of an oligopoly.": a participle clause closing a sentence says something of all of it.
 */
export function participleAsSentence(sentence: string): string[] {
  const match = PARTICIPLE_TAIL.exec(sentence);
  if (!match) return [sentence];
  const [, clause, participle, rest, end] = match as unknown as [string, string, string, string, string];
  const verb = tokensOf(`they are ${participle} ${rest}`).find((token) => token.normal === participle.toLowerCase());
  // Only a participle of result or means speaks of the whole clause; "…, lying above the curve" is the noun's.
  if (!verb || verb.pos !== 'VERB' || !RESULT_PARTICIPLES.has(verb.lemma)) return [sentence];
  if (!hasVerb(clause)) return [sentence];
  const parts = [`${clause}.`, `This ${thirdPerson(verb.lemma)} ${rest}${end}`];
  return parts.every((part) => sentenceProblem(part) === null) ? parts : [sentence];
}

// "…, such as race, national origin, ethnicity, or ability.": a list of three or more that ends the sentence.
const LIST_TAIL = /^(.{12,}?),?\s+(?:such as|including)\s+([^.;:()]+)([.!?])$/iu;
const NOUN_PHRASE = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/**
 * "… based on a shared characteristic, such as race, national origin, ethnicity, sex, or ability." -> "… based on a
 * shared characteristic." + "Some examples of shared characteristics are race, national origin, …": a long list
 * said in a sentence of its own, named by the noun it gives examples of.
 */
export function listAsSentence(sentence: string): string[] {
  const match = LIST_TAIL.exec(sentence);
  if (!match) return [sentence];
  const [, before, list, end] = match as unknown as [string, string, string, string];
  const items = list.split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?=[^,]*$)/).filter((item) => item.trim());
  // The items read in their list: "race" alone reads as a verb.
  if (items.length < 3 || hasVerb(list)) return [sentence];
  // "topics that belong under the discrete umbrella, including …" lists topics, not umbrellas: after a relative
  // clause the list may belong to its antecedent, and is left where it stands.
  if (/\b(?:that|which|who|whose)\b/i.test(before)) return [sentence];
  const kind = pluralPhrase(lastNounPhrase(before));
  if (!kind) return [sentence];
  const parts = [`${before.replace(/,$/, '')}.`, `Some examples of ${kind} are ${list.trim()}${end}`];
  return parts.every((part) => sentenceProblem(part) === null) ? parts : [sentence];
}

/** "… based on a shared characteristic" -> "a shared characteristic": the noun phrase a clause ends with. */
function lastNounPhrase(text: string): string {
  const words = tokensOf(text).filter((token) => token.isWord);
  // "a shared characteristic": a participle in -ed describes the noun too; the tagger may read the noun as ADJ.
  const inPhrase = (token: SentenceToken) =>
    NOUN_PHRASE.has(token.pos) || (token.pos === 'VERB' && /ed$/.test(token.normal));
  let start = words.length;
  while (start > 0 && inPhrase(words[start - 1]!)) start -= 1;
  const phrase = words.slice(start);
  const last = phrase.at(-1);
  return last && (last.pos === 'NOUN' || last.pos === 'ADJ') ? phrase.map((token) => token.value).join(' ') : '';
}

/** "a shared characteristic" -> "shared characteristics"; "global public goods" as it is. */
function pluralPhrase(phrase: string): string {
  const words = phrase.split(/\s+/).filter(Boolean);
  while (/^(?:a|an|the|this|that|its|their|many|some|several|various|all|other)$/i.test(words[0] ?? '')) words.shift();
  const noun = words.at(-1);
  if (!noun || words.length === 0) return '';
  const plural = tokensOf(noun)[0]?.normal !== tokensOf(noun)[0]?.lemma || /[^s]s$/.test(noun);
  if (!plural) words[words.length - 1] = pluralOf(noun);
  return words.join(' ');
}

function pluralOf(noun: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

const MODALS = new Set(['can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would']);
const SUBJECT_START = new Set(['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'PRON']);
// The tagger reads some names' words as adverbs ("The Forward Euler scheme").
const SUBJECT_WORDS = new Set(['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'PRON', 'ADP', 'PART', 'ADV']);

/**
 * "The judiciary interprets the law and decides cases between people." -> "The judiciary interprets the law." + "It
 * decides cases between people.": two verb phrases of one subject, each a sentence, the second said of "It"/"They"
 * (Quirk et al. 1985, §13.47, coordinated predicates). A modal is said again ("… may lose energy … and thereby be
 * changed …" -> "It may thereby be changed …"). Left whole: verbs sharing one object ("promotes and regulates trade"),
 * a list of verbs ("interprets, defends, and applies the law"), and an "and" inside the object ("laws and rules").
 */
export function predicatesAsSentences(sentence: string): string[] {
  const tokens = tokensOf(sentence);
  const words = tokens.filter((token) => token.isWord);
  if (words.length < 12) return [sentence];
  // The subject: a short noun phrase with no comma, up to the first verb.
  const verbAt = tokens.findIndex((token) => token.pos === 'VERB' || token.pos === 'AUX');
  const subject = tokens.slice(0, verbAt);
  if (verbAt < 1 || verbAt > 8 || !SUBJECT_START.has(subject[0]!.pos)) return [sentence];
  if (subject.some((token) => !SUBJECT_WORDS.has(token.pos))) return [sentence];
  const firstVerb = tokens[verbAt]!;
  const modal = MODALS.has(firstVerb.normal.toLowerCase()) ? firstVerb.normal.toLowerCase() : null;
  // "Interest groups organize … and seek …": a plural's present is its base form, in both verbs.
  const pluralPresent =
    !modal && firstVerb.pos === 'VERB' && firstVerb.normal.toLowerCase() === firstVerb.lemma.toLowerCase();
  for (let at = verbAt + 2; at < tokens.length - 3; at += 1) {
    if (tokens[at]!.normal !== 'and') continue;
    // What the first verb phrase says before "and": its verb and more ("interprets the law"), no list of verbs.
    const first = tokens.slice(verbAt, at).filter((token) => token.isWord);
    // "… set up and enforce the rules": a verb (with its particle) right before "and" shares the object after it.
    const last = tokens[at - 1]!;
    const particleOfVerb = ['ADP', 'PART'].includes(last.pos) && tokens[at - 2]?.pos === 'VERB';
    if (first.length < 3 || last.pos === 'VERB' || particleOfVerb) return [sentence];
    if (tokens[at - 1]!.value === ',' && tokens.slice(verbAt + 1, at - 1).some((token) => token.value === ','))
      return [sentence];
    let next = at + 1;
    const adverbs: string[] = [];
    while (tokens[next]?.pos === 'ADV') adverbs.push(tokens[next++]!.value);
    const verb = tokens[next];
    if (!verb || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) continue;
    const form = verb.normal.toLowerCase();
    const base = form === verb.lemma.toLowerCase();
    const finite = (!base && /(?:s|ed)$/.test(form)) || (base && pluralPresent && verb.pos === 'VERB');
    // "… and thereby be transformed": a base form goes on from the modal; without one it is no predicate. After an
    // infinitive ("the ability to establish … and enforce …") a base form goes on from the infinitive.
    const infinitive = first.some((token, index) => token.normal === 'to' && first[index + 1]?.pos === 'VERB');
    if (!finite && !(base && modal && !infinitive)) continue;
    const pronoun = subjectPronoun(subject);
    const rest = tokens
      .slice(next)
      .map((token, index) => (index === 0 ? token.value : token.space + token.value))
      .join('');
    const head = `${tokens
      .slice(0, at)
      .map((token, index) => (index === 0 ? token.value : token.space + token.value))
      .join('')
      .replace(/,$/, '')}.`;
    const second = [pronoun, ...(finite ? [] : [modal!]), ...adverbs, rest].join(' ');
    const parts = [head, second];
    const whole = parts.every((part) => sentenceProblem(part) === null && part.split(/\s+/).length >= 4);
    return whole ? parts.flatMap(predicatesAsSentences) : [sentence];
  }
  return [sentence];
}

/** "The judiciary" -> "It", "Interest groups" -> "They", "We" -> "We". */
function subjectPronoun(subject: readonly SentenceToken[]): string {
  const words = subject.filter((token) => token.isWord);
  if (words.length === 1 && words[0]!.pos === 'PRON') return capitaliseFirst(words[0]!.normal);
  const phrase = words.map((token) => token.value).join(' ');
  return headIsPluralNoun(phrase) || /\band\b/i.test(phrase) ? 'They' : 'It';
}

// "A bijection is a function which is both …": what the subject is, then a clause of what it does.
// Only a kind said with "a"/"an" or a bare plural: "the word that receives …" picks one thing out by its clause.
const IS_THEN_DOES = /^(.{3,60}?)\s+(is|are)\s+(?!the\s)((?:an?\s+)?[^,;:]{2,80}?)\s+(?:that|which|who)\s+(.{6,})$/iu;

/**
 * "Interest groups are people united by … who seek to get …" -> "Interest groups are people united by …" + "They seek
 * to get …": after "is"/"are", the thing the clause speaks of is the subject itself, so "It"/"They" say it again.
 */
function isThenDoes(sentence: string): string[] {
  const match = IS_THEN_DOES.exec(sentence);
  if (!match) return [sentence];
  const [, subject, copula, kind, clause] = match as unknown as [string, string, string, string, string];
  const subjectWords = tokensOf(subject).filter((token) => token.isWord);
  const kindWords = tokensOf(kind).filter((token) => token.isWord);
  const clauseWords = tokensOf(clause).filter((token) => token.isWord);
  const verb = clauseWords[0]?.pos === 'ADV' ? clauseWords[1] : clauseWords[0];
  // The clause belongs to the kind only when it follows its noun and opens with a verb; "the percentage of voters who
  // cast …" speaks of the voters.
  if (kindWords.at(-1)?.pos !== 'NOUN' || !verb || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) return [sentence];
  if (kindWords.some((token) => token.normal === 'of')) return [sentence];
  // "Meshes are used together with methods that …" is no kind: a verb's object is not what the subject is.
  if (!['DET', 'ADJ', 'NOUN', 'PROPN'].includes(kindWords[0]?.pos ?? '')) return [sentence];
  // "Here is a technique which …" has no thing for "It" to name.
  if (!['NOUN', 'PROPN'].includes(subjectWords.at(-1)?.pos ?? '')) return [sentence];
  const singular = copula.toLowerCase() === 'is';
  // "… the set containing all elements which are elements of …": a verb that does not agree with the subject belongs
  // to a noun of its own.
  const agrees = verbIsSingular(verb);
  if (agrees !== null && agrees !== singular) return [sentence];
  const pronoun = singular ? 'It' : 'They';
  const parts = [`${subject} ${copula} ${kind}.`, `${pronoun} ${clause}`];
  return parts.every((part) => sentenceProblem(part) === null) ? parts : [sentence];
}

function whichAsSentence(sentence: string): string[] {
  const match = WHICH_TAIL.exec(sentence);
  if (!match) return [sentence];
  const [, clause, comment] = match as unknown as [string, string, string];
  const verb = tokensOf(comment).find((token) => token.isWord);
  // Only a comment that opens with its verb in the singular ("which means", "which is"): it speaks of the clause.
  if (!verb || (verb.pos !== 'VERB' && verb.pos !== 'AUX') || !/(?:s|is|was|has)$/.test(verb.normal)) return [sentence];
  const parts = [`${clause}.`, `This ${comment}`];
  return parts.every((part) => sentenceProblem(part) === null) ? parts : [sentence];
}

// ---------------------------------------------------------------------------------------------------------------
// Plain frames: the book's content in the engine's own words.

/**
 * What a sentence says a thing is for, said to the reader: "It is used to solve …" -> "You use it to solve …",
 * "It allows us to count …" -> "It lets you count …", "It makes it possible to …" -> "With it, you can …", and what
 * it does for someone as what it is there for: "They protect individuals …" -> "They are there to protect …".
 */
export function purposeFrame(sentence: string): string {
  const framed = sentence
    .replace(
      /^(It|They) (?:is|are|can be|can also be) (?:often |commonly |mainly )?used to (\p{Ll})/u,
      (_, subject: string, first: string) => `You use ${subject === 'It' ? 'it' : 'them'} to ${first}`,
    )
    .replace(
      /^(It|They) (?:is|are|can be|can also be) (?:often |commonly |mainly )?used for (\p{Ll})/u,
      (_, subject: string, first: string) => `You use ${subject === 'It' ? 'it' : 'them'} for ${first}`,
    )
    .replace(
      /^(It|They) (?:allows?|enables?) (?:you|us|one|people|the reader|the student) to (\p{Ll})/u,
      (_, subject: string, first: string) => `${subject} ${subject === 'It' ? 'lets' : 'let'} you ${first}`,
    )
    .replace(
      /^(It|They) makes? it possible to (\p{Ll})/u,
      (_, subject: string, first: string) => `With ${subject === 'It' ? 'it' : 'them'}, you can ${first}`,
    );
  if (framed !== sentence) return framed;
  // "They protect individuals from the government." says what they do; "They are there to protect …" what they are for.
  const does = /^(It|They) (?:also )?(\p{Ll}+) (?=\p{L})/u.exec(sentence);
  const verb = does && FUNCTION_VERBS.get(does[2]!);
  if (!does || !verb) return sentence;
  return `${does[1] === 'It' ? 'It is' : 'They are'} there to ${verb} ${sentence.slice(does[0].length)}`;
}

// Each verb of function by its present forms: "protects" and "protect" -> "protect".
const FUNCTION_VERBS = new Map(
  purposeVerbs.verbs.flatMap((verb) => [[verb, verb] as const, [thirdPerson(verb), verb] as const]),
);

// "For example, …", "…, for instance, …", "… — for example — …": the cue that says the sentence gives an example.
const EXAMPLE_SAID = /\b(?:for example|for instance|e\.g\.)/i;
const CUE_OPENING = /^(?:for example|for instance|e\.g\.),?\s+/i;
const CUE_SET_OFF = /\s*[,—–]\s*(?:for example|for instance|e\.g\.)\s*[,—–]\s*/i;
const CUE_AT_END = /,?\s+(?:for example|for instance)(?=[.!?]$)/i;
// A longer example is a story of its own, not one an explanation can carry.
const MAX_EXAMPLE_WORDS = 35;

/**
 * The book's example sentence without its cue and its asides, for a retelling to frame anew: "For example, we
 * could consider the set of …" -> "We could consider the set of …". Null when the cue is said of a second clause only
 * ("… with the individual, so, for example, justice is …"), sits in an aside the retelling drops, or the example is
 * long.
 */
export function exampleWithoutCue(sentence: string): string | null {
  if (!cueBeforeVerb(sentence)) return null;
  const bare = sentence.replace(CUE_OPENING, '').replace(CUE_SET_OFF, ' ').replace(CUE_AT_END, '');
  if (EXAMPLE_SAID.test(bare)) return null;
  const compact = compress(capitaliseFirst(bare));
  return compact && compact.split(/\s+/).length <= MAX_EXAMPLE_WORDS ? compact : null;
}

/** "The Act, for example, permits …", "For example, a function …", "… a fundamental right, for example.". */
function cueBeforeVerb(sentence: string): boolean {
  const cue = EXAMPLE_SAID.exec(sentence);
  if (!cue) return false;
  // Before a cue set off mid-sentence stands the subject alone: no clause, no comma of its own.
  const before = sentence.slice(0, cue.index).replace(/[\s,—–]+$/, '');
  return (!hasVerb(before) && !/[,;:—–]/.test(before)) || CUE_AT_END.test(sentence);
}

// "the Red Cross", "the … Protection Act": a capitalised word is part of a name, whatever the tagger reads.
export function hasVerb(text: string): boolean {
  return tokensOf(text).some((token) => (token.pos === 'VERB' || token.pos === 'AUX') && /^\p{Ll}/u.test(token.value));
}

/**
 * The book's example retold: without its cue and asides, in plain words, said to "you", framed as "For example, …".
 * When that still only repeats the book, the things it names are said instead ("Some examples are X and Y."); when it
 * names none, the retold example stays: it is the book's own. Empty when nothing whole is left.
 */
export function retellExample(sentence: string, keep: ReadonlySet<string>, bookGrams: ReadonlySet<string>): string[] {
  const bare = exampleWithoutCue(sentence);
  const parts = bare ? asExample(retell(bare, keep)) : [];
  if (parts.length === 0 || parts.every((part) => !repeatsBook(part, bookGrams))) return parts;
  const instances = instancesNamed(sentence);
  return instances ? [`Some examples are ${plainer(instances, keep)}.`] : parts;
}

/** A retold example framed as one: "For example, you could consider …"; what follows its first sentence as it is. */
export function asExample(parts: readonly string[]): string[] {
  return parts.map((part, at) => (at === 0 ? `For example, ${lowerFirstWord(part)}` : part));
}

/**
 * The things an example names, for a shorter form when its retelling only repeats the book: "… such as NATO or the
 * Warsaw Pact" -> "NATO or the Warsaw Pact". Two or more short items, none a clause; null otherwise.
 */
export function instancesNamed(sentence: string): string | null {
  const list = /\b(?:such as|like|including|namely)\s+([^.;:()—]+?)(?:[.;:()—]|,\s+(?:which|who)\s|$)/iu
    .exec(sentence)?.[1]
    ?.trim();
  if (!list || list.split(/\s+/).length > 12) return null;
  const items = list.split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).filter(Boolean);
  return items.length >= 2 && !hasVerb(list) ? list : null;
}

// "A function" -> "a function", "Family structure" -> "family structure"; "NATO", "Australian", "Kevin" stay.
const LOWERED = new Set(['DET', 'PRON', 'ADP', 'SCONJ', 'CCONJ', 'ADV', 'AUX', 'VERB', 'PART', 'NOUN', 'NUM']);
const isEverydayAdjective = (token: SentenceToken) => token.pos === 'ADJ' && isFamiliarWord(token.normal);
function lowerFirstWord(text: string): string {
  const [first, second] = tokensOf(text).filter((token) => token.isWord);
  // "President Barack Obama": a title before a name is part of it.
  if (first?.pos === 'NOUN' && second && /^\p{Lu}/u.test(second.value)) return text;
  const lower =
    first &&
    (LOWERED.has(first.pos) || isEverydayAdjective(first)) &&
    /^\p{Lu}\p{Ll}*$/u.test(first.value) &&
    first.value !== 'I';
  return lower ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

interface GlossFrame {
  pattern: RegExp;
  say: string;
}
const GLOSS_FRAMES: readonly GlossFrame[] = glossFrames.frames.map((frame) => ({
  pattern: new RegExp(frame.pattern, 'iu'),
  say: frame.say,
}));

/**
 * What a term is, when its gloss opens with a noun made from a verb: said with the verb (plain language's "use strong
 * verbs"). "Power" + "the ability to impose one's will …" -> "Power means being able to impose one's will …", "the
 * process by which a court's decision is put into practice" -> "… is how a court's decision is put into practice",
 * "the number of 1's in it" -> "… counts the 1's in it". Null when no frame fits.
 */
export function verbFrame(term: string, gloss: string): string | null {
  for (const { pattern, say } of GLOSS_FRAMES) {
    const match = pattern.exec(gloss.trim());
    if (!match) continue;
    const parts: Record<string, string | undefined> = { ...match.groups, term };
    const said = say.replace(/\{(\w+)\}/g, (_, name: string, at: number) =>
      // "The idea of political culture is …": the term keeps its capital only where it opens the sentence.
      name === 'term' && at > 0 ? lowerFirstLetter(term) : (parts[name] ?? ''),
    );
    return capitaliseFirst(`${said}.`);
  }
  return null;
}

/** "Political culture" -> "political culture"; "DNA", "World Bank" and "Pascal's triangle" keep their capitals. */
function lowerFirstLetter(term: string): string {
  const words = term.split(/\s+/);
  const name = words.length > 1 && words.every((word) => /^\p{Lu}/u.test(word));
  return !name && /^\p{Lu}\p{Ll}/u.test(term) && !/^\p{Lu}\p{Ll}+['’]s\b/u.test(term)
    ? term.charAt(0).toLowerCase() + term.slice(1)
    : term;
}

/** "a rule" -> "a kind of rule": the head of a gloss said as a kind, when it is a lone noun with its article. */
export function asKind(head: string): string | null {
  const words = tokensOf(head).filter((token) => token.isWord);
  if (words.length < 2 || words.length > 4 || !/^an?$/i.test(words[0]!.normal)) return null;
  const rest = words.slice(1);
  const noun = rest.at(-1)!;
  if (noun.pos !== 'NOUN' || rest.slice(0, -1).some((token) => token.pos !== 'ADJ' && token.pos !== 'NOUN'))
    return null;
  return `a kind of ${head.replace(/^an?\s+/i, '')}`;
}

/**
 * A sentence about the topic with the topic as its subject said as "It"/"They", as a retelling that has named it says
 * it again: "Interest groups are …" -> "They are …", "Politics is not …" -> "It is not …". "Civil rights issues vary …"
 * speaks of the issues: only a subject its verb follows is replaced.
 */
export function topicAsPronoun(sentence: string, topic: string, topicIsPlural: boolean): string {
  const subject = new RegExp(`^(?:the\\s+)?${escape(topic)}(s|es)?\\s+(?=\\p{Ll})`, 'iu');
  const found = subject.exec(sentence);
  const next = found ? tokensOf(sentence.slice(found[0].length)).find((token) => token.isWord) : undefined;
  if (!found || !next || !['VERB', 'AUX', 'ADV'].includes(next.pos)) return sentence;
  // "Politics is not …" -> "It is not …": the verb says the number where it shows one; the name where it does not.
  const singular = next.pos === 'ADV' ? null : verbIsSingular(next);
  const plural = singular === null ? Boolean(found[1]) || topicIsPlural : !singular;
  return sentence.replace(subject, plural ? 'They ' : 'It ');
}

// ---------------------------------------------------------------------------------------------------------------
// Whether a retelling is in its own words.

/**
 * The parts of a retelling that say something anew. "It …", "They …", "This …" lean on the part before: when that
 * part is left out, so are they.
 */
export function partsInOwnWords(parts: readonly string[], bookGrams: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  let previousKept = true;
  for (const part of parts) {
    const leans = /^(?:It|They|This|In it|In them)\b/.test(part);
    previousKept = !repeatsBook(part, bookGrams) && (previousKept || !leans);
    if (previousKept) kept.push(part);
  }
  return kept;
}

const WORDS = /[\p{L}\p{N}]+/gu;
const GRAM = 5;

/** The word 5-grams of a text (lower case, punctuation ignored): what a retelling must not mostly repeat. */
export function wordGrams(texts: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (const text of texts) {
    const words = text.toLowerCase().match(WORDS) ?? [];
    for (let at = 0; at + GRAM <= words.length; at += 1) grams.add(words.slice(at, at + GRAM).join(' '));
  }
  return grams;
}

/**
 * A sentence the book already says, word for word or nearly: most of its 5-word runs are the book's. A retelling that
 * only repeats the book is left out rather than passed off as a plain one.
 */
export function repeatsBook(sentence: string, bookGrams: ReadonlySet<string>): boolean {
  const words = sentence.toLowerCase().match(WORDS) ?? [];
  if (words.length < GRAM) return false;
  let repeated = 0;
  for (let at = 0; at + GRAM <= words.length; at += 1)
    if (bookGrams.has(words.slice(at, at + GRAM).join(' '))) repeated += 1;
  return repeated / (words.length - GRAM + 1) >= 0.8;
}
