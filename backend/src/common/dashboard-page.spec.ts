import express from 'express';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ROUTE_PRELOADS_FILE } from '@chapterwise/shared';
import { dashboardPage } from './dashboard-page.js';

describe(dashboardPage.name, () => {
  const root = mkdtempSync(join(tmpdir(), 'dashboard-page-'));
  const index = '<!doctype html><html><head><title>ChapterWise</title></head><body></body></html>';
  writeFileSync(join(root, 'index.html'), index);
  writeFileSync(
    join(root, ROUTE_PRELOADS_FILE),
    JSON.stringify([
      ['^/chapters/[^/]+/?$', ['/assets/chapter-abc.js', '/assets/app-def.js']],
      ['^/?$', ['/assets/routes-123.js']],
    ]),
  );
  const app = express();
  app.use(dashboardPage(root));
  app.use((_request, response) => void response.status(404).send('fell through'));

  it("names a page's own scripts in the head of index.html, never cached", async () => {
    const response = await request(app).get('/chapters/c1').set('Accept', 'text/html').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toBe(
      index.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/chapter-abc.js" data-route>' +
          '<link rel="modulepreload" crossorigin href="/assets/app-def.js" data-route></head>',
      ),
    );
  });

  it('serves index.html as it is for a page without scripts of its own', async () => {
    const response = await request(app).get('/no-such-page').set('Accept', 'text/html').expect(200);
    expect(response.text).toBe(index);
  });

  it('leaves the API, assets, files and requests for something else than HTML alone', async () => {
    await request(app).get('/api/books').set('Accept', 'text/html').expect(404, 'fell through');
    await request(app).get('/assets/chapter-abc.js').set('Accept', 'text/html').expect(404, 'fell through');
    await request(app).get('/favicon.svg').set('Accept', 'text/html').expect(404, 'fell through');
    await request(app).get('/chapters/c1').set('Accept', 'application/json').expect(404, 'fell through');
    await request(app).post('/chapters/c1').set('Accept', 'text/html').expect(404, 'fell through');
  });

  it('reads a rebuilt dashboard on the next visit', async () => {
    writeFileSync(
      join(root, ROUTE_PRELOADS_FILE),
      JSON.stringify([['^/chapters/[^/]+/?$', ['/assets/chapter-new.js']]]),
    );
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, ROUTE_PRELOADS_FILE), later, later);
    const response = await request(app).get('/chapters/c1').set('Accept', 'text/html').expect(200);
    expect(response.text).toContain('href="/assets/chapter-new.js"');
    expect(response.text).not.toContain('chapter-abc.js');
  });

  it('falls through when the dashboard has not been built', async () => {
    const empty = express();
    empty.use(dashboardPage(mkdtempSync(join(tmpdir(), 'dashboard-page-empty-'))));
    empty.use((_request, response) => void response.status(404).send('fell through'));
    await request(empty).get('/dashboard').set('Accept', 'text/html').expect(404, 'fell through');
  });
});
