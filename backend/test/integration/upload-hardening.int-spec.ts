import { ApiClient, MESSAGES, type Book } from '@chapterwise/shared';
import { testDatabases } from '../support/databases.js';
import { sampleBookPdf, upload } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe.each(testDatabases())('Upload and link hardening on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the existing book to five concurrent uploads of the same file, using one slot', async () => {
    const { token } = await registerUser(t);
    const pdf = await sampleBookPdf();
    const responses = await Promise.all(Array.from({ length: 5 }, () => upload(t, token, pdf)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    const list = await t.http.get('/api/books').set(auth(token)).expect(200);
    expect(list.body).toHaveLength(1);
    // The free plan's second slot is still there: the losers gave theirs back.
    await upload(t, token, await sampleBookPdf()).expect(201);
  });

  it("reads UTF-8 file names as UTF-8: a title in the student's own language", async () => {
    const { token } = await registerUser(t);
    // A multipart body as curl and supertest write it: the name's UTF-8 bytes in `filename="…"`.
    const uploaded = (await upload(t, token, await sampleBookPdf(), 'Übungen-Grammatik.pdf').expect(201)).body as Book;
    expect(uploaded.title).toBe('Übungen-Grammatik');
    // The dashboard's and the extension's path: the shared client's FormData upload through fetch.
    const client = new ApiClient({ baseUrl: t.url, getToken: () => token });
    const pdf = new Blob([new Uint8Array(await sampleBookPdf())], { type: 'application/pdf' });
    const sent = await client.uploadBook(pdf, 'Введение в физику: 日本語.pdf');
    expect(sent.title).toBe('Введение в физику: 日本語');
    for (const id of [uploaded.id, sent.id]) await t.http.delete(`/api/books/${id}`).set(auth(token)).expect(200);
  });

  it('accepts %PDF- at offset 0 or after whitespace only (UP-2)', async () => {
    const { token } = await registerUser(t);
    const pdf = await sampleBookPdf();
    await upload(t, token, Buffer.concat([Buffer.from(' \r\n\t'), pdf])).expect(201);
    for (const prefix of ['junk', 'GIF89a', '\u0001']) {
      const response = await upload(t, token, Buffer.concat([Buffer.from(prefix), pdf])).expect(400);
      expect(response.body.detail).toBe(MESSAGES.notAPdf);
    }
  });

  it('refuses a signed link whose exp is not plain digits (URL-1)', async () => {
    const { token } = await registerUser(t);
    const { id } = (await upload(t, token, await sampleBookPdf()).expect(201)).body as { id: string };
    const book = (await t.http.get(`/api/books/${id}`).set(auth(token)).expect(200)).body as Book;
    const url = new URL(book.pdf_url, t.url);
    await t.http.get(`${url.pathname}${url.search}`).expect(200);
    const exp = url.searchParams.get('exp')!;
    for (const spelling of [`${exp}.0`, ` ${exp}`, `${exp} `, `+${exp}`, `0${exp}`.replace(/^0/, '0x')]) {
      const bent = new URL(url);
      bent.searchParams.set('exp', spelling);
      await t.http.get(`${bent.pathname}${bent.search}`).expect(403);
    }
  });

  it('allows CORS only for configured extension ids (WEB-2)', async () => {
    const allowed = `chrome-extension://${t.config.extensionIds[0]}`;
    const preflight = (origin: string) =>
      t.http
        .options('/api/books')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization');
    expect((await preflight(allowed)).headers['access-control-allow-origin']).toBe(allowed);
    for (const origin of [
      'chrome-extension://aaaabbbbccccddddeeeeffffgggghhhh',
      'moz-extension://0a1b2c3d-1111-2222-3333-444455556666',
      'https://evil.example',
    ]) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('CORS extension list from EXTENSION_IDS', () => {
  it('allows exactly the listed ids, on either browser scheme', async () => {
    const firefox = '0a1b2c3d-1111-2222-3333-444455556666';
    const t = await createTestApp({ env: { EXTENSION_IDS: `abcdefghijklmnopabcdefghijklmnop, ${firefox}` } });
    try {
      const allowOrigin = async (origin: string) =>
        (await t.http.get('/api/health').set('Origin', origin)).headers['access-control-allow-origin'];
      expect(await allowOrigin('chrome-extension://abcdefghijklmnopabcdefghijklmnop')).toBe(
        'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
      );
      expect(await allowOrigin(`moz-extension://${firefox}`)).toBe(`moz-extension://${firefox}`);
      expect(await allowOrigin('chrome-extension://imbbdmpjkbijnblkkgnngiohleboppal')).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
