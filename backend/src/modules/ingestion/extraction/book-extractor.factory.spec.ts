import { BookExtractorEnvSchema, bookExtractorSettings } from './book-extractor.factory.js';

describe('book extractor configuration', () => {
  it('has documented defaults', () => {
    expect(bookExtractorSettings(BookExtractorEnvSchema.parse({}))).toEqual({
      ocrEngine: 'auto',
      wallClockLimitMs: 1_800_000,
      memoryLimitMb: 1536,
      maxPages: 2000,
      maxOcrPages: 600,
      niceness: 19,
    });
  });

  it('reads the variables and refuses bad values', () => {
    const env = {
      OCR_ENGINE: 'native',
      EXTRACT_TIMEOUT_S: '60',
      EXTRACT_MEMORY_MB: '512',
      EXTRACT_MAX_PAGES: '100',
      OCR_MAX_PAGES: '0',
      EXTRACT_NICENESS: '0',
    };
    expect(bookExtractorSettings(BookExtractorEnvSchema.parse(env))).toEqual({
      ocrEngine: 'native',
      wallClockLimitMs: 60_000,
      memoryLimitMb: 512,
      maxPages: 100,
      maxOcrPages: 0,
      niceness: 0,
    });
    expect(() => BookExtractorEnvSchema.parse({ OCR_ENGINE: 'gpu' })).toThrow();
    expect(() => BookExtractorEnvSchema.parse({ EXTRACT_TIMEOUT_S: '-5' })).toThrow();
    expect(() => BookExtractorEnvSchema.parse({ EXTRACT_NICENESS: '20' })).toThrow();
  });
});
