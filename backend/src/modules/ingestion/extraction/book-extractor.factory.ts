import { z } from 'zod';
import type { BookExtractor } from './book-extractor.port.js';
import { PdfJsBookExtractor, type PdfJsBookExtractorOptions } from './pdfjs-book-extractor.adapter.js';

export const BookExtractorEnvSchema = z.object({
  OCR_ENGINE: z.enum(['auto', 'tesseractjs', 'native']).default('auto'),
  EXTRACT_TIMEOUT_S: z.coerce.number().int().positive().default(1800),
  EXTRACT_MEMORY_MB: z.coerce.number().int().min(256).default(1536),
  EXTRACT_MAX_PAGES: z.coerce.number().int().positive().default(2000),
  OCR_MAX_PAGES: z.coerce.number().int().min(0).default(600),
  EXTRACT_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
});
export type BookExtractorEnv = z.infer<typeof BookExtractorEnvSchema>;

export type BookExtractorSettings = PdfJsBookExtractorOptions;

export function bookExtractorSettings(env: BookExtractorEnv): BookExtractorSettings {
  return {
    ocrEngine: env.OCR_ENGINE,
    wallClockLimitMs: env.EXTRACT_TIMEOUT_S * 1000,
    memoryLimitMb: env.EXTRACT_MEMORY_MB,
    maxPages: env.EXTRACT_MAX_PAGES,
    maxOcrPages: env.OCR_MAX_PAGES,
    niceness: env.EXTRACT_NICENESS,
  };
}

export function createBookExtractor(settings: BookExtractorSettings): BookExtractor {
  return new PdfJsBookExtractor(settings);
}
