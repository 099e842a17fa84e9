// The built server (dist/main.js) on a PostgreSQL, a Redis and an S3-compatible bucket of the test's
// own, each stopped for about 7 seconds while a few users keep sending requests, writes and
// downloads included. The process must live through it, answer 503 with Retry-After (or succeed)
// but never 500 or hang, say in its readiness check which dependency is down, recover by itself,
// and keep every write it acknowledged.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerBuilt, type BuiltServer, startBuiltServer } from './test-support/builtServer';
import { makePdf } from './test-support/fixtures';
import { LoopbackTraffic, type TrafficTarget } from './test-support/loopbackTraffic';
import { missingTools, startPrivatePostgres, startPrivateRedis, type PrivateService } from './test-support/privateServices';
import { startTestS3, type TestS3 } from './test-support/s3';
import { TEST_DATABASE } from './test-support/testServer';

const OUTAGE_MS = 7_000;
const missing = missingTools(['initdb', 'pg_ctl', 'redis-server']);
// The test brings its own PostgreSQL, so it runs once, in the SQLite project.
const skip = missing.length > 0 || TEST_DATABASE === 'postgres';
if (missing.length > 0) console.warn(`Skipping the dependency outage tests: ${missing.join(', ')} not found on PATH`);

let postgres: PrivateService | undefined;
let redis: PrivateService | undefined;
let s3: TestS3 | undefined;
const servers: BuiltServer[] = [];
const folders: string[] = [];

beforeAll(async () => {
  if (skip) return;
  assertServerBuilt();
  postgres = await startPrivatePostgres();
  redis = await startPrivateRedis();
  s3 = await startTestS3();
}, 180_000);

// Everything started here is ended here, whether the tests passed or not.
afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.stop('SIGKILL')));
  await Promise.allSettled([postgres?.destroy(), redis?.destroy(), s3?.close()]);
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}, 180_000);

/** Runs `work` on a connection to the private PostgreSQL opened for it alone (none is left open across an outage). */
async function withDatabase<T>(work: (database: Knex) => Promise<T>): Promise<T> {
  if (!postgres) throw new Error('PostgreSQL not started');
  const database = knexFactory({ client: 'pg', connection: postgres.url, pool: { min: 0, max: 1 } });
  try {
    return await work(database);
  } finally {
    await database.destroy();
  }
}

async function until(what: string, condition: () => boolean, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(100);
  }
}

/**
 * A built server on the private PostgreSQL and Redis (and the bucket, when `env` names it), with a
 * user (unlimited uploads) and one document.
 */
async function startServerWithUser(name: string, env: NodeJS.ProcessEnv = {}): Promise<{ server: BuiltServer; target: TrafficTarget; dataDir: string }> {
  if (!postgres || !redis) throw new Error('services not started');
  const dataDir = await mkdtemp(join(tmpdir(), 'marginalia-faults-'));
  folders.push(dataDir);
  const server = await startBuiltServer({
    dataDir,
    schema: '',
    jwtSecret: 'fault-test-secret-that-is-long-enough-1234',
    env: { DATABASE_URL: postgres.url, DATABASE_SCHEMA: '', REDIS_URL: redis.url, ...env },
  });
  servers.push(server);
  const email = `${name}@example.com`;
  const password = 'Fault-test-1';
  const registered = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Fault Tester', email, password }),
  });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  await withDatabase((database) => database('users').where('email', email).update({ plan: 'team' }));
  const pdf = await makePdf(1);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'shared.pdf');
  const uploaded = await fetch(`${server.base}/api/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(uploaded.status).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  return { server, dataDir, target: { base: server.base, token, email, password, documentId, pdf } };
}

/**
 * Sends traffic, stops `service` for OUTAGE_MS, starts it again, and sends until writes are
 * acknowledged and the document downloads again.
 */
async function outageUnderTraffic(service: Pick<PrivateService, 'stop' | 'start'>, target: TrafficTarget): Promise<LoopbackTraffic> {
  const traffic = new LoopbackTraffic(target);
  try {
    await until('writes before the outage', () => traffic.acknowledged('share').length >= 2);
    await service.stop();
    await delay(OUTAGE_MS);
    await service.start();
    const acknowledgedBefore = traffic.acknowledged('share').length + traffic.acknowledged('upload').length;
    const answeredBefore = traffic.outcomes.length;
    await until(
      'the server to be ready, acknowledge writes and serve downloads again',
      () =>
        traffic.health.at(-1)?.ready === 200 &&
        traffic.acknowledged('share').length + traffic.acknowledged('upload').length >= acknowledgedBefore + 3 &&
        traffic.outcomes.slice(answeredBefore).some((outcome) => outcome.kind === 'download' && outcome.status === 200),
    );
  } finally {
    await traffic.stop();
  }
  return traffic;
}

/**
 * Answers that are neither a success nor a 503 with Retry-After (a 500, a hang, a dropped
 * connection), and downloads whose bytes were not the document's.
 */
function unacceptable(traffic: LoopbackTraffic) {
  return traffic.outcomes.filter(
    (outcome) =>
      outcome.wrongBytes ||
      !(typeof outcome.status === 'number' && (outcome.status < 300 || (outcome.status === 503 && outcome.retryAfter))),
  );
}

/** The keys of the files in DATA_DIR/files (none when the folder was never made). */
async function filesOnDisk(dataDir: string): Promise<Set<string>> {
  return new Set(await readdir(join(dataDir, 'files')).catch(() => []));
}

/**
 * Every acknowledged share and upload is in the database, and every acknowledged upload's file is
 * stored (in `storedKeys`, the local disk by default).
 */
async function expectAcknowledgedWritesKept(
  traffic: LoopbackTraffic,
  dataDir: string,
  storedKeys: () => Promise<Set<string>> = () => filesOnDisk(dataDir),
): Promise<void> {
  const shares = traffic.acknowledged('share');
  const uploads = traffic.acknowledged('upload');
  expect(shares.length).toBeGreaterThan(0);
  expect(uploads.length).toBeGreaterThan(0);
  const [storedShares, documents] = await withDatabase(async (database) => [
    new Set(await database('shares').whereIn('id', shares).pluck('id')),
    (await database('documents').whereIn('id', uploads).select('id', 'source_key')) as { id: string; source_key: string }[],
  ] as const);
  expect(shares.filter((id) => !storedShares.has(id))).toEqual([]);
  expect(documents.map((row) => row.id).sort()).toEqual([...uploads].sort());
  const files = await storedKeys();
  expect(documents.filter((row) => !files.has(row.source_key))).toEqual([]);
}

const occurrences = (text: string, message: string) => text.split(`"message":"${message}`).length - 1;

describe.skipIf(skip)('dependency outages under traffic (built server, private PostgreSQL and Redis)', () => {
  it('lives through PostgreSQL stopped for 7 s: 503 + Retry-After meanwhile, readiness says so, no acknowledged write lost', async () => {
    if (!postgres) throw new Error('PostgreSQL not started');
    const { server, target, dataDir } = await startServerWithUser('postgres-outage');
    const traffic = await outageUnderTraffic(postgres, target);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(unacceptable(traffic)).toEqual([]);
    expect(traffic.outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    // Liveness never wavers; readiness names the database while it is away, then recovers.
    expect(traffic.health.filter((sample) => sample.live !== 200)).toEqual([]);
    const down = traffic.health.findIndex((sample) => sample.ready === 503 && sample.readyBody?.database === 'down');
    expect(down).toBeGreaterThanOrEqual(0);
    expect(traffic.health.slice(down).some((sample) => sample.ready === 200 && sample.readyBody?.database === 'up')).toBe(true);
    await expectAcknowledgedWritesKept(traffic, dataDir);

    // The outage is logged once per streak, not once per failed request or tick, and each streak
    // ends (the conversion runner's with its next retry, at most its poll interval later).
    await until('the conversion runner to work again', () => occurrences(server.output(), 'conversion runner works again') >= occurrences(server.output(), 'conversion runner failed'));
    const log = server.output();
    const outages = occurrences(log, 'database unavailable; answering 503');
    expect(outages).toBeGreaterThanOrEqual(1);
    expect(outages).toBeLessThan(traffic.outcomes.filter((outcome) => outcome.status === 503).length + 1);
    expect(occurrences(log, 'database available again')).toBe(outages);
    expect(occurrences(log, 'conversion runner failed')).toBeLessThanOrEqual(1);
    expect(occurrences(log, 'conversion runner works again')).toBe(occurrences(log, 'conversion runner failed'));
    expect(log).not.toContain('"message":"request failed"');
    expect(log).not.toContain('Acquire connection error');
  }, 240_000);

  it('lives through Redis stopped for 7 s: rate limits count in memory meanwhile, readiness says so', async () => {
    if (!redis) throw new Error('Redis not started');
    const { server, target, dataDir } = await startServerWithUser('redis-outage');
    const traffic = await outageUnderTraffic(redis, target);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(unacceptable(traffic)).toEqual([]);
    expect(traffic.health.filter((sample) => sample.live !== 200)).toEqual([]);
    const down = traffic.health.findIndex((sample) => sample.ready === 503 && sample.readyBody?.redis === 'down');
    expect(down).toBeGreaterThanOrEqual(0);
    expect(traffic.health[down]?.readyBody?.database).toBe('up');
    expect(traffic.health.slice(down).some((sample) => sample.ready === 200 && sample.readyBody?.redis === 'up')).toBe(true);
    await expectAcknowledgedWritesKept(traffic, dataDir);

    const log = server.output();
    expect(occurrences(log, 'rate-limit store (Redis) unavailable')).toBe(1);
    expect(occurrences(log, 'rate-limit store (Redis) available again')).toBe(1);
    expect(log).not.toContain('"message":"request failed"');
  }, 240_000);

  it('lives through the bucket stopped for 7 s: file requests 503 naming the storage, readiness says so, no acknowledged upload lost', async () => {
    if (!s3) throw new Error('S3 server not started');
    const bucket = s3;
    const { server, target, dataDir } = await startServerWithUser('storage-outage', bucket.env());
    const traffic = await outageUnderTraffic(bucket, target);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(unacceptable(traffic)).toEqual([]);
    // Downloads and uploads need the bucket: some were refused with 503 while it was away, and
    // downloads served the document's own bytes before and after (checked by `unacceptable`).
    const refused = traffic.outcomes.filter((outcome) => outcome.status === 503);
    expect(refused.some((outcome) => outcome.kind === 'download' || outcome.kind === 'upload')).toBe(true);
    expect(traffic.outcomes.filter((outcome) => outcome.kind === 'download' && outcome.status === 200).length).toBeGreaterThan(0);
    // What needs no file (lists, shares, sign-ins) kept being served from the database meanwhile.
    expect(refused.filter((outcome) => outcome.kind === 'list' || outcome.kind === 'login')).toEqual([]);
    expect(traffic.health.filter((sample) => sample.live !== 200)).toEqual([]);
    const down = traffic.health.findIndex((sample) => sample.ready === 503 && sample.readyBody?.storage === 'down');
    expect(down).toBeGreaterThanOrEqual(0);
    expect(traffic.health[down]?.readyBody?.database).toBe('up');
    expect(traffic.health.slice(down).some((sample) => sample.ready === 200 && sample.readyBody?.storage === 'up')).toBe(true);
    await expectAcknowledgedWritesKept(traffic, dataDir, async () => new Set(await bucket.keys()));
    // With a bucket, no document byte stays under DATA_DIR.
    expect([...(await filesOnDisk(dataDir))]).toEqual([]);

    const log = server.output();
    expect(occurrences(log, 'file storage unavailable')).toBeGreaterThanOrEqual(1);
    expect(occurrences(log, 'file storage available again')).toBe(occurrences(log, 'file storage unavailable'));
    expect(log).not.toContain('"message":"request failed"');
  }, 240_000);
});

describe('a promise rejection nobody handles', () => {
  it('is logged with its stack, then the server stops cleanly and exits with code 1', async () => {
    assertServerBuilt();
    const dataDir = await mkdtemp(join(tmpdir(), 'marginalia-faults-'));
    folders.push(dataDir);
    // A module loaded before the server that, on SIGUSR2, rejects a promise nothing awaits.
    const plant = "process.on('SIGUSR2',()=>{Promise.reject(Error('planted-by-the-test'))})";
    const server = await startBuiltServer({
      dataDir,
      schema: '',
      jwtSecret: 'fault-test-secret-that-is-long-enough-1234',
      env: { DATABASE_URL: '', DATABASE_SCHEMA: '', NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(plant)}` },
    });
    servers.push(server);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGUSR2');
    expect(await exited).toBe(1);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; message: string; error?: string; stack?: string; reason?: string });
    const rejection = lines.find((line) => line.message === 'unhandled promise rejection; shutting down');
    expect(rejection).toMatchObject({ level: 'error', error: 'planted-by-the-test' });
    expect(rejection?.stack).toContain('planted-by-the-test');
    expect(lines.find((line) => line.message === 'shutting down')).toMatchObject({ reason: 'unhandled promise rejection' });
  });
});
