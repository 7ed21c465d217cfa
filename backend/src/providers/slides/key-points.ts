import { sentencesOf, summaryBlocks } from '../renderer/summary-text.js';

const MAX_POINTS = 6;
const MIN_POINTS = 3;
const MAX_SUMMARY_POINTS = 4;
const MAX_POINT_CHARS = 170;

/** Plain text of a markdown-ish summary: paragraphs and list items, one per line. */
export function summaryAsPlainText(summary: string): string {
  return summaryBlocks(summary)
    .map((block) => (block.kind === 'list' ? block.items.map((item) => `• ${item}`).join('\n') : block.text))
    .join('\n\n');
}

/**
 * 3-6 bullet points for a chapter slide: its summary's leading sentences (extractive and abstractive
 * summaries alike put the main points first), then its key topics; fewer only when the chapter has
 * less to offer.
 */
export function keyPoints(summary: string | null, topics: string[]): string[] {
  const sentences = summary
    ? summaryBlocks(summary).flatMap((block) =>
        block.kind === 'list' ? block.items : block.kind === 'paragraph' ? sentencesOf(block.text) : [],
      )
    : [];
  const cleanTopics = [...new Set(topics.map((topic) => topic.trim()).filter(Boolean))];
  const fromSummary = sentences.slice(0, MAX_SUMMARY_POINTS).map(shorten);
  const room = MAX_POINTS - fromSummary.length;
  if (cleanTopics.length === 0 || room <= 0) return fromSummary.slice(0, MAX_POINTS);
  // Topics as bullets of their own while the slide is short of points, else gathered on one line.
  const ownBullets = Math.max(0, Math.min(cleanTopics.length, MIN_POINTS - fromSummary.length, room));
  const points = [...fromSummary, ...cleanTopics.slice(0, ownBullets).map(shorten)];
  const rest = cleanTopics.slice(ownBullets);
  if (rest.length > 0 && points.length < MAX_POINTS) points.push(shorten(`Key topics: ${rest.join(', ')}`));
  return points;
}

function shorten(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_POINT_CHARS) return clean;
  const cut = clean.slice(0, MAX_POINT_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_POINT_CHARS / 2)).replace(/[,;:]$/, '')}…`;
}
