import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from './services/tokens';
import { createTestServer, type TestServer } from './test-support/testServer';

let t: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  t = await createTestServer();
  const created = await t.createUser();
  token = created.token;
  userId = created.user.id;
});
afterAll(() => t.close());

describe('basics', () => {
  it('answers GET /api/health with { status: "ok" }', async () => {
    const response = await t.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths and wrong methods with JSON', async () => {
    expect((await t.http.get('/api/nothing-here').expect(404)).body).toEqual({ message: 'Not found' });
    expect((await t.http.delete('/api/health').expect(405)).body).toEqual({ message: 'Method Not Allowed' });
  });

  it('sets the API security headers on answers and on errors, and no cache may keep them', async () => {
    for (const response of [await t.http.get('/api/health'), await t.http.get('/api/documents').expect(401)]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('CORS', () => {
  it('allows a configured origin, with credentials', async () => {
    const response = await t.http.get('/api/health').set('Origin', 'https://app.example.com');
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await t.http
      .options('/api/documents')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('never echoes an unknown Origin back', async () => {
    for (const origin of ['https://evil.example.com', 'null', 'https://app.example.com.evil.com']) {
      const response = await t.http.get('/api/health').set('Origin', origin);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http
        .options('/api/auth/login')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await t.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co", "password": ')
      .expect(400);
    expect(response.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers an oversized JSON body with 413', async () => {
    const response = await t.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({ message: 'Request body too large' });
  });

  it('answers a non-JSON body on a JSON route with 415', async () => {
    await t.http.post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a').expect(415);
  });
});

describe('tokens', () => {
  const me = (value: string) => t.http.get('/api/auth/me').set('Authorization', `Bearer ${value}`);

  it('accepts a token it issued', async () => {
    await me(token).expect(200);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    await t.http.get('/api/auth/me').expect(401);
    await t.http.get('/api/auth/me').set('Authorization', token).expect(401);
    await t.http.get('/api/auth/me').set('Authorization', 'Bearer not-a-jwt').expect(401);
  });

  it('refuses a token signed with another secret', async () => {
    const forger = createTokenService({ secret: randomBytes(32), issuer: 'marginalia', audience: 'marginalia-app', ttlSeconds: 3600 });
    const response = await me(await forger.issue({ id: userId, sessionEpoch: 0 })).expect(401);
    expect(response.body.message).toMatch(/sign in again/);
  });

  it('refuses an expired token', async () => {
    const past = createTokenService({
      secret: t.app.server.config.jwtSecret,
      issuer: 'marginalia',
      audience: 'marginalia-app',
      ttlSeconds: 60,
      now: () => new Date(Date.now() - 3600_000),
    });
    await me(await past.issue({ id: userId, sessionEpoch: 0 })).expect(401);
  });

  it('refuses alg "none" and an algorithm other than the pinned one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: userId, jti: 'x', sv: 0, iss: 'marginalia', aud: 'marginalia-app', iat: now, exp: now + 600 };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    await me(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`).expect(401);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(t.app.server.config.jwtSecret);
    await me(hs512).expect(401);
  });

  it('refuses the right secret with the wrong issuer or audience', async () => {
    for (const [issuer, audience] of [
      ['someone-else', 'marginalia-app'],
      ['marginalia', 'another-app'],
    ]) {
      const other = createTokenService({ secret: t.app.server.config.jwtSecret, issuer: issuer as string, audience: audience as string, ttlSeconds: 600 });
      await me(await other.issue({ id: userId, sessionEpoch: 0 })).expect(401);
    }
  });
});

describe('unexpected failures', () => {
  it('answers 500 with a generic message and no internals', async () => {
    const broken = await createTestServer();
    const { token: brokenToken } = await broken.createUser();
    await broken.app.server.reader.destroy();
    await broken.knex.destroy();
    const response = await broken.http.get('/api/auth/me').set('Authorization', `Bearer ${brokenToken}`).expect(500);
    expect(response.body).toEqual({ message: 'Internal server error' });
    await broken.close().catch(() => {});
  });
});
