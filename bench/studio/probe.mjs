import { buildStudyEngine, importBuilt } from '../study/build.mjs';
import { loadStudioCorpus } from './corpus.mjs';
buildStudyEngine();
const { buildOfflineFlashcards, buildOfflineQuiz } = await importBuilt('src/providers/llm/offline-studio/index.js');
const only = process.argv[2];
for (const book of loadStudioCorpus()) {
  if (only && !book.file.includes(only)) continue;
  const chapter = book.chapters[1];
  const input = { bookTitle: book.file, chapterTitle: chapter.title, language: 'en', pages: chapter.pages };
  const cards = buildOfflineFlashcards(input);
  const quiz = buildOfflineQuiz({ chapter: input, bookConcepts: [] }, cards);
  console.log(
    `\n### ${book.file} — ${chapter.title} (${chapter.pages.length} p): ${cards.length} cards, ${quiz.length} questions`,
  );
  for (const card of cards.slice(0, Number(process.argv[3] ?? 6)))
    console.log(`- [${card.kind} p.${card.pageLabel}] ${card.front} => ${card.back}`);
  for (const q of quiz.slice(0, 2)) console.log(`  Q: ${q.prompt} | ${q.options.join(' / ')} | ans ${q.answer}`);
}
