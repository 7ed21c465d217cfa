import type { GrayImage } from './ocr-engine.port.js';

export function pgmHeader(image: GrayImage): Buffer {
  return Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
}

export function encodePgm(image: GrayImage): Buffer {
  return Buffer.concat([pgmHeader(image), image.data]);
}

export function isBlank(image: GrayImage, darkThreshold = 160, inkFraction = 0.0005): boolean {
  const limit = image.data.length * inkFraction;
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 1) {
    if (image.data[i]! < darkThreshold && ++dark > limit) return false;
  }
  return true;
}
