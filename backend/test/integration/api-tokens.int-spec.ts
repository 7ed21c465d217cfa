import { API_TOKENS_PER_USER_MAX, apiAccessNeedsPremium, MESSAGES, type Plan } from '@chapterwise/shared';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiTokenEntity } from '../../src/modules/api-tokens/api-token.entity.js';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { testDatabases } from '../support/databases.js';
import { bookWithOwnedRoutes, sampleBookPdf, upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const TOKEN_FIELDS = ['created_at', 'id', 'last_used_at', 'name', 'prefix'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Method = 'get' | 'post' | 'delete';

describe.each(testDatabases())('Personal API tokens on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  async function setPlan(userId: string, plan: Plan, renewsAt: Date | null = null) {
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: userId }, { plan, planRenewsAt: renewsAt });
  }

  async function premiumUser(name = 'Token Owner') {
    const user = await registerUser(t, name);
    await setPlan(user.id, 'premium');
    return user;
  }

  async function createToken(session: string, name = 'Reading list script') {
    const response = await t.http.post('/api/tokens').set(auth(session)).send({ name }).expect(201);
    return response.body as { id: string; name: string; prefix: string; token: string; last_used_at: string | null };
  }

  const call = (method: Method, path: string) => t.http[method](path);

  describe('lifecycle', () => {
    it('creates a token shown once, which works on the API until it is revoked (then 401)', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      expect(Object.keys(created).sort()).toEqual([...TOKEN_FIELDS, 'token'].sort());
      expect(created.token).toMatch(/^cw_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
      expect(created.prefix).toBe(created.token.slice(0, 15));
      expect(created).toMatchObject({ name: 'Reading list script', last_used_at: null });

      // The same API as the session: the library, an upload, the account.
      expect((await t.http.get('/api/books').set(auth(created.token)).expect(200)).body).toEqual([]);
      const uploaded = await upload(t, created.token, await sampleBookPdf('Token Upload')).expect(201);
      const book = await waitForBook(t, created.token, uploaded.body.id as string);
      expect(book.status).toBe('completed');
      await t.http.get(`/api/books/${book.id}/chapters`).set(auth(created.token)).expect(200);
      const me = await t.http.get('/api/auth/me').set(auth(created.token)).expect(200);
      expect(me.body).toMatchObject({ id: owner.id, plan: 'premium' });
      const library = await t.http.get('/api/books').set(auth(owner.token)).expect(200);
      expect(library.body).toEqual([expect.objectContaining({ id: book.id })]);

      const listed = await t.http.get('/api/tokens').set(auth(owner.token)).expect(200);
      expect(listed.body).toEqual([
        {
          id: created.id,
          name: 'Reading list script',
          prefix: created.prefix,
          created_at: expect.any(String),
          last_used_at: expect.any(String),
        },
      ]);

      const revoked = await t.http.delete(`/api/tokens/${created.id}`).set(auth(owner.token)).expect(200);
      expect(revoked.body).toEqual({ message: MESSAGES.apiTokenRevoked });
      const refused = await t.http.get('/api/books').set(auth(created.token)).expect(401);
      expect(refused.body).toEqual({ detail: MESSAGES.apiTokenInvalid, code: 'UNAUTHENTICATED' });
      await upload(t, created.token, await sampleBookPdf()).expect(401);
      expect((await t.http.get('/api/tokens').set(auth(owner.token)).expect(200)).body).toEqual([]);
      await t.http.delete(`/api/tokens/${created.id}`).set(auth(owner.token)).expect(404);
      // The session itself is untouched.
      await t.http.get('/api/books').set(auth(owner.token)).expect(200);
    });

    it('stores only the SHA-256 of the token and never returns the hash', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token, 'Hash check');
      const rows = await t.app.get(DataSource).getRepository(ApiTokenEntity).findBy({ userId: owner.id });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256(created.token));
      expect(Object.values(rows[0]!).map(String)).not.toContain(created.token);

      await t.http.get('/api/books').set(auth(created.token)).expect(200);
      const listed = await t.http.get('/api/tokens').set(auth(owner.token)).expect(200);
      for (const token of listed.body as Array<Record<string, unknown>>) {
        expect(Object.keys(token).sort()).toEqual(TOKEN_FIELDS);
      }
      expect(listed.text).not.toContain(rows[0]!.tokenHash);
      expect(listed.text).not.toContain(created.token);
    });

    it('refuses unknown, malformed and tampered tokens with 401', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      const tampered = created.token.slice(0, -1) + (created.token.endsWith('A') ? 'B' : 'A');
      for (const bad of [tampered, 'cw_', 'cw_nope', `cw_${'a'.repeat(12)}_${'b'.repeat(43)}`]) {
        const response = await t.http.get('/api/books').set(auth(bad)).expect(401);
        expect(response.body.detail).toBe(MESSAGES.apiTokenInvalid);
      }
      await t.http.get('/api/books').set(auth(created.token)).expect(200);
    });

    it('lets tokens reach every API route except token management, which needs a session (403)', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      for (const [method, path] of [
        ['get', '/api/tokens'],
        ['post', '/api/tokens'],
        ['delete', `/api/tokens/${created.id}`],
      ] as Array<[Method, string]>) {
        const response = await call(method, path).set(auth(created.token)).send({ name: 'minted by a token' });
        expect([path, response.status, response.body]).toEqual([
          path,
          403,
          { detail: MESSAGES.apiTokenSessionOnly, code: 'FORBIDDEN' },
        ]);
      }
      expect((await t.http.get('/api/tokens').set(auth(owner.token)).expect(200)).body).toHaveLength(1);
    });

    it('refuses account routes to tokens (403) with a message that says tokens cannot use account routes', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      for (const [method, path] of [
        ['patch', '/api/auth/me'],
        ['post', '/api/auth/change-password'],
        ['post', '/api/auth/logout'],
        ['post', '/api/auth/logout-everywhere'],
        ['post', '/api/billing/cancel-subscription'],
        ['get', '/api/account/export'],
        ['delete', '/api/account'],
      ] as Array<[Method | 'patch', string]>) {
        const response = await t.http[method](path)
          .set(auth(created.token))
          .send({ name: 'x', password: 'correct horse', current_password: 'correct horse', new_password: 'abcdefgh' });
        expect([path, response.status, response.body]).toEqual([
          path,
          403,
          { detail: MESSAGES.apiTokenAccountRoutes, code: 'FORBIDDEN' },
        ]);
      }
      expect(MESSAGES.apiTokenAccountRoutes).toMatch(/API tokens cannot use account routes/);
      // Nothing happened: the session and the token still work.
      await t.http.get('/api/auth/me').set(auth(owner.token)).expect(200);
      await t.http.get('/api/books').set(auth(created.token)).expect(200);
    });
  });

  describe('plans (checked at every use)', () => {
    it('answers 403 upgrade_required on the token API below Premium', async () => {
      for (const plan of ['free', 'pro'] as const) {
        const user = await registerUser(t);
        await setPlan(user.id, plan);
        for (const [method, path] of [
          ['get', '/api/tokens'],
          ['post', '/api/tokens'],
        ] as Array<[Method, string]>) {
          const response = await call(method, path).set(auth(user.token)).send({ name: 'CI' }).expect(403);
          expect(response.body).toEqual({
            detail: apiAccessNeedsPremium(plan === 'free' ? 'Free' : 'Pro'),
            code: 'UPGRADE_REQUIRED',
            upgrade_required: true,
            current_plan: plan,
            required_plan: 'premium',
            feature: 'api_access',
            message: apiAccessNeedsPremium(plan === 'free' ? 'Free' : 'Pro'),
          });
        }
        expect(await t.app.get(DataSource).getRepository(ApiTokenEntity).countBy({ userId: user.id })).toBe(0);
      }
    });

    it('stops a token when the plan drops below Premium and restores it after an upgrade', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      await t.http.get('/api/books').set(auth(created.token)).expect(200);

      await setPlan(owner.id, 'pro');
      const stopped = await t.http.get('/api/books').set(auth(created.token)).expect(403);
      expect(stopped.body).toMatchObject({
        code: 'UPGRADE_REQUIRED',
        upgrade_required: true,
        current_plan: 'pro',
        required_plan: 'premium',
        message: apiAccessNeedsPremium('Pro'),
      });
      await upload(t, created.token, await sampleBookPdf()).expect(403);
      // The session still works on the lower plan, and revoking needs no plan.
      await t.http.get('/api/books').set(auth(owner.token)).expect(200);

      await setPlan(owner.id, 'premium');
      await t.http.get('/api/books').set(auth(created.token)).expect(200);
    });

    it('treats a Premium period that has ended as the plan it settles to (free)', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      await setPlan(owner.id, 'premium', new Date(Date.now() - 60_000));
      const response = await t.http.get('/api/books').set(auth(created.token)).expect(403);
      expect(response.body).toMatchObject({ current_plan: 'free', upgrade_required: true });
      const user = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id: owner.id });
      expect(user.plan).toBe('free');
    });

    it('lets any plan revoke its tokens', async () => {
      const owner = await premiumUser();
      const created = await createToken(owner.token);
      await setPlan(owner.id, 'free');
      await t.http.delete(`/api/tokens/${created.id}`).set(auth(owner.token)).expect(200);
      await setPlan(owner.id, 'premium');
      await t.http.get('/api/books').set(auth(created.token)).expect(401);
    });
  });

  describe('ownership (AC-1)', () => {
    it("answers 404 with a token on every book and chapter route of another user's ids", async () => {
      const owner = await premiumUser('Owner');
      const ownerToken = await createToken(owner.token, 'owner token');
      const { id, chapterIds, routes } = await bookWithOwnedRoutes(t, owner.token);
      const intruder = await premiumUser('Intruder');
      const { token } = await createToken(intruder.token, 'intruder token');

      for (const [method, path] of routes) {
        const response = await call(method, path).set(auth(token));
        expect([method, path, response.status]).toEqual([method, path, 404]);
        expect(response.body.code).toBe('NOT_FOUND');
      }
      expect((await t.http.get('/api/books').set(auth(token)).expect(200)).body).toEqual([]);
      // Another user's token id is as missing as an unknown one.
      await t.http.delete(`/api/tokens/${ownerToken.id}`).set(auth(intruder.token)).expect(404);

      // All still there for the owner, through the owner's own token.
      await t.http.get(`/api/books/${id}`).set(auth(ownerToken.token)).expect(200);
      await t.http.get(`/api/chapters/${chapterIds[0]}`).set(auth(ownerToken.token)).expect(200);
      await t.http.get(`/api/tokens`).set(auth(owner.token)).expect(200);
    });
  });

  describe('input', () => {
    it.each([
      ['an empty name', { name: '' }, 'Token name is required'],
      ['a blank name', { name: '   ' }, 'Token name is required'],
      ['no name', {}, 'name is required'],
      ['a name over 60 characters', { name: 'x'.repeat(61) }, 'Token name must be at most 60 characters'],
    ])('rejects %s with 400', async (_case, body, detail) => {
      const owner = await premiumUser();
      const response = await t.http.post('/api/tokens').set(auth(owner.token)).send(body).expect(400);
      expect(response.body).toEqual({ detail, code: 'VALIDATION' });
    });

    it('trims the name and accepts 60 characters', async () => {
      const owner = await premiumUser();
      expect((await createToken(owner.token, `  ${'n'.repeat(60)}  `)).name).toBe('n'.repeat(60));
    });

    it(`holds at most ${API_TOKENS_PER_USER_MAX} tokens per account (409)`, async () => {
      const owner = await premiumUser();
      for (let i = 0; i < API_TOKENS_PER_USER_MAX; i++) await createToken(owner.token, `token ${i}`);
      const response = await t.http.post('/api/tokens').set(auth(owner.token)).send({ name: 'one more' }).expect(409);
      expect(response.body.code).toBe('CONFLICT');
    });

    it('needs a session or token at all (401)', async () => {
      await t.http.get('/api/tokens').expect(401);
      await t.http.post('/api/tokens').send({ name: 'x' }).expect(401);
    });
  });

  describe('OpenAPI', () => {
    it('lists the token calls and describes bearer authentication with a personal token', async () => {
      const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as {
        paths: Record<string, Record<string, { security: Array<Record<string, unknown>> }>>;
        components: { securitySchemes: Record<string, { type: string; scheme: string; description: string }> };
      };
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/tokens', '/tokens/{id}']));
      const personal = document.components.securitySchemes.personalToken!;
      expect(personal).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(personal.description).toContain('Authorization: Bearer cw_');
      expect(personal.description).toContain('Premium');
      expect(document.paths['/books']!.get!.security).toEqual([{ bearer: [] }, { personalToken: [] }]);
      expect(document.paths['/tokens']!.post!.security).toEqual([{ bearer: [] }]);
    });
  });
});

describe.each(testDatabases())('Personal API token rate limit on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { API_TOKEN_RATE_LIMIT: '3', API_TOKEN_RATE_WINDOW_S: '60' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After past the limit, per token', async () => {
    const owner = await registerUser(t);
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: owner.id }, { plan: 'premium' });
    const create = async (name: string) =>
      (await t.http.post('/api/tokens').set(auth(owner.token)).send({ name }).expect(201)).body.token as string;
    const first = await create('first');
    const second = await create('second');

    for (let i = 0; i < 3; i++) {
      const response = await t.http.get('/api/books').set(auth(first)).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await t.http.get('/api/books').set(auth(first)).expect(429);
    expect(limited.body).toEqual({ detail: MESSAGES.apiTokenRateLimited, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token, and the session, have their own allowance.
    await t.http.get('/api/books').set(auth(second)).expect(200);
    for (let i = 0; i < 5; i++) await t.http.get('/api/books').set(auth(owner.token)).expect(200);
  });
});
