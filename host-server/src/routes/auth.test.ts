import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { afterResponseSettled } from '../services/accountMail';
import { OutboxMailer, type Mailer, type MailMessage } from '../infrastructure/mailer';
import { linkToken, readOutbox } from '../test-support/outbox';
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
      emailVerified: false,
      plan: 'free',
      trialEndsAt: null,
      trialActive: false,
      teamTrialEndsAt: null,
      teamTrialActive: false,
      dailyUsage: 0,
      dailyLimit: 3,
      storageUsed: 0,
      storageLimit: 1024 ** 3,
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
  it('updates the name, and leaves the email as it is until the new address is verified', async () => {
    const { token } = await t.createUser({ name: 'Before' });
    const updated = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'After Name' })
      .expect(200);
    expect(updated.body.user.name).toBe('After Name');
    const moved = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'ada@example.com', currentPassword: TEST_PASSWORD })
      .expect(200);
    expect(moved.body.user.email).not.toBe('ada@example.com');
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
    const missing = await t.http
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({ newPassword: 'N3w-password' })
      .expect(400);
    expect(missing.body.message).toBe('oldPassword: Current password is required');
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
  async function resetMailsTo(server: TestServer, address: string) {
    await afterResponseSettled(server.app.server);
    return (await readOutbox(server.outbox.dir)).filter((mail) => mail.to === address && mail.subject.includes('password'));
  }

  it('mails a single-use link through the outbox and answers the same for unknown addresses', async () => {
    const { user, token: oldToken } = await t.createUser({ email: 'forgetful@example.com' });
    const unknown = await t.http.post('/api/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(200);
    const known = await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    expect(known.body).toEqual(unknown.body);

    const [mail] = await resetMailsTo(t, 'forgetful@example.com');
    const resetToken = linkToken(mail?.text ?? '', '/reset-password');
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
      const [mail] = await resetMailsTo(server, user.email);
      const resetToken = linkToken(mail?.text ?? '', '/reset-password');
      now = new Date('2030-01-01T11:00:01Z');
      await server.http.post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'Res3t-password' }).expect(400);
    } finally {
      await server.close();
    }
  });

  it('sends at most one reset mail per account per 15 minutes, however often it is asked', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const server = await createTestServer({ now: () => now });
    try {
      const { user } = await server.createUser({ email: 'flooded@example.com' });
      // Asked five times at once: the check and the insert cannot interleave.
      const asks = Array.from({ length: 5 }, () => server.http.post('/api/auth/forgot-password').send({ email: user.email }));
      expect((await Promise.all(asks)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await resetMailsTo(server, user.email)).toHaveLength(1);
      now = new Date('2030-01-01T10:14:59Z');
      await server.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      expect(await resetMailsTo(server, user.email)).toHaveLength(1);
      now = new Date('2030-01-01T10:15:01Z');
      await server.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      expect(await resetMailsTo(server, user.email)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('answers known and unknown addresses alike, without waiting on the lookup, the token or the mail', async () => {
    const server = await createTestServer();
    try {
      const { user } = await server.createUser({ email: 'known@example.com' });
      // The mail server does not answer until released.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const outbox = server.outbox;
      const gated: Mailer = {
        async send(message: MailMessage) {
          await released;
          await outbox.send(message);
        },
      };
      server.app.server.mailer = gated;
      // And the database is held by another transaction: any lookup or insert waits for it.
      const holder = await server.knex.transaction();
      try {
        if (server.app.server.client === 'postgres') {
          await holder.raw('lock table ??, ?? in access exclusive mode', ['users', 'password_resets']);
        }
        const ask = (email: string) => server.http.post('/api/auth/forgot-password').send({ email }).timeout(30_000);
        const known = await ask(user.email);
        const unknown = await ask('unknown@example.com');
        expect(known.status).toBe(200);
        expect(known.body).toEqual(unknown.body);
        expect(known.body).toEqual({ message: 'If an account exists for that email, a password reset link has been sent.' });
        expect(await readOutbox(outbox.dir)).toEqual([]);
      } finally {
        await holder.commit();
      }
      release();
      const mails = await resetMailsTo(server, user.email);
      expect(mails).toHaveLength(1);
      expect((await readOutbox(outbox.dir)).map((mail) => mail.to)).toEqual([user.email]);
    } finally {
      await server.close();
    }
  });

  it('never writes a reset link to the log; the development outbox alone holds it', async () => {
    const server = await createTestServer();
    const lines: string[] = [];
    const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
      lines.push(JSON.stringify({ level, message, ...fields }));
    const logger: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
    try {
      const { user } = await server.createUser({ email: 'logged@example.com' });
      server.app.server.logger = logger;
      server.app.server.mailer = new OutboxMailer(server.outbox.dir, 'Marginalia <no-reply@test>', logger);
      await server.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const [mail] = await resetMailsTo(server, user.email);
      const token = linkToken(mail?.text ?? '', '/reset-password');
      expect(token).toBeTruthy();
      expect(lines.some((line) => line.includes('mail written to outbox'))).toBe(true);
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).not.toContain('reset-password');
    } finally {
      await server.close();
    }
  });
});
