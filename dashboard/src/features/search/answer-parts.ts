import { type SearchCitation } from '@chapterwise/shared';

export type AnswerPart =
  { kind: 'text'; text: string } | { kind: 'citation'; number: number; citation: SearchCitation };

const MARKER = /\[(\d+)\]/g;

/** A marker without a citation stays as text. */
export function answerParts(answer: string, citations: readonly SearchCitation[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let cursor = 0;
  for (const match of answer.matchAll(MARKER)) {
    const number = Number(match[1]);
    const citation = citations[number - 1];
    if (!citation) continue;
    pushText(answer.slice(cursor, match.index));
    parts.push({ kind: 'citation', number, citation });
    cursor = match.index + match[0].length;
  }
  pushText(answer.slice(cursor));
  return parts;
}
