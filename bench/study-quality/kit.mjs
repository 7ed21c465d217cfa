// The one place this bench reaches into the built backend (backend/dist). Everything the bench runs or
// measures with goes through here, so a move of the study engine's files means changing these paths only.
// - the ingestion as the product runs it: extractBook (text layer, page labels, chapter detection);
// - the study engine through its port (StudyEngine: summarizeChapter, summarizeBook, extractTopics,
//   explainEli12, generateFlashcards, generateQuiz), built by the same factory the app uses with no model set;
// - the engine's own yardsticks that the issue asks to reuse: the whole-sentence test (sentenceProblem), the
//   notes' Markdown reader (notesProse), the sentence splitter (analyseSegments), Flesch-Kincaid grade, and the
//   back-of-book index reader the app feeds topics with (indexEntriesOf);
// - the chapter title similarity the ingestion bench scores boundaries with.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'backend', 'dist');
const ENGINE = 'providers/llm';
// The study kit's one door: its yardsticks are read from there.
const KIT = 'study-kit';

export function backendBuilt() {
  return existsSync(join(dist, 'modules', 'ingestion', 'extraction', 'book-extraction.js'));
}

const load = (path) => import(pathToFileURL(join(dist, path)).href);

export async function loadKit() {
  const [extraction, engineIndex, kit, titles] = await Promise.all([
    load('modules/ingestion/extraction/book-extraction.js'),
    load(`${ENGINE}/index.js`),
    load(`${KIT}/index.js`),
    load('modules/ingestion/detection/title-match.js'),
  ]);
  return {
    extractBook: extraction.extractBook,
    /** The engine the app builds when no model is configured (the offline engine), behind the StudyEngine port. */
    createEngine: () => engineIndex.createStudyEngine({}, new engineIndex.InMemoryLlmUsageLedger()),
    fleschKincaidGrade: engineIndex.fleschKincaidGrade,
    sentenceProblem: kit.sentenceProblem,
    notesProse: kit.notesProse,
    analyseSegments: kit.analyseSegments,
    stripPageCitations: kit.stripPageCitations,
    indexEntriesOf: kit.indexEntriesOf,
    titleSimilarity: titles.titleSimilarity,
  };
}
