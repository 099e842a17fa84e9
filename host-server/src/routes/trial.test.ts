// The 14-day trials: each (Personal, Team) started once per account, treated as its plan until the
// server's clock passes its end, then the account is back on its own plan with its documents intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { QUOTA_MESSAGE } from '../services/quota';
import { ALREADY_ON_TEAM, ALREADY_PAID, TEAM_TRIAL_ALREADY_USED, TRIAL_ALREADY_USED } from '../services/plans';

const DAY_MS = 24 * 3600_000;
let now = new Date('2031-03-10T12:00:00Z');
let t: TestServer;
let pdf: Buffer;

beforeAll(async () => {
  // Sessions outlive the trial here, so one token follows the account through its end.
  t = await createTestServer({ now: () => now, config: { tokenTtlSeconds: 60 * 24 * 3600 } });
  pdf = await makePdf(1);
});
afterAll(() => t.close());

const me = async (token: string) =>
  (await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200)).body.user as Record<string, unknown>;
const upload = (token: string, name: string) =>
  t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', pdf, name);

describe('POST /api/account/trial', () => {
  it('starts a 14-day Personal trial that lifts the free limits until the clock passes its end', async () => {
    now = new Date('2031-03-10T12:00:00Z');
    const { token } = await t.createUser();
    expect(await me(token)).toMatchObject({ plan: 'free', trialEndsAt: null, trialActive: false, dailyLimit: 3 });

    const started = await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(201);
    const endsAt = '2031-03-24T12:00:00.000Z';
    expect(started.body.user).toMatchObject({ plan: 'personal', trialEndsAt: endsAt, trialActive: true, dailyLimit: null });
    expect(await me(token)).toMatchObject({ plan: 'personal', trialEndsAt: endsAt, trialActive: true });

    // Paid while it runs: more than the free plan's 3 uploads a day.
    for (let i = 0; i < 5; i += 1) await upload(token, `trial-${i}.pdf`).expect(201);

    now = new Date(Date.parse(endsAt) - 1000);
    expect((await me(token)).plan).toBe('personal');

    now = new Date(Date.parse(endsAt) + 1000);
    expect(await me(token)).toMatchObject({ plan: 'free', trialEndsAt: endsAt, trialActive: false, dailyLimit: 3 });
    const list = await t.http.get('/api/documents').set('Authorization', `Bearer ${token}`).expect(200);
    expect(list.body.pagination.total).toBe(5);
    expect(list.body.documents.map((document: { name: string }) => document.name).sort()).toEqual(
      ['trial-0.pdf', 'trial-1.pdf', 'trial-2.pdf', 'trial-3.pdf', 'trial-4.pdf'],
    );

    // Free again: the daily allowance applies (the day changed, so 3 more, then the spec's refusal).
    for (let i = 0; i < 3; i += 1) await upload(token, `free-${i}.pdf`).expect(201);
    expect((await upload(token, 'one-too-many.pdf').expect(429)).body.message).toBe(QUOTA_MESSAGE);
  });

  it('is given once per account: a second start is refused with 409, during and after the trial', async () => {
    now = new Date('2031-04-01T08:00:00Z');
    const { token } = await t.createUser();
    await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(201);
    const again = await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(409);
    expect(again.body.message).toBe(TRIAL_ALREADY_USED);

    now = new Date(now.getTime() + 30 * DAY_MS);
    const afterEnd = await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(409);
    expect(afterEnd.body.message).toBe(TRIAL_ALREADY_USED);
    expect(await me(token)).toMatchObject({ plan: 'free', trialEndsAt: '2031-04-15T08:00:00.000Z', trialActive: false });
  });

  it('starts one trial when two requests race', async () => {
    now = new Date('2031-05-01T08:00:00Z');
    const { token } = await t.createUser();
    const answers = await Promise.all(
      [0, 1, 2].map(() => t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('is refused to an account already on a paid plan, and to a request without a session', async () => {
    const { token } = await t.createUser({ plan: 'team' });
    const refused = await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(409);
    expect(refused.body.message).toBe(ALREADY_PAID);
    expect(await me(token)).toMatchObject({ plan: 'team', trialEndsAt: null, trialActive: false });
    await t.http.post('/api/account/trial').expect(401);
  });
});

describe('POST /api/account/team-trial', () => {
  const invite = (token: string, documentId: string) =>
    t.http.post(`/api/documents/${documentId}/collaborators`).set('Authorization', `Bearer ${token}`).send({ email: 'teammate@example.com', role: 'editor' });

  it('lends the Team plan for 14 days, once, beside the Personal trial, and inviting follows it', async () => {
    now = new Date('2031-06-01T09:00:00Z');
    const { token } = await t.createUser();
    const documentId = (await upload(token, 'team.pdf').expect(201)).body.document.id as string;
    expect((await invite(token, documentId).expect(403)).body).toMatchObject({ code: 'PRO_FEATURE_REQUIRED', feature: 'collaboration' });

    // The Personal trial first: a separate one, which leaves the Team trial to be had.
    await t.http.post('/api/account/trial').set('Authorization', `Bearer ${token}`).expect(201);
    await invite(token, documentId).expect(403);

    const started = await t.http.post('/api/account/team-trial').set('Authorization', `Bearer ${token}`).expect(201);
    const endsAt = '2031-06-15T09:00:00.000Z';
    expect(started.body.user).toMatchObject({ plan: 'team', teamTrialEndsAt: endsAt, teamTrialActive: true, trialActive: true });
    await invite(token, documentId).expect(201);

    const again = await t.http.post('/api/account/team-trial').set('Authorization', `Bearer ${token}`).expect(409);
    expect(again.body.message).toBe(TEAM_TRIAL_ALREADY_USED);

    now = new Date(Date.parse(endsAt) + 1000);
    expect(await me(token)).toMatchObject({ plan: 'free', teamTrialEndsAt: endsAt, teamTrialActive: false });
    const other = (await upload(token, 'after.pdf').expect(201)).body.document.id as string;
    await invite(token, other).expect(403);
    await t.http.post('/api/account/team-trial').set('Authorization', `Bearer ${token}`).expect(409);
  });

  it('is open to a Personal account, refused to a Team one and to a request without a session', async () => {
    const { token: personal } = await t.createUser({ plan: 'personal' });
    expect((await t.http.post('/api/account/team-trial').set('Authorization', `Bearer ${personal}`).expect(201)).body.user.plan).toBe('team');
    const { token: team } = await t.createUser({ plan: 'team' });
    expect((await t.http.post('/api/account/team-trial').set('Authorization', `Bearer ${team}`).expect(409)).body.message).toBe(ALREADY_ON_TEAM);
    await t.http.post('/api/account/team-trial').expect(401);
  });
});
