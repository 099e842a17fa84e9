// Sign-in with an OpenID Connect provider, against a small but real provider served on a local
// port: discovery, a JWKS with an RSA key, and a token endpoint that checks the client secret and
// the PKCE verifier before signing an ID token.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../config';
import { afterResponseSettled } from '../services/accountMail';
import { listen } from '../test-support/multipart';
import { linkToken, readOutbox } from '../test-support/outbox';
import { createTestServer, type TestServer } from '../test-support/testServer';

interface Grant {
  nonce: string;
  challenge: string;
  claims: Record<string, unknown>;
}

let provider: Server;
let issuer: string;
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let publicJwk: JWK;
const grants = new Map<string, Grant>();
let audienceOverride: string | undefined;

beforeAll(async () => {
  const keys = await generateKeyPair('RS256', { extractable: true });
  privateKey = keys.privateKey;
  publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  provider = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
    } else if (url.pathname === '/jwks') {
      json(200, { keys: [publicJwk] });
    } else if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', async () => {
        const form = new URLSearchParams(raw);
        const grant = grants.get(form.get('code') ?? '');
        const verifierHash = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (!grant || form.get('client_secret') !== 'client-secret' || verifierHash !== grant.challenge) {
          json(400, { error: 'invalid_grant' });
          return;
        }
        grants.delete(form.get('code') ?? '');
        const idToken = await new SignJWT({ nonce: grant.nonce, ...grant.claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
          .setIssuer(issuer)
          .setAudience(audienceOverride ?? 'client-id')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        json(200, { access_token: 'unused', token_type: 'Bearer', id_token: idToken });
      });
    } else {
      json(404, {});
    }
  });
  issuer = `http://127.0.0.1:${await listen(provider)}`;
});
afterAll(() => provider.close());

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({
    config: { oidc: { issuer, clientId: 'client-id', clientSecret: 'client-secret', redirectUri: 'http://api.test/api/auth/google/callback' } },
  });
});
afterAll(() => t.close());

/** The provider's consent: a fresh authorization code for the flow that `authorize` started. */
function grantCode(authorize: URL, claims: Record<string, unknown>): string {
  const code = `code-${Math.random()}`;
  grants.set(code, {
    nonce: authorize.searchParams.get('nonce') ?? '',
    challenge: authorize.searchParams.get('code_challenge') ?? '',
    claims,
  });
  return code;
}

/** Starts sign-in, "consents" at the provider with `claims`, and returns the callback's redirect. */
async function signIn(claims: Record<string, unknown>, tamper: { state?: string; dropCookie?: boolean } = {}) {
  return (await signInReplayable(claims, tamper)).redirect;
}

/** As `signIn`, also returning what a replay of the same callback needs. */
async function signInReplayable(claims: Record<string, unknown>, tamper: { state?: string; dropCookie?: boolean } = {}) {
  const start = await t.http.get('/api/auth/google').expect(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin + authorize.pathname).toBe(`${issuer}/authorize`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://api.test/api/auth/google/callback');
  const code = grantCode(authorize, claims);
  const cookie = (start.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
  expect(start.headers['set-cookie']?.[0]).toMatch(/httponly/i);
  const callback = t.http
    .get('/api/auth/google/callback')
    .query({ code, state: tamper.state ?? authorize.searchParams.get('state') });
  if (!tamper.dropCookie) callback.set('Cookie', cookie);
  const done = await callback.expect(302);
  return { redirect: new URL(done.headers.location as string), authorize, cookie };
}

async function userBehind(redirect: URL) {
  const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${redirect.searchParams.get('token')}`).expect(200);
  return me.body.user as { id: string; email: string; emailVerified: boolean };
}

describe('OpenID Connect sign-in', () => {
  it('creates the account on first sign-in and redirects to /auth/callback?token=…', async () => {
    const redirect = await signIn({ sub: 'google-1', email: 'Grace@Example.com', email_verified: true, name: 'Grace Hopper' });
    expect(redirect.origin + redirect.pathname).toBe('http://app.test/auth/callback');
    const token = redirect.searchParams.get('token');
    expect(token).toBeTruthy();
    const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    // The provider vouched for the address, so the new account's address counts as verified.
    expect(me.body.user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', plan: 'free', emailVerified: true });

    const again = await signIn({ sub: 'google-1', email: 'grace@example.com', email_verified: true });
    const second = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${again.searchParams.get('token')}`).expect(200);
    expect(second.body.user.id).toBe(me.body.user.id);
  });

  it('links the identity to an existing account when the provider and the account both verified the address', async () => {
    const { user } = await t.createUser({ email: 'linked@example.com', emailVerified: true });
    const redirect = await signIn({ sub: 'google-2', email: 'linked@example.com', email_verified: true });
    expect((await userBehind(redirect)).id).toBe(user.id);
    expect((await t.app.server.models.User.query().findById(user.id))?.oidcSubject).toBe('google-2');
  });

  it('gives an account someone registered with the address unverified to the address\'s verified owner', async () => {
    // A squatter registers the victim's address with a password of their own and never verifies it,
    // and asks to move the account to an address of their own (the link would hand it back later).
    const squatter = await t.http
      .post('/api/auth/register')
      .send({ name: 'Mallory', email: 'victim@example.com', password: 'Att4cker-password' })
      .expect(201);
    const squatterAuth = { Authorization: `Bearer ${squatter.body.token}` };
    await t.http
      .patch('/api/auth/profile')
      .set(squatterAuth)
      .send({ email: 'mallory@example.com', currentPassword: 'Att4cker-password' })
      .expect(200);
    await afterResponseSettled(t.app.server);
    const changeMail = (await readOutbox(t.outbox.dir)).find((mail) => mail.to === 'mallory@example.com');
    const changeToken = linkToken(changeMail?.text ?? '', '/verify-email');
    expect(changeToken).toBeTruthy();
    // The victim then signs in with Google, which vouches for the address.
    const redirect = await signIn({ sub: 'victim-google', email: 'victim@example.com', email_verified: true, name: 'Victor Victim' });
    expect(redirect.searchParams.get('error')).toBeNull();
    const victim = await userBehind(redirect);
    expect(victim).toMatchObject({ id: squatter.body.user.id, email: 'victim@example.com', emailVerified: true });
    // The squatter's session, password and pending links are gone.
    await t.http.get('/api/auth/me').set(squatterAuth).expect(401);
    await t.http.post('/api/auth/login').send({ email: 'victim@example.com', password: 'Att4cker-password' }).expect(401);
    await t.http.post('/api/auth/verify-email').send({ token: changeToken }).expect(400);
    const account = await t.app.server.models.User.query().findById(squatter.body.user.id);
    expect(account).toMatchObject({ oidcSubject: 'victim-google', email: 'victim@example.com', name: 'Victor Victim', passwordHash: null });
  });

  it.each([
    ['the string "true"', 'true'],
    ['a missing claim', undefined],
    ['false', false],
  ])('links nothing and creates nothing when email_verified is %s', async (_label, emailVerified) => {
    const { user } = await t.createUser({ email: `owner-${String(emailVerified)}@example.com`, emailVerified: true });
    const claims: Record<string, unknown> = { sub: `g-${String(emailVerified)}`, email: user.email };
    if (emailVerified !== undefined) claims.email_verified = emailVerified;
    const linking = await signIn(claims);
    expect(linking.searchParams.get('error')).toBe('email_not_verified');
    expect(linking.searchParams.get('token')).toBeNull();
    expect((await t.app.server.models.User.query().findById(user.id))?.oidcSubject).toBeNull();

    const stranger = `stranger-${String(emailVerified)}@example.com`;
    const creating = await signIn({ ...claims, sub: `g2-${String(emailVerified)}`, email: stranger });
    expect(creating.searchParams.get('error')).toBe('email_not_verified');
    expect(await t.app.server.models.User.query().findOne({ email: stranger })).toBeUndefined();
  });

  it('turns invitations to the address into access once the provider vouches for it, for a new or a claimed account', async () => {
    const { token: owner } = await t.createUser({ plan: 'team', email: 'inviter@example.com' });
    const invite = async (email: string) => {
      const documentId = await t.uploadPdf(owner);
      await t.http.post(`/api/documents/${documentId}/collaborators`).set('Authorization', `Bearer ${owner}`).send({ email, role: 'editor' }).expect(201);
      return documentId;
    };
    const opens = async (redirect: URL, documentId: string) =>
      (await t.http.get(`/api/documents/${documentId}`).set('Authorization', `Bearer ${redirect.searchParams.get('token')}`)).status;

    const forNewcomer = await invite('newcomer@example.com');
    expect(await opens(await signIn({ sub: 'google-invited-1', email: 'newcomer@example.com', email_verified: true, name: 'New Comer' }), forNewcomer)).toBe(200);

    // Registered without proving the address: the invitation waits, then joins the provider's verified owner.
    const forClaimed = await invite('claimed@example.com');
    const squatter = await t.http.post('/api/auth/register').send({ name: 'Squatter', email: 'claimed@example.com', password: 'Att4cker-password' }).expect(201);
    await t.http.get(`/api/documents/${forClaimed}`).set('Authorization', `Bearer ${squatter.body.token}`).expect(404);
    expect(await opens(await signIn({ sub: 'google-invited-2', email: 'claimed@example.com', email_verified: true, name: 'Real Owner' }), forClaimed)).toBe(200);
  });

  it('refuses a replayed callback: a flow\'s state completes one sign-in only', async () => {
    const first = await signInReplayable({ sub: 'g-replay', email: 'replay@example.com', email_verified: true });
    expect(first.redirect.searchParams.get('token')).toBeTruthy();
    // The same state and flow cookie again, even with a code the provider would honour.
    const replay = await t.http
      .get('/api/auth/google/callback')
      .query({ code: grantCode(first.authorize, { sub: 'g-replay', email: 'replay@example.com', email_verified: true }), state: first.authorize.searchParams.get('state') })
      .set('Cookie', first.cookie)
      .expect(302);
    const redirect = new URL(replay.headers.location as string);
    expect(redirect.searchParams.get('error')).toBe('sign_in_failed');
    expect(redirect.searchParams.get('token')).toBeNull();
  });

  it.each([
    ['a state that does not match', { sub: 'g3', email: 'x3@example.com', email_verified: true }, { state: 'forged' }],
    ['a callback without the flow cookie', { sub: 'g4', email: 'x4@example.com', email_verified: true }, { dropCookie: true }],
  ])('refuses %s with ?error=', async (_label, claims, tamper) => {
    const redirect = await signIn(claims, tamper);
    expect(redirect.searchParams.get('error')).toBe('sign_in_failed');
    expect(redirect.searchParams.get('token')).toBeNull();
  });

  it('refuses an ID token issued to another client', async () => {
    audienceOverride = 'someone-else';
    try {
      const redirect = await signIn({ sub: 'g6', email: 'x6@example.com', email_verified: true });
      expect(redirect.searchParams.get('error')).toBe('sign_in_failed');
      expect(await t.app.server.models.User.query().findOne({ email: 'x6@example.com' })).toBeUndefined();
    } finally {
      audienceOverride = undefined;
    }
  });

  it('passes on a refusal at the provider', async () => {
    const response = await t.http.get('/api/auth/google/callback?error=access_denied&state=x').expect(302);
    expect(response.headers.location).toBe('http://app.test/auth/callback?error=access_denied');
  });
});

describe('starting sign-in', () => {
  it('is rate limited per address, and a refused start records no flow', async () => {
    const limited = await createTestServer({
      config: {
        oidc: { issuer, clientId: 'client-id', clientSecret: 'client-secret', redirectUri: 'http://api.test/api/auth/google/callback' },
        limits: { ...DEFAULT_LIMITS, signInStartsPerAddress: { max: 3, windowMs: 60_000 } },
      },
    });
    try {
      const locations = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        locations.push(new URL((await limited.http.get('/api/auth/google').expect(302)).headers.location as string));
      }
      expect(locations.map((location) => location.origin)).toEqual([issuer, issuer, issuer, 'http://app.test', 'http://app.test']);
      expect(locations[4]?.searchParams.get('error')).toBe('too_many_attempts');
      expect(await limited.app.server.models.OidcFlow.query().resultSize()).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('without a provider configured', () => {
  it('lists no provider and redirects either sign-in to the app with a clear error', async () => {
    const bare = await createTestServer();
    try {
      expect((await bare.http.get('/api/auth/providers').expect(200)).body).toEqual({ providers: [] });
      const response = await bare.http.get('/api/auth/google').expect(302);
      expect(response.headers.location).toBe('http://app.test/auth/callback?error=google_sign_in_not_configured');
      const microsoft = await bare.http.get('/api/auth/microsoft').expect(302);
      expect(microsoft.headers.location).toBe('http://app.test/auth/callback?error=microsoft_sign_in_not_configured');
    } finally {
      await bare.close();
    }
  });
});

describe('Microsoft (Entra ID) through the same OpenID Connect code', () => {
  let ms: TestServer;
  beforeAll(async () => {
    ms = await createTestServer({
      config: {
        microsoftOidc: { issuer, clientId: 'client-id', clientSecret: 'client-secret', redirectUri: 'http://api.test/api/auth/microsoft/callback' },
      },
    });
  });
  afterAll(() => ms.close());

  async function microsoftSignIn(claims: Record<string, unknown>, callbackPath = '/api/auth/microsoft/callback') {
    const start = await ms.http.get('/api/auth/microsoft').expect(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://api.test/api/auth/microsoft/callback');
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0] ?? '';
    expect(cookie).toMatch(/path=\/api\/auth\/microsoft;/i);
    const done = await ms.http
      .get(callbackPath)
      .query({ code: grantCode(authorize, claims), state: authorize.searchParams.get('state') })
      .set('Cookie', cookie.split(';')[0] ?? '')
      .expect(302);
    return new URL(done.headers.location as string);
  }

  it('is listed alone, signs in, and keeps its subjects apart from Google\'s', async () => {
    expect((await ms.http.get('/api/auth/providers').expect(200)).body).toEqual({ providers: ['microsoft'] });
    const google = await ms.http.get('/api/auth/google').expect(302);
    expect(google.headers.location).toBe('http://app.test/auth/callback?error=google_sign_in_not_configured');

    const redirect = await microsoftSignIn({ sub: 'shared-sub', email: 'entra@example.com', email_verified: true, name: 'Entra User' });
    const me = await ms.http.get('/api/auth/me').set('Authorization', `Bearer ${redirect.searchParams.get('token')}`).expect(200);
    expect(me.body.user).toMatchObject({ email: 'entra@example.com', emailVerified: true });
    const stored = await ms.app.server.models.User.query().findById(me.body.user.id);
    expect(stored?.oidcSubject).toBe('microsoft:shared-sub');
  });

  it('keeps the verification rules: no e-mail_verified claim, no account', async () => {
    const redirect = await microsoftSignIn({ sub: 'no-claim', email: 'unverified-ms@example.com' });
    expect(redirect.searchParams.get('error')).toBe('email_not_verified');
    expect(await ms.app.server.models.User.query().findOne({ email: 'unverified-ms@example.com' })).toBeUndefined();
  });
});

describe('both providers configured', () => {
  it('lists Google then Microsoft', async () => {
    const settings = { issuer, clientId: 'client-id', clientSecret: 'client-secret', redirectUri: 'http://api.test/cb' };
    const both = await createTestServer({ config: { oidc: settings, microsoftOidc: settings } });
    try {
      expect((await both.http.get('/api/auth/providers').expect(200)).body).toEqual({ providers: ['google', 'microsoft'] });
    } finally {
      await both.close();
    }
  });
});
