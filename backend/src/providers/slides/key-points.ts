import { sentencesOf, summaryBlocks } from '../renderer/summary-text.js';

const MAX_POINTS = 6;
const MIN_POINTS = 3;
const MAX_SUMMARY_POINTS = 4;
const MAX_POINT_CHARS = 170;
const SLIDE_CHARS = 600;

export function summaryAsPlainText(summary: string): string {
  return summaryBlocks(summary)
    .map((block) => (block.kind === 'list' ? block.items.map((item) => `• ${item}`).join('\n') : block.text))
    .join('\n\n');
}

// Extractive and abstractive summaries alike put the main points first.
export function keyPoints(summary: string | null, topics: string[]): string[] {
  const sentences = summary
    ? summaryBlocks(summary).flatMap((block) =>
        block.kind === 'list' ? block.items : block.kind === 'paragraph' ? sentencesOf(block.text) : [],
      )
    : [];
  const cleanTopics = [...new Set(topics.map((topic) => topic.trim()).filter(Boolean))];
  // Whole sentences only: a long one gets a slide of its own (see pointsPerSlide), never an ellipsis.
  const fromSummary = sentences.slice(0, MAX_SUMMARY_POINTS).map(clean);
  const room = MAX_POINTS - fromSummary.length;
  if (cleanTopics.length === 0 || room <= 0) return fromSummary.slice(0, MAX_POINTS);
  // Topics as bullets of their own while the slide is short of points, else gathered on one line.
  const ownBullets = Math.max(0, Math.min(cleanTopics.length, MIN_POINTS - fromSummary.length, room));
  const points = [...fromSummary, ...cleanTopics.slice(0, ownBullets).map(clean)];
  const rest = cleanTopics.slice(ownBullets);
  if (rest.length > 0 && points.length < MAX_POINTS) points.push(topicLine(rest));
  return points;
}

function topicLine(topics: string[]): string {
  let line = `Key topics: ${clean(topics[0]!)}`;
  for (const topic of topics.slice(1)) {
    const longer = `${line}, ${clean(topic)}`;
    if (longer.length > MAX_POINT_CHARS) break;
    line = longer;
  }
  return line;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function pointsPerSlide(points: string[], maxChars = SLIDE_CHARS): string[][] {
  const slides: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const point of points) {
    if (current.length > 0 && size + point.length > maxChars) {
      slides.push(current);
      current = [];
      size = 0;
    }
    current.push(point);
    size += point.length;
  }
  if (current.length > 0) slides.push(current);
  return slides;
}
