// The app while its PostgreSQL cannot be reached (nothing listens on its port) or does not answer (a
// listener that accepts and stays silent): requests that need the database answer 503 with
// Retry-After instead of 500 or hanging, the outage is logged once, and the health endpoints tell
// liveness (always up) from readiness (names the database).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app';
import { isDatabaseUnavailable, openDatabase } from './db';
import { SERVICE_UNAVAILABLE } from './errors';
import { LocalFileStore } from './infrastructure/fileStore';
import { OutboxMailer } from './infrastructure/mailer';
import { freePort } from './test-support/privateServices';
import { RecordingLogger } from './test-support/recordingLogger';
import { openTestRedisStore, redisAvailable } from './test-support/redis';
import { createTestServer, testConfig } from './test-support/testServer';

const dataDir = await mkdtemp(join(tmpdir(), 'marginalia-faults-'));
const withRedis = await redisAvailable();
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function appOn(databaseUrl: string, logger: RecordingLogger): Promise<App> {
  return createApp({
    config: testConfig(dataDir),
    knex: openDatabase({ dataDir, databaseUrl, logger }),
    fileStore: await new LocalFileStore(join(dataDir, 'files')).init(),
    mailer: new OutboxMailer(join(dataDir, 'outbox'), 'Marginalia <no-reply@test>', logger),
    logger,
  });
}

async function closeApp(app: App): Promise<void> {
  app.server.pdfWorker.close();
  await app.server.knex.destroy();
}

const expectServiceUnavailable = (response: request.Response) => {
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.body).toEqual({
    message: 'The service is temporarily unavailable. Please try again in a few seconds.',
    code: SERVICE_UNAVAILABLE,
    dependency: 'database',
  });
};

describe('PostgreSQL unreachable', () => {
  const logger = new RecordingLogger();
  let app: App;
  let http: ReturnType<typeof request>;
  beforeAll(async () => {
    app = await appOn(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`, logger);
    http = request(app.callback());
  });
  afterAll(() => closeApp(app));

  it('answers 503 with Retry-After on every route that needs the database, and logs the outage once', async () => {
    const token = await app.server.tokens.issue({ id: randomUUID(), sessionEpoch: 0 });
    expectServiceUnavailable(await http.get('/api/documents').set('Authorization', `Bearer ${token}`));
    expectServiceUnavailable(
      await http.post(`/api/documents/${randomUUID()}/shares`).set('Authorization', `Bearer ${token}`).send({}),
    );
    expectServiceUnavailable(await http.post('/api/auth/login').send({ email: 'someone@example.com', password: 'Password-1' }));
    expectServiceUnavailable(await http.get(`/api/shares/${'a'.repeat(43)}`));
    expect(logger.matching('database unavailable')).toHaveLength(1);
    expect(logger.matching('request failed')).toEqual([]);
  });

  it('stays live while it is not ready, and says the database is why', async () => {
    expect((await http.get('/api/health').expect(200)).body).toEqual({ status: 'ok' });
    expect((await http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await http.get('/api/health/ready').expect(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toEqual({
      status: 'unavailable',
      message: 'Not ready: database unavailable',
      database: 'down',
      redis: 'not configured',
      storage: 'local disk',
    });
  });
});

describe('PostgreSQL accepting connections but never answering', () => {
  const logger = new RecordingLogger();
  const sockets = new Set<Socket>();
  let silent: Server;
  let app: App;
  beforeAll(async () => {
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    app = await appOn(`postgres://postgres@127.0.0.1:${address.port}/postgres`, logger);
  });
  afterAll(async () => {
    await closeApp(app);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers 503 once the connection attempt times out, rather than waiting on the pool', async () => {
    expectServiceUnavailable(await request(app.callback()).get(`/api/shares/${'b'.repeat(43)}`));
  });
});

describe('readiness of a working server', () => {
  it('answers 200 naming each dependency up', async () => {
    const t = await createTestServer();
    try {
      expect((await t.http.get('/api/health/ready').expect(200)).body).toEqual({ status: 'ready', database: 'up', redis: 'not configured', storage: 'local disk' });
    } finally {
      await t.close();
    }
  });

  it.runIf(withRedis)('checks Redis when rate limits are counted there', async () => {
    const store = await openTestRedisStore();
    const t = await createTestServer({ rateLimitStore: store });
    try {
      expect((await t.http.get('/api/health/ready').expect(200)).body).toEqual({ status: 'ready', database: 'up', redis: 'up', storage: 'local disk' });
    } finally {
      await t.close();
      store.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('failed'), { code });

  it('recognises lost and refused connections, shutdowns, timeouts and a full pool, also wrapped', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('08006'),
      withCode('57P01'),
      withCode('57P03'),
      withCode('57014'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
      Object.assign(new Error('wrapped'), { nativeError: withCode('57P01') }),
      new Error('outer', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
  });

  it('leaves the database refusing the request itself alone (a constraint, a syntax error, a bug)', () => {
    for (const error of [withCode('23505'), withCode('42601'), new TypeError('x is undefined'), 'text', undefined]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
