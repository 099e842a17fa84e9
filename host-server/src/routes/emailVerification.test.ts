// E-mail verification and changes of address: links through the development outbox, single use and
// expiring; a change needs the current password, is throttled, and answers the same whether the
// address asked for is free or belongs to another account (whose owner is told instead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterResponseSettled } from '../services/accountMail';
import { linkToken, readOutbox } from '../test-support/outbox';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../test-support/testServer';

let now = new Date('2030-03-01T09:00:00Z');
let t: TestServer;

beforeAll(async () => {
  t = await createTestServer({ now: () => now });
});
afterAll(() => t.close());

const strong = 'Str0ng-password';

async function mailsTo(address: string) {
  await afterResponseSettled(t.app.server);
  return (await readOutbox(t.outbox.dir)).filter((mail) => mail.to === address);
}

async function verificationToken(address: string): Promise<string> {
  const token = linkToken((await mailsTo(address)).at(-1)?.text ?? '', '/verify-email');
  if (!token) throw new Error(`no verification link was sent to ${address}`);
  return token;
}

/** A session issued at the test clock's current time (the clock jumps past token expiries). */
async function freshSession(userId: string): Promise<string> {
  return t.app.server.tokens.issue(await t.app.server.models.User.query().findById(userId).throwIfNotFound());
}

const me = async (token: string) =>
  (await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200)).body.user as {
    email: string;
    emailVerified: boolean;
  };

describe('verification at registration', () => {
  it('mails a single-use link that marks the address verified', async () => {
    const registered = await t.http
      .post('/api/auth/register')
      .send({ name: 'Vera Fied', email: 'vera@example.com', password: strong })
      .expect(201);
    expect(registered.body.user.emailVerified).toBe(false);
    const [mail] = await mailsTo('vera@example.com');
    expect(mail?.subject).toBe('Verify your Marginalia e-mail address');
    expect(mail?.text).toContain('http://app.test/verify-email?token=');
    const token = await verificationToken('vera@example.com');

    const verified = await t.http.post('/api/auth/verify-email').send({ token }).expect(200);
    expect(verified.body).toEqual({ message: 'Your email address is verified.', email: 'vera@example.com' });
    expect(await me(registered.body.token)).toMatchObject({ email: 'vera@example.com', emailVerified: true });
    const stored = await t.app.server.models.EmailVerification.query().findOne({ email: 'vera@example.com' });
    expect(stored?.tokenHash).not.toContain(token);

    const again = await t.http.post('/api/auth/verify-email').send({ token }).expect(400);
    expect(again.body.message).toBe('This verification link is invalid or has expired.');
    await t.http.post('/api/auth/verify-email').send({ token: 'not-a-token' }).expect(400);
    await t.http.post('/api/auth/verify-email').send({}).expect(400);
  });

  it('refuses a link older than 24 hours, and resends one on request', async () => {
    const registered = await t.http
      .post('/api/auth/register')
      .send({ name: 'Late Larry', email: 'late@example.com', password: strong })
      .expect(201);
    const stale = await verificationToken('late@example.com');
    now = new Date(now.getTime() + 24 * 60 * 60_000 + 1000);
    await t.http.post('/api/auth/verify-email').send({ token: stale }).expect(400);

    const session = await freshSession(registered.body.user.id);
    const resent = await t.http
      .post('/api/auth/resend-verification')
      .set('Authorization', `Bearer ${session}`)
      .expect(200);
    expect(resent.body.message).toBe('A verification link has been sent to late@example.com.');
    const fresh = await verificationToken('late@example.com');
    expect(fresh).not.toBe(stale);
    await t.http.post('/api/auth/verify-email').send({ token: fresh }).expect(200);
    expect((await me(session)).emailVerified).toBe(true);

    const already = await t.http
      .post('/api/auth/resend-verification')
      .set('Authorization', `Bearer ${session}`)
      .expect(400);
    expect(already.body.message).toBe('Your email address is already verified.');
  });
});

describe('changing the e-mail address', () => {
  it('needs the current password', async () => {
    const { user, token } = await t.createUser({ emailVerified: true });
    const missing = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'elsewhere@example.com' })
      .expect(400);
    expect(missing.body.message).toBe('currentPassword: Current password is required');
    const wrong = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'elsewhere@example.com', currentPassword: 'Not-the-0ne', name: 'Renamed' })
      .expect(400);
    expect(wrong.body.message).toBe('currentPassword: Current password is incorrect');
    const stored = await t.app.server.models.User.query().findById(user.id);
    expect(stored).toMatchObject({ email: user.email, name: user.name });
    expect(await mailsTo('elsewhere@example.com')).toEqual([]);
    // A name alone is not a change of sign-in credentials.
    await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Renamed' })
      .expect(200);
  });

  it('moves the account only when the link sent to the new address is followed', async () => {
    const { user, token } = await t.createUser({ emailVerified: true });
    const asked = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'New.Home@Example.com', currentPassword: TEST_PASSWORD })
      .expect(200);
    expect(asked.body.message).toBe(
      'A verification link has been sent to new.home@example.com. Your email address changes when you open it.',
    );
    expect(asked.body.user).toMatchObject({ email: user.email, emailVerified: true });
    expect(await mailsTo(user.email)).toEqual([]);

    const otherDevice = await freshSession(user.id);
    // Followed in the signed-in app: that session goes on under a new token, every other one ends.
    const followed = await t.http
      .post('/api/auth/verify-email')
      .set('Authorization', `Bearer ${token}`)
      .send({ token: await verificationToken('new.home@example.com') })
      .expect(200);
    expect(followed.body.user).toMatchObject({ email: 'new.home@example.com', emailVerified: true });
    expect(await me(followed.body.token)).toMatchObject({ email: 'new.home@example.com', emailVerified: true });
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${otherDevice}`).expect(401);
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('ends every session of the account when the link is followed signed out, and only for a change', async () => {
    const { user, token } = await t.createUser();
    // Confirming the current address changes nothing anyone signed in to.
    await t.http.post('/api/auth/resend-verification').set('Authorization', `Bearer ${token}`).expect(200);
    const confirmed = await t.http
      .post('/api/auth/verify-email')
      .send({ token: await verificationToken(user.email) })
      .expect(200);
    expect(confirmed.body.token).toBeUndefined();
    expect(await me(token)).toMatchObject({ email: user.email, emailVerified: true });

    await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'moved.out@example.com', currentPassword: TEST_PASSWORD })
      .expect(200);
    const moved = await t.http
      .post('/api/auth/verify-email')
      .send({ token: await verificationToken('moved.out@example.com') })
      .expect(200);
    expect(moved.body).toEqual({ message: 'Your email address is verified.', email: 'moved.out@example.com' });
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('answers the same for an address another account has, changes nothing, and tells that owner', async () => {
    const owner = await t.createUser({ email: 'owner@example.com', emailVerified: true });
    const prober = await t.createUser({ emailVerified: true });
    const change = (email: string) =>
      t.http
        .patch('/api/auth/profile')
        .set('Authorization', `Bearer ${prober.token}`)
        .send({ email, currentPassword: TEST_PASSWORD });
    const taken = await change('owner@example.com');
    const free = await change('free@example.com');
    expect(taken.status).toBe(free.status);
    expect(JSON.stringify(taken.body).replaceAll('owner@example.com', 'X')).toBe(
      JSON.stringify(free.body).replaceAll('free@example.com', 'X'),
    );

    const [notice, ...others] = await mailsTo('owner@example.com');
    expect(others).toEqual([]);
    expect(notice?.subject).toBe('Your Marginalia e-mail address');
    expect(notice?.text).toContain('nothing was changed');
    expect(linkToken(notice?.text ?? '', '/verify-email')).toBeUndefined();
    expect(linkToken((await mailsTo('free@example.com'))[0]?.text ?? '', '/verify-email')).toBeTruthy();
    expect((await t.app.server.models.User.query().findById(owner.user.id))?.email).toBe('owner@example.com');
    expect((await t.app.server.models.User.query().findById(prober.user.id))?.email).toBe(prober.user.email);
  });

  it('is throttled per address, alike for a taken and a free address', async () => {
    // An address registered a moment ago (its own verification link counts for nobody's changes).
    await t.http
      .post('/api/auth/register')
      .send({ name: 'Fresh Fay', email: 'fresh@example.com', password: strong })
      .expect(201);
    const statuses = async (email: string) => {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const { token } = await t.createUser({ emailVerified: true });
        const response = await t.http
          .patch('/api/auth/profile')
          .set('Authorization', `Bearer ${token}`)
          .send({ email, currentPassword: TEST_PASSWORD });
        answers.push(response.status);
        if (response.status === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      return answers;
    };
    expect(await statuses('fresh@example.com')).toEqual([200, 200, 200, 429]);
    expect(await statuses('unused@example.com')).toEqual([200, 200, 200, 429]);
  });

  it('is throttled per account', async () => {
    const { user, token } = await t.createUser({ emailVerified: true });
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await t.http
        .patch('/api/auth/profile')
        .set('Authorization', `Bearer ${token}`)
        .send({ email: `hop-${attempt}@example.com`, currentPassword: TEST_PASSWORD });
      answers.push(response.status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    now = new Date(now.getTime() + 60 * 60_000 + 1000);
    await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${await freshSession(user.id)}`)
      .send({ email: 'hop-later@example.com', currentPassword: TEST_PASSWORD })
      .expect(200);
  });
});
