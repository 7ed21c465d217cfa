import { nativeTesseractAvailable, NativeTesseractOcrEngine } from './native-tesseract.adapter.js';
import { OcrUnavailableError, type OcrEngine } from './ocr-engine.port.js';
import { TesseractJsOcrEngine } from './tesseractjs.adapter.js';

export type OcrEngineChoice = 'auto' | 'tesseractjs' | 'native';

export interface OcrEngineSettings {
  choice: OcrEngineChoice;
  dpi: number;
  /** Cores available: native runs one process per core; tesseract.js at most two threads (more barely helps). */
  cores: number;
  pageTimeoutMs: number;
}

// The native binary is about twice as fast as tesseract.js (bench/ingest); tesseract.js needs no system package.
export async function createOcrEngine(settings: OcrEngineSettings): Promise<OcrEngine> {
  const { choice, dpi, cores, pageTimeoutMs } = settings;
  if (choice !== 'tesseractjs' && (await nativeTesseractAvailable())) {
    return new NativeTesseractOcrEngine({ concurrency: cores, pageTimeoutMs, dpi });
  }
  if (choice === 'native')
    throw new OcrUnavailableError('OCR_ENGINE=native but the tesseract binary with English data is not installed');
  return new TesseractJsOcrEngine({ concurrency: Math.min(2, cores), pageTimeoutMs, dpi });
}
