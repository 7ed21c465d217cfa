import {
  analyseSegments,
  cleanPageTexts,
  isContentToken,
  isUnpunctuatedLine,
  type AnalysedSentence,
} from '../text/chapter-text.js';
import {
  asksAQuestion,
  capitaliseFirst,
  needsAntecedent,
  repairSentence,
  sentenceKey,
} from '../text/sentence-hygiene.js';
import type { AnswerPassage, GroundedAnswer } from '../types.js';
import { nameGivenBefore } from './named-before.js';
import { definitionIn, setsATask, singularKey } from './study-notes.js';

const MAX_QUOTE_CHARS = 320;
/** Longer sentences make an answer hard to read: only their clauses are quoted. */
const MAX_QUOTED_WORDS = 80;
const CITATION_MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
/**
 * "Constructivism47 posits …": a note's number, set as a superscript, printed against the word it is on, which then
 * matches no question. Two or three digits after a word of four letters or more ("arg1", "CO2" are names).
 */
const FOOTNOTE_MARK = /(?<=\p{L}{4})\d{2,3}(?=[\s,;:]|$)/gmu;

/** The sentences of each passage, tagged with the passage id as their origin. */
export function passageSentences(passages: readonly AnswerPassage[]): AnalysedSentence[] {
  // One analysis per passage: two pages of different books must never make one sentence.
  return passages.flatMap((passage) => {
    const lines = passage.text.split(/\r?\n/);
    const prose = lines
      .filter((line, index) => !isHeadingLine(line, lines[index - 1], lines[index + 1]))
      .join('\n')
      .replace(FOOTNOTE_MARK, '');
    const [clean] = cleanPageTexts([{ label: String(passage.id), text: prose }]);
    return analyseSegments([{ text: clean?.text ?? passage.text, origin: String(passage.id), group: 0 }]);
  });
}

/** Content-word lemmas of a question or claim, as the sentence analysis makes them. */
export function contentLemmas(text: string): Set<string> {
  return new Set(analyseSegments([{ text, origin: '', group: 0 }]).flatMap((sentence) => sentence.terms));
}

/** Sentences scored by the query terms they share, each term weighted by how rare it is among them. */
export function scoreSentences(
  sentences: readonly AnalysedSentence[],
  terms: ReadonlySet<string>,
): Array<{ sentence: AnalysedSentence; score: number }> {
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of new Set(sentence.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  return sentences.map((sentence) => {
    let score = 0;
    for (const term of new Set(sentence.terms))
      if (terms.has(term)) score += Math.log(1 + sentences.length / documentFrequency.get(term)!);
    return { sentence, score };
  });
}

function clip(text: string): string {
  return text.length <= MAX_QUOTE_CHARS ? text : `${text.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/, '')}…`;
}

/** A model answer with unknown citation markers removed and each cited passage quoted by its best-supporting sentence. */
export function groundAnswer(answer: string, passages: readonly AnswerPassage[]): GroundedAnswer {
  const known = new Set(passages.map((passage) => passage.id));
  const text = answer
    .replace(CITATION_MARKER, (_marker, list: string) => {
      const ids = list
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => known.has(id));
      return ids.length ? ids.map((id) => `[${id}]`).join('') : '';
    })
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();

  // Each claim is the text before its markers; a passage's quote is its sentence closest to its claims.
  const claimsByPassage = new Map<number, string[]>();
  let claimStart = 0;
  for (const match of text.matchAll(/(?:\[\d+\])+/g)) {
    const claim = text.slice(claimStart, match.index);
    claimStart = match.index + match[0].length;
    for (const id of match[0].match(/\d+/g)!.map(Number)) {
      claimsByPassage.set(id, [...(claimsByPassage.get(id) ?? []), claim]);
    }
  }
  const citations = [...claimsByPassage].map(([id, claims]) => {
    const passage = passages.find((candidate) => candidate.id === id)!;
    const sentences = passageSentences([passage]);
    const [best] = scoreSentences(sentences, contentLemmas(claims.join(' '))).sort((a, b) => b.score - a.score);
    return { passage: id, quote: clip(best?.sentence.text ?? passage.text.replace(/\s+/g, ' ').trim()) };
  });
  return { text, citations, answered: text.length > 0 && citations.length > 0 };
}

type QuestionType = 'definition' | 'difference' | 'condition' | 'reason' | 'person' | 'time' | 'method' | 'other';

/** "What is the difference between X and Y?", "How does X differ from Y?": the two things compared. */
const DIFFERENCE =
  /^(?:what\s+(?:is|are|'s)\s+(?:the\s+)?(?:main\s+|key\s+)?differences?\s+between\s+(.+?)\s+and\s+(.+)|how\s+(?:do|does|is|are)\s+(.+?)\s+(?:differ|different)\s+from\s+(.+)|what\s+distinguishes\s+(.+?)\s+from\s+(.+))$/i;

/** The two things a "what is the difference" question compares, or null for any other question. */
export function comparedPair(question: string): [string, string] | null {
  const match = DIFFERENCE.exec(question.trim().replace(/[?.!\s]+$/, ''));
  if (!match) return null;
  const [first, second] = [match[1] ?? match[3] ?? match[5], match[2] ?? match[4] ?? match[6]];
  const bare = (side: string) => side.replace(/^(?:an?|the)\s+/i, '').trim();
  return first && second ? [bare(first), bare(second)] : null;
}

/** What kind of answer a question wants, by its opening words. */
export function questionType(question: string): QuestionType {
  const q = question.trim().toLowerCase();
  if (comparedPair(question)) return 'difference';
  // "When is a graph bipartite?" asks on what condition, "When did the war end?" asks for a time.
  if (
    /^when\s+(?:is|are|does|do|can|should|must|will|would)\b/.test(q) &&
    !/\b(?:born|die|died|happen|start|end|begin)\b/.test(q)
  )
    return 'condition';
  // "What does constructivism say about …?" asks what a theory, law or principle holds: its statement, as a definition.
  if (STATEMENT_OF.test(question)) return 'definition';
  if (/^(?:what\s+(?:is|are|was|were|does\s+\S+\s+mean)|define|what's|what\s+do\s+\S+\s+mean|meaning\s+of)\b/.test(q))
    return asksAboutAnEvent(question) ? 'other' : 'definition';
  if (/^(?:why|for\s+what\s+reason|what\s+(?:causes|caused|makes|made))\b/.test(q)) return 'reason';
  if (/^(?:who|whom|whose)\b/.test(q)) return 'person';
  if (/^(?:when|what\s+year|what\s+time|how\s+long)\b/.test(q)) return 'time';
  if (/^(?:how|in\s+what\s+way)\b/.test(q)) return 'method';
  return 'other';
}

// "What was written on the bottle?" asks what happened, not what something is: a verb follows "was".
// "What is gerrymandering?" names a practice: a verb's -ing form ending the question is a noun.
function asksAboutAnEvent(question: string): boolean {
  const words = analyseSegments([{ text: question, origin: '', group: 0 }])[0]?.tokens.filter((token) => token.isWord);
  const gerund = words?.length === 3 && /ing$/i.test(words[2]!.value);
  return words?.[2]?.pos === 'VERB' && !gerund;
}

const TYPE_CUES: Record<QuestionType, RegExp | null> = {
  // "…, whereas in a bicameral legislature, …": a sentence that sets the two apart.
  difference:
    /\b(?:whereas|while|unlike|differs?|different|difference|distinct|distinguish|in\s+contrast|by\s+contrast|rather\s+than|instead|but|not)\b/i,
  // "We say a graph is bipartite if …", "is always stable since …": the condition it holds on.
  condition: /\b(?:if|when|whenever|unless|provided|only|always|never|requires?|demands?|as\s+long\s+as)\b/i,
  definition:
    /\b(?:is|are)\s+(?:an?|the|one|any|called|defined|known)\b|\b(?:refers?\s+to|means|is\s+called|are\s+called|known\s+as)\b/i,
  reason: /\b(?:because|since|so\s+that|in\s+order\s+to|reason|therefore|due\s+to|caused|as\s+a\s+result|why)\b/i,
  person: /\b\p{Lu}\p{Ll}+\b.*\b(?:was|is|did|had|killed|said|made)\b/u,
  time: /\b(?:\d{3,4}|year|years|day|days|when|after|before|until|during|century|morning|night|month)\b/i,
  method: /\b(?:by|using|use|with|first|then|step|run|type|command|option)\b/i,
  other: null,
};

/** "What does Euler's formula say about planar graphs?": the theory, law or principle asked about, then what about. */
const STATEMENT_OF =
  /^\s*what\s+(?:does|do|did)\s+(?:the\s+)?(.+?)\s+(say|state|claim|posit|assert|hold)\b\s*(?:about\s+)?(.*?)[?.!\s]*$/i;

/** "What is a …", "Define …": the opening before the thing a definition question asks about. */
const WHAT_IS = /^\s*(?:what\s+(?:is|are|was|were)|define|what's)\s+(?:an?\s+|the\s+)?/i;

/** "This is why …", "That is the reason …": the reason was said in the sentence before. */
const POINTS_BACK_TO_REASON = /^(?:this|that)\s+is\s+(?:why|the\s+reason)\b/i;

/**
 * "… through a process called scaling", "This view is known as the core-periphery model": the sentence gives the
 * asked term as the name of what it describes.
 */
export function namesTerm(sentence: string, term: string): boolean {
  return new RegExp(
    `\\b(?:called|named|termed|known\\s+as|referred\\s+to\\s+as)\\s+(?:an?\\s+|the\\s+)?${pluralPattern(term)}(?:\\s|$)`,
  ).test(sentence.toLowerCase().replace(/[^\p{L}\p{N}\s'-]+/gu, ' '));
}

/**
 * "In other words, according to agenda-setting theory, the media decides both what to ignore …": what a theory, law
 * or school holds, said in its name. ("… adjusted according to un ← un + γ(…)" follows a formula, not a term.)
 */
export function saysWhatItHolds(sentence: string, term: string): boolean {
  return new RegExp(`(?:^|,\\s*)according\\s+to\\s+(?:the\\s+)?${pluralPattern(term)}\\s*,\\s*\\p{L}`, 'u').test(
    singularKey(sentence.toLowerCase()),
  );
}

/** A term (as singularKey folds it) in its singular or plural: "snap election" finds "snap elections". */
function pluralPattern(term: string): string {
  return term
    .split(/\s+/)
    .map((word) => {
      const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return /y$/.test(word) ? `${escaped.slice(0, -1)}(?:y|ies)` : `${escaped}(?:s|es)?`;
    })
    .join('\\s+');
}

/** "… in Subversion": the field a "what is" question is asked in. */
const FIELD = /\s+(?:in|within)\s+(.*)$/i;

/** "terminal velocity of a falling body": what the asked term is of or for, after its head. */
const COMPLEMENT = /\s+(?:of|for)\s+(.*)$/i;

/**
 * The term a definition question asks about ("What is X?", "What does X say?"), and what it is asked about besides:
 * the field it is asked in, what it is of ("of a falling body") or what the statement is about ("about planar graphs").
 */
function askedTerm(question: string): { term: string; around: string } {
  const statement = STATEMENT_OF.exec(question);
  const asked = (statement ? statement[1]! : question.replace(WHAT_IS, '')).replace(/[?.!\s]+$/, '');
  const field = FIELD.exec(asked)?.[1] ?? '';
  const term = singularKey(asked.replace(FIELD, ''));
  const around = [statement?.[3] ?? '', field, COMPLEMENT.exec(term)?.[1] ?? ''].join(' ');
  return { term, around };
}

/** How much of the question a sentence must cover, by weight of its rare terms, to count as an answer. */
const ANSWER_COVERAGE = 0.7;

/** An extractive answer ranked by question terms, type and readability; `answered` false when nothing covers the terms. */
export function extractiveAnswer(
  question: string,
  passages: readonly AnswerPassage[],
  maxSentences = 3,
): GroundedAnswer {
  const type = questionType(question);
  const asked = type === 'definition' ? askedTerm(question) : null;
  const definedTerm = asked?.term ?? null;
  // "What is the terminal velocity of a falling body?" is answered by "… the so-called terminal velocity vT …".
  const definedHead = definedTerm?.replace(COMPLEMENT, '') ?? null;
  const statement = STATEMENT_OF.exec(question);
  const analysedQuestion = analyseSegments([{ text: question, origin: '', group: 0 }]);
  // Lemmas folded to their singular: the tagger lemmatises a capitalised "Plants" as a name.
  const terms = new Set([...contentLemmas(question)].map(singularKey).filter((term) => /[\p{L}\p{N}]/u.test(term)));
  // "What is the difference between …" asks for a difference; "What is a backward difference?" asks about one.
  // ("What does Rache mean?" asks what it means: its subject is not read off a "what is" opening.)
  const askedWords = new Set(WHAT_IS.test(question) || statement ? (definedTerm?.split(/\s+/) ?? []) : []);
  for (const word of QUESTION_WORDS) if (!askedWords.has(word)) terms.delete(word);
  // "say" in "What does constructivism say?" asks for the statement; the book need not use the word.
  if (statement) terms.delete(singularKey(statement[2]!.toLowerCase()));
  // "When should I use whom instead of who?": a wh-word past the opening is what the question is about.
  const questionWords = question.toLowerCase().match(/[a-z']+/g) ?? [];
  for (const word of questionWords.slice(1))
    if (/^(?:who|whom|whose|which|whoever|whomever)$/.test(word)) terms.add(word);
  // The tagger reads one word two ways by its neighbours ("the leaves of a tree" a noun, leaf; "are called leaves"
  // a verb, leave): a sentence holding the question's word as written holds the question's term.
  const termOfWritten = new Map<string, string>();
  for (const token of analysedQuestion.flatMap((sentence) => sentence.tokens).filter(isContentToken)) {
    const term = singularKey(token.lemma);
    if (terms.has(term)) termOfWritten.set(singularKey(token.normal), term);
  }
  const questionPairs = wordPairs(analysedQuestion.flatMap((s) => s.words));
  const rankOf = new Map(passages.map((passage, index) => [String(passage.id), index]));
  const sentences = passageSentences(passages)
    .flatMap(runOnParts)
    .flatMap(quotableParts)
    .map((sentence) => ({
      ...sentence,
      // Words too, so a question about "whom" (a stop word) finds the sentence that uses it.
      terms: [
        ...sentence.terms.map(singularKey),
        ...sentence.words.filter((word) => terms.has(word)),
        ...sentence.words.flatMap((word) => termOfWritten.get(singularKey(word.toLowerCase())) ?? []),
      ],
    }));
  const frequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of new Set(sentence.terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  // A term no passage holds weighs most: a question about something the books never mention is not answered.
  const weight = (term: string) => Math.log(1 + (sentences.length + 1) / (1 + (frequency.get(term) ?? 0)));
  const totalWeight = [...terms].reduce((sum, term) => sum + weight(term), 0) || 1;
  const cue = TYPE_CUES[type];
  // "What is a tag in Subversion?" asks what a tag is; Subversion is the field, which the passage (a page of
  // the Subversion book) holds rather than the defining sentence ("A tag is just a snapshot …").
  // Likewise what the term is of ("of a falling body") and what a statement is about ("about planar graphs"): the page
  // holds them, the sentence naming the term or stating the law need not.
  const fieldTerms = asked?.around.trim() ? [...contentLemmas(asked.around)].map(singularKey) : [];
  const termsOfPassage = new Map<string, Set<string>>();
  for (const sentence of sentences)
    for (const term of sentence.terms)
      termsOfPassage.set(sentence.origin, (termsOfPassage.get(sentence.origin) ?? new Set()).add(term));
  // "What is the difference between permutations and combinations?" is answered by what sets them apart, or by
  // what each of them is ("A permutation is a (possible) rearrangement of objects.").
  const compared = type === 'difference' ? comparedSides(question, analysedQuestion) : [];
  // "When is a graph bipartite?": the condition is said right after the word asked about ("… is bipartite if …").
  const conditionWord = type === 'condition' ? questionWords[questionWords.length - 1] : undefined;
  const statesCondition = conditionWord
    ? new RegExp(
        `\\b${conditionWord.replace(/(?:e|es|s|ed|ing)$/, '')}\\w*(?:\\s*\\([^()]*\\))?,?\\s+(?:if|when|whenever|provided|precisely|exactly|as\\s+long\\s+as)\\b`,
        'i',
      )
    : null;
  const scored = sentences
    .map((sentence, index) => {
      const text = repairSentence(sentence.text);
      // A question in the book ("Above all, why should he write RACHE?") asks and an exercise ("Explain why …") sets
      // a task: neither answers.
      if (!text || !isStatement(sentence)) return null;
      // A reply answers the question asked right before it, in dialogue and in FAQs alike ("'Why does your cat
      // grin?' 'It's a Cheshire cat.'"): the two are read and weighed together, and the reply alone is quoted.
      const before = sentences[index - 1];
      const asked =
        before?.origin === sentence.origin && asksAQuestion(before.text) ? repairSentence(before.text) : null;
      // "The author believes in the principle simplify, understand, and then generalize. That is why we start out
      // with the simple model …": a sentence saying that this is why points back at the reason, said right before it;
      // for a "why" question the two are weighed and quoted together.
      // "An atomic nucleus … may lose energy by emitting ionizing particles … This process is known as radioactive
      // decay.": a sentence naming the asked term for what it points back at is the definition with the sentence
      // before it.
      const pointsBack =
        type === 'reason'
          ? POINTS_BACK_TO_REASON.test(text)
          : !!definedHead && nameGivenBefore(text) !== null && namesTerm(text, definedHead);
      const reason =
        !asked &&
        pointsBack &&
        before?.origin === sentence.origin &&
        isStatement(before) &&
        before.words.length + sentence.words.length <= MAX_QUOTED_WORDS
          ? repairSentence(before.text)
          : null;
      if (reason) {
        const both = `${reason} ${text}`;
        const joined = {
          ...sentence,
          text: both,
          words: [...before!.words, ...sentence.words],
          terms: [...before!.terms, ...sentence.terms],
        };
        return { sentence: joined, reply: both };
      }
      if (!asked) return { sentence: { ...sentence, text }, reply: text };
      return {
        sentence: {
          ...sentence,
          text: `${asked} ${text}`,
          words: [...before!.words, ...sentence.words],
          terms: [...before!.terms, ...sentence.terms],
        },
        reply: text,
      };
    })
    .filter((entry): entry is { sentence: AnalysedSentence; reply: string } => entry !== null)
    .filter(
      ({ sentence, reply }) =>
        sentence.words.length <= MAX_QUOTED_WORDS && startsLikeASentence(sentence.text) && !asksAQuestion(reply),
    )
    .map(({ sentence, reply }) => {
      const own = new Set(sentence.terms);
      for (const term of fieldTerms) if (termsOfPassage.get(sentence.origin)?.has(term)) own.add(term);
      const coverage =
        [...terms].filter((term) => own.has(term)).reduce((sum, term) => sum + weight(term), 0) / totalWeight;
      const together = [...wordPairs(sentence.words)].filter((pair) => questionPairs.has(pair)).length;
      // For "what is X", the sentence that defines X itself is the answer.
      const defined = definedTerm ? definitionIn(reply) : null;
      const definesAsked = (term: string) =>
        (defined !== null && singularKey(defined) === term) ||
        definesBySubject(reply, term) ||
        definesInBrackets(reply, term) ||
        namesTerm(reply, term) ||
        saysWhatItHolds(reply, term) ||
        (term === definedTerm && !!definedHead && namesTerm(reply, definedHead));
      const fits =
        (definedTerm && definesAsked(definedTerm)) ||
        compared.some((side) => definesSide(reply, side)) ||
        (statesCondition && statesCondition.test(reply))
          ? 2
          : cue?.test(reply)
            ? 1
            : 0;
      const dangling = needsAntecedent(sentence.text) ? 0.3 : 0;
      return {
        sentence,
        reply,
        coverage,
        fits,
        score: coverage + 0.15 * together + 0.25 * fits - dangling + 0.02 / (1 + rankOf.get(sentence.origin)!),
      };
    })
    .filter((entry) => entry.coverage > 0)
    .sort((a, b) => b.score - a.score);
  // "What is a snap election?" is answered first by the sentence saying what one is ("These are called snap
  // elections."), though another uses the words more closely ("… might call a snap election on the back of …").
  if (type === 'definition' && scored[0] && scored[0].fits === 0) {
    const defining = scored.findIndex((entry) => entry.fits > 0 && entry.coverage >= ANSWER_COVERAGE);
    if (defining > 0) scored.unshift(...scored.splice(defining, 1));
  }
  // "What happens if a government loses a vote of no confidence?": a sentence holding most of the question's words
  // ("A majority is needed to pass a vote of no confidence.") can rank first by its word pairs, yet one that holds
  // the whole question ("If the government loses the vote, …") answers it. (Two things compared are answered first by
  // what sets them apart, then by what each is, below.)
  if (type !== 'definition' && type !== 'difference' && scored[0] && scored[0].coverage < ANSWER_COVERAGE) {
    const covering = scored.findIndex((entry) => entry.coverage >= ANSWER_COVERAGE);
    if (covering > 0) scored.unshift(...scored.splice(covering, 1));
  }
  // What is quoted is the reply: a question the book asked before it helped find it, but answers nothing.
  const chosen: AnalysedSentence[] = [];
  const coverageOf = new Map<AnalysedSentence, number>();
  // Two things compared: what sets them apart first, then what each of them is.
  const sideDefinitions = compared.flatMap((side) => scored.find((entry) => definesSide(entry.reply, side)) ?? []);
  const candidates = compared.length ? [...new Set([...scored.slice(0, 1), ...sideDefinitions, ...scored])] : scored;
  for (const { sentence, reply, coverage } of candidates) {
    if (chosen.length >= maxSentences) break;
    if (chosen.some((other) => sentenceKey(other.text) === sentenceKey(reply))) continue;
    const quoted = { ...sentence, text: reply };
    chosen.push(quoted);
    coverageOf.set(quoted, coverage);
  }
  // "What is the boiling point of water?" is not answered by a story's "at the boiling-point had rushed upon me":
  // the answer to a "what is" question says what the thing is.
  // Two things compared are also told apart by a definition of each, in sentences of their own.
  const bothDefined =
    compared.length > 0 && compared.every((side) => scored.some((entry) => definesSide(entry.reply, side)));
  // Two things compared may be set apart in a sentence that names both but not in the question's words ("Among
  // numerical methods, we treat implicit multi-step methods, and several families of explicit methods").
  const covered = type === 'difference' ? Math.max(0, ...scored.map((entry) => entry.coverage)) : scored[0]?.coverage;
  const answered =
    terms.size > 0 &&
    (bothDefined ||
      ((covered ?? 0) >= ANSWER_COVERAGE &&
        // A law is stated in many forms ("De Morgan's Laws ¬(P ∧ Q) is logically equivalent to ¬P ∨ ¬Q."): the
        // sentence that holds it need not name it as a definition does.
        (type !== 'definition' || !!statement || scored[0]!.fits > 0)));
  if (chosen.length === 0) return { text: '', citations: [], answered: false };
  const citations = [...new Set(chosen.map((sentence) => Number(sentence.origin)))].map((id) => ({
    passage: id,
    quote: clip(
      chosen
        .filter((sentence) => Number(sentence.origin) === id)
        .map((s) => s.text)
        .join(' '),
    ),
  }));
  if (!answered) return { text: '', citations, answered: false };
  // Only sentences that answer as well as the best one's coverage allows stay in the answer.
  const best = scored[0]!.coverage;
  const answering = chosen.filter(
    (sentence) =>
      (coverageOf.get(sentence) ?? 0) >= best * 0.6 || compared.some((side) => definesSide(sentence.text, side)),
  );
  const text = answering.map((sentence) => `${sentence.text} [${sentence.origin}]`).join(' ');
  return {
    text,
    citations: citations.filter((citation) =>
      answering.some((sentence) => Number(sentence.origin) === citation.passage),
    ),
    answered: true,
  };
}

/**
 * The two sides of a "what is the difference" question as terms; an adjective standing alone shares the other side's
 * noun ("a unicameral and a bicameral legislature": "unicameral legislature", "bicameral legislature").
 */
function comparedSides(question: string, analysed: readonly AnalysedSentence[]): string[] {
  const pair = comparedPair(question);
  if (!pair) return [];
  // "the converse and the contrapositive of an implication": each side without what it is of.
  const [first, second] = pair.map((side) =>
    side
      .toLowerCase()
      .replace(/\s+(?:of|in|for|within)\s+.*$/, '')
      .split(/\s+/),
  );
  const adjectives = new Set(
    analysed
      .flatMap((sentence) => sentence.tokens)
      .filter((token) => token.pos === 'ADJ')
      .map((token) => token.normal),
  );
  const shared = (side: string[], other: string[]) =>
    side.length === 1 && other.length > 1 && adjectives.has(side[0]!) ? [...side, other[other.length - 1]!] : side;
  return [shared(first!, second!), shared(second!, first!)].map((side) => singularKey(side.join(' ')));
}

/** Whether a sentence says what one of two compared things is ("Civil liberties are guarantees of …"). */
function definesSide(sentence: string, side: string): boolean {
  const defined = definitionIn(sentence);
  return (
    (defined !== null && singularKey(defined) === side) ||
    definesBySubject(sentence, side) ||
    definesInBrackets(sentence, side)
  );
}

/**
 * "… and unchecked gerrymandering (the manipulation of the boundaries of voting districts …)": a term glossed in
 * brackets right after it is defined there.
 */
export function definesInBrackets(sentence: string, term: string): boolean {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|\\s)${escaped}\\s*\\((?:the|an?|i\\.e\\.,?)\\s+[^()]{12,}\\)`).test(
    singularKey(sentence.toLowerCase()),
  );
}

/**
 * A sentence glued to what comes before it, cut where it starts: pdftotext leaves a display formula in front of the
 * sentence after it ("tn − tn−1 (1.8) Since this difference is …"), and a variable's full stop reads as an initial's
 * ("… numerical estimations of r. The parameter r is known as …", "small ∆t. How small …").
 */
const RUN_ON =
  /(?<=\(\d+(?:\.\d+)+\))\s+(?=\p{Lu}\p{Ll})|(?<=(?:^|\s)(?:\p{Ll}|[^\s\p{L}\p{N}(["'“‘]+\p{L}{1,2})\.)\s+(?=\p{Lu}\p{Ll})/u;

export function runOnParts(sentence: AnalysedSentence): AnalysedSentence[] {
  if (!RUN_ON.test(sentence.text)) return [sentence];
  return sentence.text
    .split(new RegExp(RUN_ON.source, 'gu'))
    .flatMap((part) => analyseSegments([{ text: part, origin: sentence.origin, group: sentence.group }]));
}

// Words that say what is asked, not what it is about.
const QUESTION_WORDS = ['explain', 'mean', 'meaning', 'define', 'describe', 'happen', 'difference', 'use', 'example'];

// Pairs of two of these ("is a", "of the") say nothing about what a sentence is about.
const PAIR_STOP = new Set(
  'a an the of to in on at by for with from and or is are was were be it this that what how why who do does did can i you'.split(
    ' ',
  ),
);

function wordPairs(words: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < words.length; i += 1)
    if (!PAIR_STOP.has(words[i - 1]!.toLowerCase()) || !PAIR_STOP.has(words[i]!.toLowerCase()))
      pairs.add(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

const PLACE = /^(?:in|on|at|inside|under|within|near|from)$/;

// "A direct object shows …": the asked term (or its head noun) as subject, a verb right after, defines it.
export function definesBySubject(sentence: string, term: string): boolean {
  const words = sentence
    .toLowerCase()
    .replace(/^["'(]+/, '')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}:'-]+/gu, ''));
  // "Originally, common law meant judge-made law …": an adverb set off before the subject leaves it the subject.
  const opener = /^\p{L}+ly,$/u.test(sentence.trim().split(/\s+/)[0] ?? '') ? 1 : 0;
  const start = opener + (/^(?:a|an|the)$/.test(words[opener] ?? '') ? 1 : 0);
  const termWords = term.split(/\s+/);
  const verb = (word: string | undefined) =>
    !!word &&
    /^(?:is|are|was|were|means?|meant|refers?|shows?|tells?|names?|describes?|contains?|consists?|includes?|has|have|can|does|do|lets?|allows?|receives?|joins?|connects?|gives?|acts?|works?|stands?|states?|says?|posits?|asserts?|holds?|claims?)$/.test(
      word,
    );
  const matches = (offset: number, wordsOfTerm: readonly string[]) => {
    if (!wordsOfTerm.every((word, index) => singularKey(words[offset + index] ?? '') === singularKey(word)))
      return false;
    let next = offset + wordsOfTerm.length;
    // "The contrapositive of an implication P → Q is the statement …", "A closed formula for a sequence a0, a1, … is
    // …": what the term is of or for comes before its verb.
    if (words[next] === 'of' || words[next] === 'for') {
      const end = Math.min(words.length, next + 10);
      for (next += 1; next < end && !verb(words[next]);) next += 1;
    }
    // "The permutation is in part (b)" says where it is, not what.
    return verb(words[next]) && !(/^(?:is|are|was|were)$/.test(words[next]!) && PLACE.test(words[next + 1] ?? ''));
  };
  if (matches(start, termWords)) return true;
  // "sentence fragment" → "A fragment is …": the head noun, when the rest of the term is in the sentence.
  const head = termWords[termWords.length - 1]!;
  const rest = termWords.slice(0, -1);
  return (
    termWords.length > 1 &&
    matches(start, [head]) &&
    rest.every((word) => words.some((other) => singularKey(other) === singularKey(word)))
  );
}

// A short line without closing punctuation that stands alone in title case is a heading or running
// head ("Chapter 2 How Plants Make Food"), not prose: left in, it would be glued to the next sentence
// of a quote. A short line inside a wrapped paragraph ("the pigment that gives leaves their") is prose.
function isHeadingLine(line: string, before: string | undefined, after: string | undefined): boolean {
  const trimmed = line.trim();
  const words = trimmed.split(/\s+/);
  // A running head names the chapter in full: "CHAPTER IV. THE RABBIT SENDS IN A LITTLE BILL".
  const labelled = /^(?:chapter|part|section|appendix)\b/i.test(trimmed);
  if (!trimmed || words.length > (labelled ? 14 : 8) || !isUnpunctuatedLine(trimmed)) return false;
  const standsAlone =
    (!before?.trim() || /[.!?:;"”’)\]]$/.test(before.trim())) && (!after?.trim() || /^\s*[\p{Lu}\p{N}]/u.test(after));
  const titled = words.filter((word) => /^[\p{Lu}\p{N}]/u.test(word)).length * 2 >= words.length;
  return standsAlone && (titled || labelled);
}

/**
 * A sentence too long to quote whole is quoted by its clauses: those its semicolons separate stand as
 * sentences of their own ("… like telescopes; this time she found a little bottle on it, …").
 */
function quotableParts(sentence: AnalysedSentence): AnalysedSentence[] {
  if (sentence.words.length <= MAX_QUOTED_WORDS) return [sentence];
  return sentence.text
    .split(/;\s+/)
    .flatMap((clause) => analyseSegments([{ text: capitaliseFirst(clause), origin: sentence.origin, group: 0 }]))
    .filter((clause) => clause.words.length <= MAX_QUOTED_WORDS);
}

/**
 * A sentence that can support an answer states something: it asks no question ("What does a Type II error
 * represent?") and sets no task ("Explain why the scheme is stable.").
 */
export function isStatement(sentence: AnalysedSentence): boolean {
  return !asksAQuestion(sentence.text) && !setsATask(sentence);
}

// A page often opens mid-sentence ("them, we borrow…"), continuing the page before: not quotable.
function startsLikeASentence(text: string): boolean {
  return /^[\p{Lu}\p{N}"“‘'(]/u.test(text);
}
