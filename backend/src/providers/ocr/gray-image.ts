import type { GrayImage } from './ocr-engine.port.js';

/** The header of a binary PGM (P5) of the image; its samples follow as they are. */
export function pgmHeader(image: GrayImage): Buffer {
  return Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
}

/** Binary PGM (P5): the simplest image file both tesseract and tesseract.js read, with no encoding cost. */
export function encodePgm(image: GrayImage): Buffer {
  return Buffer.concat([pgmHeader(image), image.data]);
}

/** True when (almost) no pixel is dark: a blank page, nothing to recognise. */
export function isBlank(image: GrayImage, darkThreshold = 160, inkFraction = 0.0005): boolean {
  const limit = image.data.length * inkFraction;
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 1) {
    if (image.data[i]! < darkThreshold && ++dark > limit) return false;
  }
  return true;
}
