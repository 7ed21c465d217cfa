// A second page reader for long books (see readAllPages): opens its own copy of the document and lays out
// its range of pages. Erasable TypeScript only: it also runs from source through Node's type stripping.
import { parentPort, workerData } from 'node:worker_threads';
import { readPageRange, type ReaderThreadJob, type ReaderThreadMessage } from './page-reader.js';
import { openPdf } from '../../../providers/pdf/pdfjs-document.js';

const job = workerData as ReaderThreadJob;
const post = (message: ReaderThreadMessage) => parentPort!.postMessage(message);

try {
  const { task, doc } = await openPdf(job.data, job.maxImagePixels);
  const result = await readPageRange(doc, job.from, job.to, () => post({ type: 'page' }));
  await task.destroy();
  post({ type: 'done', result });
} catch (error) {
  post({ type: 'error', message: (error as Error).message });
}
