import { OcrEngine, type GrayImage, type OcrResult } from './ocr-engine.port.js';

/** Test double: answers from a function of the image, and records how many pages it was given. */
export class FakeOcrEngine extends OcrEngine {
  readonly name = 'fake';
  readonly concurrency = 1;
  recognized = 0;
  closed = false;
  private readonly answer: (image: GrayImage) => OcrResult | Promise<OcrResult>;

  constructor(answer: (image: GrayImage) => OcrResult | Promise<OcrResult>) {
    super();
    this.answer = answer;
  }

  async recognize(image: GrayImage): Promise<OcrResult> {
    this.recognized += 1;
    return this.answer(image);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}
