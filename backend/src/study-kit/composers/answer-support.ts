import { analyseChapterPages, type AnalysedSentence } from '../text/chapter-text.js';
import type { StudyPage } from '../types.js';
import stopWords from '../data/stop-words.json' with { type: 'json' };

// Small, local text checks for the studio: is an answer on its page, is a word a stop word.

const STOP_WORDS = new Set(stopWords.words);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/** Lower-case words of a text (letters, digits, inner apostrophes and hyphens). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Text compared loosely: lower case, any quote or dash the same, spaces folded. */
export function normalise(text: string): string {
  return wordsOf(text.replace(/[‘’]/g, "'")).join(' ');
}

/** True when every word is a stop word (or there are no words): never something to hide or ask for. */
export function onlyStopWords(text: string): boolean {
  return wordsOf(text).every(isStopWord);
}

// A crude stem so "cells" on the page supports "cell" in an answer.
function stem(word: string): string {
  return word.replace(/(?:ies|es|s|ed|ing|ly)$/, '').slice(0, 8);
}

/**
 * Whether a page supports an answer: the answer stands on it word for word, or (for a paraphrase)
 * at least `share` of the answer's content words do.
 */
export function answerSupported(answer: string, pageText: string, share = 0.8): boolean {
  const page = normalise(pageText);
  const wanted = normalise(answer);
  if (!wanted) return false;
  if (` ${page} `.includes(` ${wanted} `)) return true;
  const content = wordsOf(answer).filter((word) => !isStopWord(word) && word.length > 2);
  if (content.length < 2) return false;
  const onPage = new Set(wordsOf(pageText).map(stem));
  return content.filter((word) => onPage.has(stem(word))).length / content.length >= share;
}

/** Whether the answer stands on the page word for word (loosely: case, quotes and spacing ignored). */
export function standsOn(answer: string, pageText: string): boolean {
  const wanted = normalise(answer);
  return wanted.length > 0 && ` ${normalise(pageText)} `.includes(` ${wanted} `);
}

/** A small deterministic hash, so the same chapter gives the same cards and quiz. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

// The NLP pass is the costly step; cards and quiz of one chapter share it.
const analysedPages = new WeakMap<readonly StudyPage[], AnalysedSentence[]>();

/** The chapter's analysed sentences, computed once per pages array. */
export function analysedSentences(pages: readonly StudyPage[]): AnalysedSentence[] {
  let sentences = analysedPages.get(pages);
  if (!sentences) analysedPages.set(pages, (sentences = analyseChapterPages(pages)));
  return sentences;
}
