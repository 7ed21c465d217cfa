// Draws the toolbar icon (an open book on an indigo tile) with ImageMagick into public/icon/<size>.png.
// Run `npm run icons -w extension` after changing the drawing; the PNGs are committed.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const outDir = fileURLToPath(new URL('../public/icon/', import.meta.url));
mkdirSync(outDir, { recursive: true });

const drawing = [
  ['-size', '128x128', 'xc:none'],
  ['-fill', '#4f46e5', '-draw', 'roundrectangle 0,0 127,127 26,26'],
  // Two pages of an open book, and the spine.
  ['-fill', '#ffffff', '-draw', 'polygon 20,36 60,44 60,100 20,92'],
  ['-fill', '#ffffff', '-draw', 'polygon 108,36 68,44 68,100 108,92'],
  ['-fill', '#c7d2fe', '-draw', 'rectangle 60,44 68,100'],
  // Text lines on the left page.
  ['-stroke', '#a5b4fc', '-strokewidth', '4'],
  ['-draw', 'line 28,54 52,58', '-draw', 'line 28,66 52,70', '-draw', 'line 28,78 46,81'],
].flat();

for (const size of [16, 32, 48, 128]) {
  const output = `${outDir}${size}.png`;
  execFileSync('convert', [
    ...drawing,
    '-resize',
    `${size}x${size}`,
    '-strip',
    '-define',
    'png:compression-level=9',
    output,
  ]);
}
console.log(`icons written to ${outDir}`);
