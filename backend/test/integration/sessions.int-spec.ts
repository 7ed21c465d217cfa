import { MESSAGES } from '@chapterwise/shared';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { testDatabases } from '../support/databases.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe.each(testDatabases())('Sessions that really end on %s (AUTH-4, RST-4)', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  async function login(email: string, password = 'correct horse'): Promise<string> {
    const response = await t.http.post('/api/auth/login').send({ email, password }).expect(200);
    return response.body.token as string;
  }

  async function premiumToken(session: string, userId: string): Promise<string> {
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: userId }, { plan: 'premium' });
    const created = await t.http.post('/api/tokens').set(auth(session)).send({ name: 'script' }).expect(201);
    return created.body.token as string;
  }

  it('logout revokes that session on the server, and only that one', async () => {
    const { token, email } = await registerUser(t);
    const other = await login(email);
    const done = await t.http.post('/api/auth/logout').set(auth(token)).expect(200);
    expect(done.body).toEqual({ message: MESSAGES.signedOut });
    const after = await t.http.get('/api/auth/me').set(auth(token)).expect(401);
    expect(after.body.detail).toBe(MESSAGES.sessionExpired);
    await t.http.get('/api/books').set(auth(token)).expect(401);
    await t.http.get('/api/auth/me').set(auth(other)).expect(200);
    // Signing out twice is harmless; the token stays dead.
    await t.http.post('/api/auth/logout').set(auth(token)).expect(401);
  });

  it('sign out everywhere ends every session, this one included; a new login works', async () => {
    const { token, email } = await registerUser(t);
    const phone = await login(email);
    const laptop = await login(email);
    const done = await t.http.post('/api/auth/logout-everywhere').set(auth(laptop)).expect(200);
    expect(done.body).toEqual({ message: MESSAGES.signedOutEverywhere });
    for (const old of [token, phone, laptop]) await t.http.get('/api/auth/me').set(auth(old)).expect(401);
    await t.http
      .get('/api/auth/me')
      .set(auth(await login(email)))
      .expect(200);
  });

  it('a personal API token cannot sign out sessions', async () => {
    const { token, id } = await registerUser(t);
    const apiToken = await premiumToken(token, id);
    await t.http.post('/api/auth/logout').set(auth(apiToken)).expect(403);
    await t.http.post('/api/auth/logout-everywhere').set(auth(apiToken)).expect(403);
    await t.http.get('/api/auth/me').set(auth(token)).expect(200);
  });

  it('sign out everywhere revokes every personal API token too', async () => {
    const { token, id, email } = await registerUser(t);
    const apiToken = await premiumToken(token, id);
    await t.http.get('/api/books').set(auth(apiToken)).expect(200);
    await t.http.post('/api/auth/logout-everywhere').set(auth(token)).expect(200);
    const refused = await t.http.get('/api/books').set(auth(apiToken)).expect(401);
    expect(refused.body.detail).toBe(MESSAGES.apiTokenInvalid);
    expect(
      (
        await t.http
          .get('/api/tokens')
          .set(auth(await login(email)))
          .expect(200)
      ).body,
    ).toEqual([]);
  });

  it('a password change revokes every personal API token; the session that changed it stays in', async () => {
    const { token, id, email } = await registerUser(t);
    const apiToken = await premiumToken(token, id);
    const changed = await t.http
      .post('/api/auth/change-password')
      .set(auth(token))
      .send({ current_password: 'correct horse', new_password: 'another long pass' })
      .expect(200);
    await t.http.get('/api/books').set(auth(apiToken)).expect(401);
    expect(
      (
        await t.http
          .get('/api/tokens')
          .set(auth(changed.body.token as string))
          .expect(200)
      ).body,
    ).toEqual([]);
    // Another user's tokens are untouched.
    const other = await registerUser(t);
    const otherToken = await premiumToken(other.token, other.id);
    await t.http
      .post('/api/auth/change-password')
      .set(auth(await login(email, 'another long pass')))
      .send({ current_password: 'another long pass', new_password: 'third long pass' })
      .expect(200);
    await t.http.get('/api/books').set(auth(otherToken)).expect(200);
  });

  it('a password reset revokes every session and every personal API token', async () => {
    const { token, id, email } = await registerUser(t);
    const second = await login(email);
    const apiToken = await premiumToken(token, id);
    await t.http.get('/api/books').set(auth(apiToken)).expect(200);
    const code = (await t.http.post('/api/auth/forgot-password').send({ email }).expect(200)).body.reset_code as string;
    await t.http
      .post('/api/auth/reset-password')
      .send({ email, reset_code: code, new_password: 'brand new pass' })
      .expect(200);
    for (const old of [token, second, apiToken]) await t.http.get('/api/books').set(auth(old)).expect(401);
    const fresh = await login(email, 'brand new pass');
    expect((await t.http.get('/api/tokens').set(auth(fresh)).expect(200)).body).toEqual([]);
  });
});
