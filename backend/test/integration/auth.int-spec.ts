import { SignJWT } from 'jose';
import { MESSAGES } from '@chapterwise/shared';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { PasswordResetEntity } from '../../src/modules/auth/password-reset.entity.js';
import { testDatabases } from '../support/databases.js';
import { startSmtpCapture } from '../support/smtp-capture.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

describe.each(testDatabases())('Accounts API on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('register and login', () => {
    it('registers a user, lower-cases the email and answers token + user with plan free', async () => {
      const response = await t.http
        .post('/api/auth/register')
        .send({ name: 'Ada Lovelace', email: 'Ada.Register@Example.com', password: 'analytical' })
        .expect(201);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toEqual({
        id: expect.any(String),
        name: 'Ada Lovelace',
        email: 'ada.register@example.com',
        plan: 'free',
      });
    });

    it('refuses a second account with the same email, whatever its case, with 409 and a message', async () => {
      await t.http
        .post('/api/auth/register')
        .send({ name: 'A', email: 'twice@example.com', password: 'secret1' })
        .expect(201);
      const response = await t.http
        .post('/api/auth/register')
        .send({ name: 'B', email: 'TWICE@example.com', password: 'secret2' })
        .expect(409);
      expect(response.body).toEqual({ detail: MESSAGES.emailTaken, code: 'CONFLICT' });
    });

    it.each([
      [{ email: 'x@example.com', password: 'secret1' }, 'name'],
      [{ name: 'X', email: 'not-an-email', password: 'secret1' }, 'valid email'],
      [{ name: 'X', email: 'x2@example.com' }, 'password'],
    ])('rejects bad registration input %j with 400 naming the problem', async (body, hint) => {
      const response = await t.http.post('/api/auth/register').send(body).expect(400);
      expect(response.body.code).toBe('VALIDATION');
      expect(response.body.detail.toLowerCase()).toContain(hint);
    });

    it('refuses a sign-up password shorter than 6 characters with the reset message', async () => {
      const response = await t.http
        .post('/api/auth/register')
        .send({ name: 'Short', email: 'short@example.com', password: '12345' })
        .expect(400);
      expect(response.body.detail).toBe(MESSAGES.passwordTooShort);
    });

    it('cannot set its own plan through the payload (AC-3)', async () => {
      const response = await t.http
        .post('/api/auth/register')
        .send({ name: 'Sneaky', email: 'sneaky@example.com', password: 'secret1', plan: 'premium', id: 'mine' })
        .expect(201);
      expect(response.body.user.plan).toBe('free');
      expect(response.body.user.id).not.toBe('mine');
    });

    it('logs in with the password exactly as typed', async () => {
      await t.http
        .post('/api/auth/register')
        .send({ name: 'Case', email: 'case@example.com', password: ' Pass Word ' })
        .expect(201);
      await t.http.post('/api/auth/login').send({ email: 'CASE@example.com', password: ' Pass Word ' }).expect(200);
      await t.http.post('/api/auth/login').send({ email: 'case@example.com', password: 'Pass Word' }).expect(401);
      await t.http.post('/api/auth/login').send({ email: 'case@example.com', password: ' pass word ' }).expect(401);
    });

    it('answers a wrong password and an unknown email identically (AUTH-3)', async () => {
      const { email } = await registerUser(t);
      const wrong = await t.http.post('/api/auth/login').send({ email, password: 'wrong password' });
      const unknown = await t.http
        .post('/api/auth/login')
        .send({ email: 'nobody@example.com', password: 'wrong password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({ detail: MESSAGES.invalidCredentials, code: 'UNAUTHENTICATED' });
    });
  });

  describe('sessions (AUTH-4)', () => {
    it('GET /auth/me answers the user for a valid token and 401 without one', async () => {
      const { token, id } = await registerUser(t, 'Me Myself');
      const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
      expect(me.body).toMatchObject({ id, name: 'Me Myself', plan: 'free' });
      const anonymous = await t.http.get('/api/auth/me').expect(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    });

    it('rejects tampered, unsigned (alg none), foreign-key and expired tokens', async () => {
      const { token, id } = await registerUser(t);
      const [header, payload] = token.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: id, tv: 0, iss: 'chapterwise', exp: 9999999999 })).toString('base64url')}.${token.split('.')[2]}`;
      const otherKey = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuer('chapterwise')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const expired = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuer('chapterwise')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(t.config.jwt.secret));
      for (const bad of [none, tampered, otherKey, expired, 'garbage']) {
        const response = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${bad}`).expect(401);
        expect(response.body.detail).toBe(MESSAGES.sessionExpired);
      }
    });
  });

  describe('account page: name and password', () => {
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

    it('renames only the signed-in user and refuses a blank name', async () => {
      const me = await registerUser(t, 'Old Name');
      const other = await registerUser(t, 'Someone Else');
      const response = await t.http
        .patch('/api/auth/me')
        .set(bearer(me.token))
        .send({ name: '  New Name ' })
        .expect(200);
      expect(response.body).toMatchObject({ id: me.id, name: 'New Name', plan: 'free' });
      expect((await t.http.get('/api/auth/me').set(bearer(me.token)).expect(200)).body.name).toBe('New Name');
      expect((await t.http.get('/api/auth/me').set(bearer(other.token)).expect(200)).body.name).toBe('Someone Else');
      const blank = await t.http.patch('/api/auth/me').set(bearer(me.token)).send({ name: '   ' }).expect(400);
      expect(blank.body.code).toBe('VALIDATION');
      // Extra fields cannot change the plan or the email.
      await t.http
        .patch('/api/auth/me')
        .set(bearer(me.token))
        .send({ name: 'X', plan: 'premium', email: 'a@b.c' })
        .expect(200);
      expect((await t.http.get('/api/auth/me').set(bearer(me.token)).expect(200)).body).toMatchObject({
        plan: 'free',
        email: me.email,
      });
      await t.http.patch('/api/auth/me').send({ name: 'Nobody' }).expect(401);
    });

    it('changes the password with the current one, ends every other session and keeps this one', async () => {
      const me = await registerUser(t);
      const otherSession = (
        await t.http.post('/api/auth/login').send({ email: me.email, password: 'correct horse' }).expect(200)
      ).body.token as string;

      const wrong = await t.http
        .post('/api/auth/change-password')
        .set(bearer(me.token))
        .send({ current_password: 'not it', new_password: 'battery staple' })
        .expect(400);
      expect(wrong.body.detail).toBe(MESSAGES.wrongCurrentPassword);
      const short = await t.http
        .post('/api/auth/change-password')
        .set(bearer(me.token))
        .send({ current_password: 'correct horse', new_password: '12345' })
        .expect(400);
      expect(short.body.detail).toBe(MESSAGES.passwordTooShort);
      await t.http.get('/api/auth/me').set(bearer(otherSession)).expect(200);

      const changed = await t.http
        .post('/api/auth/change-password')
        .set(bearer(me.token))
        .send({ current_password: 'correct horse', new_password: 'battery staple' })
        .expect(200);
      expect(changed.body.user).toMatchObject({ id: me.id, email: me.email });
      await t.http.get('/api/auth/me').set(bearer(me.token)).expect(401);
      await t.http.get('/api/auth/me').set(bearer(otherSession)).expect(401);
      await t.http
        .get('/api/auth/me')
        .set(bearer(changed.body.token as string))
        .expect(200);
      await t.http.post('/api/auth/login').send({ email: me.email, password: 'correct horse' }).expect(401);
      await t.http.post('/api/auth/login').send({ email: me.email, password: 'battery staple' }).expect(200);
    });
  });

  it('documents the account calls in OpenAPI, for sessions only', async () => {
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { security: unknown[] }>>;
    };
    expect(document.paths['/auth/me']!.patch!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/auth/change-password']!.post!.security).toEqual([{ bearer: [] }]);
  });

  describe('password reset in development without mail (RST-1..4)', () => {
    async function requestCode(email: string): Promise<string> {
      const response = await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
      expect(response.body).toEqual({ email_sent: false, reset_code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
      return response.body.reset_code as string;
    }

    it('answers known and unknown emails alike', async () => {
      const { email } = await registerUser(t);
      const known = await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
      const unknown = await t.http.post('/api/auth/forgot-password').send({ email: 'ghost@example.com' }).expect(200);
      expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
      expect(unknown.body.email_sent).toBe(known.body.email_sent);
    });

    it('resets the password with the code, once, and revokes old sessions', async () => {
      const { email, token } = await registerUser(t);
      const code = await requestCode(email);
      const done = await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: code.toLowerCase(), new_password: 'brand new pass' })
        .expect(200);
      expect(done.body).toEqual({ message: MESSAGES.passwordReset });
      await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
      await t.http.post('/api/auth/login').send({ email, password: 'correct horse' }).expect(401);
      await t.http.post('/api/auth/login').send({ email, password: 'brand new pass' }).expect(200);
      const again = await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: code, new_password: 'another one' })
        .expect(400);
      expect(again.body.detail).toBe(MESSAGES.invalidResetCode);
    });

    it('refuses a password shorter than 6 characters with the spec message', async () => {
      const { email } = await registerUser(t);
      const code = await requestCode(email);
      const response = await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: code, new_password: '12345' })
        .expect(400);
      expect(response.body.detail).toBe(MESSAGES.passwordTooShort);
    });

    it('cancels the previous code when a new one is requested', async () => {
      const { email } = await registerUser(t);
      const first = await requestCode(email);
      const second = await requestCode(email);
      await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: first, new_password: 'new password' })
        .expect(400);
      await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: second, new_password: 'new password' })
        .expect(200);
    });

    it('locks a code after 5 wrong tries', async () => {
      const { email } = await registerUser(t);
      const code = await requestCode(email);
      const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
      for (let i = 0; i < 5; i++) {
        await t.http
          .post('/api/auth/reset-password')
          .send({ email, reset_code: wrong, new_password: 'new password' })
          .expect(400);
      }
      await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: code, new_password: 'new password' })
        .expect(400);
    });

    it('refuses an expired code', async () => {
      const { email, id } = await registerUser(t);
      const code = await requestCode(email);
      await t.app
        .get(DataSource)
        .getRepository(PasswordResetEntity)
        .update({ userId: id }, { expiresAt: new Date(Date.now() - 60_000) });
      await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: code, new_password: 'new password' })
        .expect(400);
    });
  });
});

describe('Accounts with a mail transport', () => {
  it('mails the code and never returns it; unknown emails get the same answer and no mail', async () => {
    const smtp = await startSmtpCapture();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const { email } = await registerUser(t);
      const known = await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
      const unknown = await t.http.post('/api/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(200);
      expect(known.body).toEqual({ email_sent: true });
      expect(unknown.body).toEqual({ email_sent: true });
      // The mail goes out from a job after the answer (RST-1).
      for (let waited = 0; smtp.mails.length === 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.to).toEqual([email]);
      const code = /reset code is: ([A-Z2-9]{8})/.exec(smtp.mails[0]!.raw)?.[1];
      expect(code).toBeDefined();
      expect(smtp.mails[0]!.raw).toContain('15 minutes');
      expect(smtp.mails[0]!.raw).toContain('revokes your personal API tokens');
      await t.http
        .post('/api/auth/reset-password')
        .send({ email, reset_code: code, new_password: 'mailed reset' })
        .expect(200);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('Accounts in production (RST-3)', () => {
  it('never returns a reset code without a mail transport', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      const { email } = await registerUser(t);
      const response = await t.http.post('/api/auth/forgot-password').send({ email });
      expect(response.status).toBe(503);
      expect(response.body.reset_code).toBeUndefined();
      expect(Object.keys(response.body).sort()).toEqual(['code', 'detail']);
    } finally {
      await t.close();
    }
  });

  it('refuses to boot with the development reset-code flag or without a JWT secret', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        AUTH_DEV_SHOW_RESET_CODE: 'true',
        DATA_DIR: '/tmp/cw-prod-flag',
      }),
    ).toThrow(/AUTH_DEV_SHOW_RESET_CODE/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/cw-prod-flag' })).toThrow(/JWT_SECRET/);
  });

  it('names the bad variable when the configuration is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/cw-prod-flag' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x', DATA_DIR: '/tmp/cw-prod-flag' })).toThrow(
      /DATABASE_URL: must be a mysql:\/\/ URL/,
    );
  });
});

describe('Throttling (AUTH-2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_THROTTLE_LIMIT: '3', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits attempts on one account even from different IPs', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ email: 'target@example.com', password: `guess ${i}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits attempts from one IP across accounts, with a readable message', async () => {
    let last = await t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: 'a0@example.com', password: 'x' });
    for (let i = 1; i < 4; i++) {
      last = await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ email: `a${i}@example.com`, password: 'x' });
    }
    expect(last.status).toBe(429);
    expect(last.body).toEqual({ detail: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
  });
});
