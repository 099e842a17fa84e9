import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../test-support/testServer';

let t: TestServer;

beforeAll(async () => {
  t = await createTestServer({
    config: {
      limits: {
        ...(await import('../config')).DEFAULT_LIMITS,
        loginPerAccount: { max: 3, windowMs: 60_000 },
        loginPerAddress: { max: 8, windowMs: 60_000 },
      },
    },
  });
});
afterAll(() => t.close());

const strong = 'Str0ng-password';

describe('register and login', () => {
  it('registers, answers { token, user } without the hash, and the token opens /me', async () => {
    const response = await t.http
      .post('/api/auth/register')
      .send({ name: 'Ada Lovelace', email: 'Ada@Example.com', password: strong })
      .expect(201);
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.body.user).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      plan: 'free',
      dailyUsage: 0,
      dailyLimit: 3,
      storageUsed: 0,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt|passwordHash/);
    const stored = await t.app.server.models.User.query().findOne({ email: 'ada@example.com' });
    expect(stored?.passwordHash).toMatch(/^scrypt\$17\$8\$1\$/);

    const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${response.body.token}`).expect(200);
    expect(me.body.user.email).toBe('ada@example.com');
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const response = await t.http
      .post('/api/auth/register')
      .send({ name: 'Someone Else', email: 'ADA@example.com', password: strong })
      .expect(409);
    expect(response.body.message).toBe('An account with this email already exists');
  });

  it.each([
    [{ email: 'x@example.com', password: strong }, 'name: Name is required'],
    [{ name: 'A', email: 'x@example.com', password: strong }, 'name: Name must be at least 2 characters'],
    [{ name: 'Bob', email: 'not-an-email', password: strong }, 'email: Invalid email address'],
    [{ name: 'Bob', password: strong }, 'email: Email is required'],
    [{ name: 'Bob', email: 'x@example.com', password: 'Sh0rt' }, 'password: Password must be at least 8 characters'],
    [
      { name: 'Bob', email: 'x@example.com', password: 'alllowercase1' },
      'password: Password must contain uppercase, lowercase, and number',
    ],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const response = await t.http.post('/api/auth/register').send(body).expect(400);
    expect(response.body.message).toContain(message);
    expect(await t.app.server.models.User.query().findOne({ email: 'x@example.com' })).toBeUndefined();
  });

  it('logs in with the right password and refuses the wrong one with the spec message', async () => {
    const ok = await t.http.post('/api/auth/login').send({ email: 'ada@example.com', password: strong }).expect(200);
    expect(ok.body.user.name).toBe('Ada Lovelace');
    const bad = await t.http
      .post('/api/auth/login')
      .send({ email: 'ada@example.com', password: 'Wrong-passw0rd' })
      .expect(401);
    expect(bad.body).toEqual({ message: 'Invalid email or password' });
  });

  it('rate limits failed logins per account with 429 and Retry-After', async () => {
    const { user } = await t.createUser({ email: 'target@example.com' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await t.http.post('/api/auth/login').send({ email: user.email, password: 'Wrong-passw0rd' }).expect(401);
    }
    const limited = await t.http.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(429);
    expect(limited.body.message).toMatch(/Too many attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate limits logins per address across accounts', async () => {
    const server = await createTestServer({
      config: {
        limits: {
          ...(await import('../config')).DEFAULT_LIMITS,
          loginPerAddress: { max: 2, windowMs: 60_000 },
        },
      },
    });
    try {
      await server.http.post('/api/auth/login').send({ email: 'a@example.com', password: 'Wrong-passw0rd' }).expect(401);
      await server.http.post('/api/auth/login').send({ email: 'b@example.com', password: 'Wrong-passw0rd' }).expect(401);
      await server.http.post('/api/auth/login').send({ email: 'c@example.com', password: 'Wrong-passw0rd' }).expect(429);
    } finally {
      await server.close();
    }
  });
});

describe('session', () => {
  it('updates the profile and refuses another account\'s email with 409', async () => {
    const { token } = await t.createUser({ name: 'Before' });
    const updated = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'After Name' })
      .expect(200);
    expect(updated.body.user.name).toBe('After Name');
    await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'ada@example.com' })
      .expect(409);
    await t.http.patch('/api/auth/profile').set('Authorization', `Bearer ${token}`).send({ name: 'x' }).expect(400);
  });

  it('logout revokes exactly the token it is called with', async () => {
    const { user, token } = await t.createUser();
    const other = await t.app.server.tokens.issue(user);
    await t.http.post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${other}`).expect(200);
  });

  it('change-password needs the current password and ends older sessions', async () => {
    const { token } = await t.createUser({ email: 'changer@example.com' });
    const wrong = await t.http
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({ oldPassword: 'Not-the-0ne', newPassword: 'N3w-password' })
      .expect(400);
    expect(wrong.body.message).toBe('oldPassword: Current password is incorrect');
    const changed = await t.http
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'N3w-password' })
      .expect(200);
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${changed.body.token}`).expect(200);
    await t.http.post('/api/auth/login').send({ email: 'changer@example.com', password: 'N3w-password' }).expect(200);
  });
});

describe('password reset', () => {
  async function latestMail(): Promise<string> {
    const files = (await readdir(t.outbox.dir)).sort();
    return readFile(join(t.outbox.dir, files.at(-1) as string), 'utf8');
  }

  it('mails a single-use link through the outbox and answers the same for unknown addresses', async () => {
    const { user, token: oldToken } = await t.createUser({ email: 'forgetful@example.com' });
    const unknown = await t.http.post('/api/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(200);
    const known = await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    expect(known.body).toEqual(unknown.body);

    const mail = await latestMail();
    expect(mail).toContain('To: forgetful@example.com');
    const resetToken = /reset-password\?token=([\w-]+)/.exec(mail)?.[1];
    expect(resetToken).toBeTruthy();

    await t.http.post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'weak' }).expect(400);
    await t.http.post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'Res3t-password' }).expect(200);
    const again = await t.http
      .post('/api/auth/reset-password')
      .send({ token: resetToken, newPassword: 'Res3t-password2' })
      .expect(400);
    expect(again.body.message).toBe('This password reset link is invalid or has expired.');
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${oldToken}`).expect(401);
    await t.http.post('/api/auth/login').send({ email: user.email, password: 'Res3t-password' }).expect(200);
  });

  it('refuses an expired reset token', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const server = await createTestServer({ now: () => now });
    try {
      const { user } = await server.createUser({ email: 'late@example.com' });
      await server.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const files = await readdir(server.outbox.dir);
      const mail = await readFile(join(server.outbox.dir, files[0] as string), 'utf8');
      const resetToken = /token=([\w-]+)/.exec(mail)?.[1];
      now = new Date('2030-01-01T11:00:01Z');
      await server.http.post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'Res3t-password' }).expect(400);
    } finally {
      await server.close();
    }
  });
});
