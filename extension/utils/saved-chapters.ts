import type { Chapter, Topic } from '@chapterwise/shared';
import { savedChaptersItem, type SavedChapter } from './storage.js';

// Enough for the chapters a student is working through, small enough for extension storage.
const SAVED_PER_ACCOUNT = 20;

export async function saveChapterCopy(userId: string, chapter: Chapter, topics: Topic[]): Promise<void> {
  const copies = await savedChaptersItem.getValue();
  const others = copies.filter((copy) => !(copy.userId === userId && copy.chapter.id === chapter.id));
  const mine = others.filter((copy) => copy.userId === userId).slice(0, SAVED_PER_ACCOUNT - 1);
  const theirs = others.filter((copy) => copy.userId !== userId);
  await savedChaptersItem.setValue([{ userId, chapter, topics, savedAt: Date.now() }, ...mine, ...theirs]);
}

export async function savedChapterCopy(userId: string, chapterId: string): Promise<SavedChapter | null> {
  return (await savedChaptersItem.getValue()).find((c) => c.userId === userId && c.chapter.id === chapterId) ?? null;
}

export async function savedChapterCopies(userId: string): Promise<SavedChapter[]> {
  return (await savedChaptersItem.getValue()).filter((copy) => copy.userId === userId);
}
