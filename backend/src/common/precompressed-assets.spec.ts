import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { precompressedAssets } from './precompressed-assets.js';

describe(precompressedAssets.name, () => {
  const root = mkdtempSync(join(tmpdir(), 'precompressed-'));
  const script = 'export const answer = 42;\n'.repeat(100);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets/app-abc123.js'), script);
  writeFileSync(join(root, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets/plain-abc123.js'), script);
  writeFileSync(join(root, 'secret.js.br'), 'not an asset');

  const app = express();
  app.use(precompressedAssets(root));
  app.use((_request, response) => void response.status(404).send('fell through'));

  it('serves the Brotli copy of an asset, typed as the asset, cached for good', async () => {
    // The client decompresses what it is sent.
    const response = await request(app)
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.text).toBe(script);
  });

  it('falls through without br, without a Brotli copy, outside /assets/ or for a path out of the folder', async () => {
    await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip').expect(404, 'fell through');
    await request(app).get('/assets/plain-abc123.js').set('Accept-Encoding', 'br').expect(404, 'fell through');
    await request(app).get('/secret.js').set('Accept-Encoding', 'br').expect(404, 'fell through');
    await request(app).get('/assets/../secret.js').set('Accept-Encoding', 'br').expect(404, 'fell through');
    await request(app).post('/assets/app-abc123.js').set('Accept-Encoding', 'br').expect(404, 'fell through');
  });
});
