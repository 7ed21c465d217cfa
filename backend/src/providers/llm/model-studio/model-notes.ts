import { z } from 'zod';
import { sentencesOf } from '../../renderer/summary-text.js';
import { stripPageCitations } from '../../../study-kit/index.js';
import { needsAntecedent, repairSentence, sentenceKey } from '../../../study-kit/index.js';
import type { KeyTerm, NoteLine, StudyNotes } from '../../../study-kit/index.js';

const page = z.string().describe('label of the page that states it, from the page markers');
const line = z.object({ text: z.string().describe('one whole sentence'), page });

// Counts are asked for in the prompt and enforced by `checkModelNotes`: one short list must not void a whole answer.
export const ModelNotesSchema = z.object({
  kind: z.enum(['fiction', 'non-fiction']).describe('fiction for stories and novels, non-fiction otherwise'),
  overview: z.array(line).describe('2 to 4 sentences saying what the text is about'),
  key_points: z.array(line).describe('for fiction: what happens, in order; otherwise: the main points'),
  key_terms: z
    .array(z.object({ term: z.string(), definition: z.string().describe("the text's own definition"), page }))
    .describe('non-fiction only: terms the text defines; empty for fiction'),
  characters: z
    .array(z.object({ name: z.string(), description: z.string().describe('one sentence: who they are'), page }))
    .describe('fiction only: the main characters; empty for non-fiction'),
});
export type ModelNotes = z.infer<typeof ModelNotesSchema>;

const MAX_OVERVIEW = 4;

/**
 * The model's notes as the product stores them: every sentence passes the offline sentence rules
 * (repaired where safe), every line cites a page of the chapter (lines citing any other page are
 * dropped), nothing is said twice. Null when too little is left to be worth showing.
 */
export function checkModelNotes(
  notes: ModelNotes,
  labels: ReadonlySet<string>,
  sentenceRules = true,
): StudyNotes | null {
  const seen = new Set<string>();
  const readable = (raw: string) => readableText(raw, seen, sentenceRules);
  const known = (raw: string) => {
    const label = pageLabel(raw);
    return labels.has(label) ? label : null;
  };
  const lines = (items: ModelNotes['overview']): NoteLine[] =>
    items.flatMap((item) => {
      const label = known(item.page);
      const text = label && readable(item.text);
      return text ? [{ text, pages: [label] }] : [];
    });
  const entries = (items: Array<{ term: string; definition: string; page: string }>): KeyTerm[] =>
    items.flatMap((item) => {
      const label = known(item.page);
      const term = item.term.replace(/\s+/g, ' ').trim();
      const definition = label && term ? readable(item.definition) : null;
      return definition ? [{ term, definition, pages: [label!] }] : [];
    });

  const overview = lines(notes.overview).slice(0, MAX_OVERVIEW);
  const keyPoints = lines(notes.key_points);
  // An overview whose sentences were dropped opens with the first key points instead.
  while (overview.length < 2 && keyPoints.length > 1) overview.push(keyPoints.shift()!);
  const fiction = notes.kind === 'fiction';
  const keyTerms = fiction ? [] : entries(notes.key_terms);
  const characters = fiction
    ? entries(notes.characters.map((item) => ({ term: item.name, definition: item.description, page: item.page })))
    : [];
  if (overview.length === 0 || overview.length + keyPoints.length < 2) return null;
  return { kind: notes.kind, overview, keyPoints, keyTerms, characters };
}

/** "p. 12" and "12" name the same page. */
export function pageLabel(raw: string): string {
  return raw
    .replace(/^\s*\(?\s*p{1,2}\.?\s*/i, '')
    .replace(/\)\s*$/, '')
    .trim();
}

/**
 * Text made of whole sentences, or null: citations the model wrote inline are dropped (the page field
 * cites), each sentence is repaired or the text is refused, and a text said before is refused. The
 * sentence rules are English ones (capitals, function words): other languages get the repeat check only.
 */
function readableText(raw: string, seen: Set<string>, sentenceRules: boolean): string | null {
  const sentences = sentencesOf(stripPageCitations(raw).replace(/\s+/g, ' ').trim());
  if (sentences.length === 0) return null;
  const repaired = sentenceRules ? sentences.map((sentence) => repairSentence(sentence)) : sentences;
  if (repaired.some((sentence) => sentence === null) || (sentenceRules && needsAntecedent(repaired[0]!))) return null;
  const text = repaired.join(' ');
  const key = sentenceKey(text);
  if (seen.has(key)) return null;
  seen.add(key);
  return text;
}

/**
 * An ELI12 text held to the same rules: fragments dropped, the first sentence standing on its own,
 * every run of sentences ending with a citation of the chapter (the excerpt's span when the model cited none).
 */
export function checkModelExplanation(text: string, spanCitation: string): string {
  const kept: string[] = [];
  for (const sentence of sentencesOf(text.replace(/\s+/g, ' ').trim())) {
    // A citation may stand alone after the full stop: it belongs to the sentence before.
    if (/^\((?:pp?\.)[^()]*\)\.?$/.test(sentence)) {
      if (kept.length) kept[kept.length - 1] = `${kept[kept.length - 1]} ${sentence}`;
      continue;
    }
    const repaired = repairSentence(sentence);
    if (!repaired || (kept.length === 0 && needsAntecedent(repaired))) continue;
    kept.push(repaired);
  }
  if (kept.length === 0) return '';
  const joined = kept.join(' ');
  return /\((?:pp?\.)[^()]*\)/.test(joined) ? joined : `${joined.replace(/\s*$/, '')} ${spanCitation}`.trim();
}
