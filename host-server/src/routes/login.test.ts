// Sign-in under load and attack, over real HTTP: a burst of concurrent logins, a client that hangs
// up while its password waits to be hashed, parallel guesses racing the per-account limit (with
// counters in memory and in Redis), and spoofed X-Forwarded-For headers.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ProxyTrust } from '../clientAddress';
import { DEFAULT_LIMITS } from '../config';
import { passwordHashing } from '../services/passwords';
import type { RateLimitStore } from '../infrastructure/rateLimit';
import { openTestRedisStore, redisAvailable } from '../test-support/redis';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../test-support/testServer';

const withRedis = await redisAvailable();
const redis = withRedis ? await openTestRedisStore() : undefined;
afterAll(() => redis?.close());

let open: Array<TestServer | Server> = [];
afterEach(async () => {
  for (const item of open) {
    if ('close' in item && 'app' in item) await item.close();
    else await new Promise((resolve) => (item as Server).close(resolve));
  }
  open = [];
});

async function serve(
  options: {
    rateLimitStore?: RateLimitStore;
    limits?: Partial<typeof DEFAULT_LIMITS>;
    trustProxy?: ProxyTrust;
  } = {},
) {
  const t = await createTestServer({
    rateLimitStore: options.rateLimitStore,
    config: {
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    },
  });
  const http = createServer(t.app.callback());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  open.push(t, http);
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { t, http, base };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
}

async function login(
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    ms: performance.now() - started,
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('login under concurrency', () => {
  // How fast they are answered (under 5 s) is the bench's to measure (`npm run bench -w
  // @marginalia/host-server`, "POST /api/auth/login"): a test's clock measures the machine.
  it('answers each of 100 concurrent logins: signed in, or 429 with Retry-After', async () => {
    const { t, base } = await serve({ limits: { loginPerAddress: { max: 1000, windowMs: 60_000 } } });
    const users = [];
    for (let i = 0; i < 100; i += 1) users.push((await t.createUser()).user);
    const answers = await Promise.all(users.map((user) => login(base, user.email, TEST_PASSWORD)));
    const statuses = answers.map((answer) => answer.status);
    expect(new Set(statuses).size <= 2 && statuses.every((status) => status === 200 || status === 429)).toBe(
      true,
    );
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    for (const answer of answers.filter((item) => item.status === 429))
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  });

  it('never hashes the password of a request whose client hung up while it waited', async () => {
    const { t, base } = await serve({ limits: { loginPerAddress: { max: 1000, windowMs: 60_000 } } });
    const { concurrency } = passwordHashing.options;
    const users = [];
    for (let i = 0; i < concurrency + 1; i += 1) users.push((await t.createUser()).user);
    const [victim, ...others] = users;
    const before = { ...passwordHashing.stats };

    // Every hashing slot taken by other sign-ins...
    const busy = others.map((user) => login(base, user.email, TEST_PASSWORD));
    await until(() => passwordHashing.load.running === concurrency, 'the hashing slots to fill');
    // ...then one more, whose client goes away while it waits in the queue.
    const queuedBefore = passwordHashing.load.queued;
    const url = new URL(`${base}/api/auth/login`);
    const body = JSON.stringify({ email: victim?.email, password: TEST_PASSWORD });
    const abandoned = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    abandoned.on('error', () => {});
    abandoned.end(body);
    await until(() => passwordHashing.load.queued > queuedBefore, 'the abandoned sign-in to queue');
    abandoned.destroy();
    await until(
      () => passwordHashing.stats.cancelled > before.cancelled,
      'the abandoned sign-in to leave the queue',
    );

    const answers = await Promise.all(busy);
    expect(answers.map((answer) => answer.status)).toEqual(others.map(() => 200));
    expect(passwordHashing.stats.started - before.started).toBe(others.length);
    expect(passwordHashing.stats.cancelled - before.cancelled).toBe(1);
  });
});

const stores: Array<[string, RateLimitStore | undefined]> = [
  ['memory', undefined],
  ['Redis', redis],
];

describe.each(stores)('the per-account login limit, counted in %s', (name, store) => {
  it.skipIf(name === 'Redis' && !store)(
    'evaluates at most its count of 40 concurrent wrong passwords',
    async () => {
      const max = DEFAULT_LIMITS.loginPerAccount.max;
      const { t, base } = await serve({
        rateLimitStore: store,
        limits: { loginPerAddress: { max: 1000, windowMs: 60_000 } },
      });
      const { user } = await t.createUser();
      const before = passwordHashing.stats.started;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => login(base, user.email, 'Wrong-passw0rd')),
      );
      const evaluated = passwordHashing.stats.started - before;
      const statuses = answers.map((answer) => answer.status);
      expect(evaluated).toBeLessThanOrEqual(max);
      expect(statuses.filter((status) => status === 401)).toHaveLength(evaluated);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - evaluated);
      expect(evaluated).toBeGreaterThan(0);
      // Guesses refused before their check (hashing busy) gave their points back: the rest of the
      // count is still there, one by one, and then even the right password waits for the window.
      for (let i = evaluated; i < max; i += 1) {
        expect((await login(base, user.email, 'Wrong-passw0rd')).status).toBe(401);
      }
      expect((await login(base, user.email, TEST_PASSWORD)).status).toBe(429);
    },
  );
});

describe('the client address behind proxies', () => {
  const perAddress = { loginPerAddress: { max: 3, windowMs: 60_000 } };
  const spoofed = (i: number) => `10.${i}.${i}.${i}, 198.51.100.${i}`;

  async function attempts(base: string, forwardedFor: (i: number) => string, count: number) {
    const statuses = [];
    for (let i = 1; i <= count; i += 1) {
      statuses.push(
        (
          await login(base, `nobody-${i}@example.com`, 'Wrong-passw0rd', {
            'X-Forwarded-For': forwardedFor(i),
          })
        ).status,
      );
    }
    return statuses;
  }

  it('takes the rightmost address that is not a trusted proxy, whatever the client writes left of it', async () => {
    const { base } = await serve({
      limits: perAddress,
      trustProxy: { kind: 'addresses', ranges: ['127.0.0.0/8', '::1'] },
    });
    // The proxy (loopback) appended the real client, 203.0.113.7; everything before is the client's own text.
    expect(await attempts(base, (i) => `${spoofed(i)}, 203.0.113.7`, 4)).toEqual([401, 401, 401, 429]);
    // Another real client behind the same proxy has its own count.
    expect(await attempts(base, () => '203.0.113.8', 1)).toEqual([401]);
  });

  it('skips exactly the configured number of proxies', async () => {
    const { base } = await serve({ limits: perAddress, trustProxy: { kind: 'hops', hops: 2 } });
    // Two proxies: the nearest is the socket's peer, the second appended the last entry, so the
    // client is the entry before it.
    expect(await attempts(base, (i) => `${spoofed(i)}, 203.0.113.7, 192.0.2.10`, 4)).toEqual([
      401, 401, 401, 429,
    ]);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const { base } = await serve({ limits: perAddress });
    expect(await attempts(base, (i) => `203.0.113.${i}`, 4)).toEqual([401, 401, 401, 429]);
  });
});
