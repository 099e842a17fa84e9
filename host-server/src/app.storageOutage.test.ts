// The bucket (an s3rver of the test's own on a fixed loopback port) stopped under a running server,
// then started again on the same port and folder: meanwhile, requests that need a file answer 503
// with Retry-After and name the file storage (never 500), readiness says the storage is down while
// the database is up, the outage is logged once; once the bucket is back, the same file downloads
// again and nothing stored before it went away is lost.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE } from './errors';
import { S3FileStore } from './infrastructure/s3FileStore';
import { makePdf } from './test-support/fixtures';
import { freePort } from './test-support/privateServices';
import { RecordingLogger } from './test-support/recordingLogger';
import { binary, createTestServer, type TestServer } from './test-support/testServer';

const bucket = `outage-${randomBytes(4).toString('hex')}`;
let directory: string;
let port: number;
let s3: S3rver | undefined;
let store: S3FileStore;
let t: TestServer;
const logger = new RecordingLogger();

async function startBucket(): Promise<void> {
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3.run();
}

async function stopBucket(): Promise<void> {
  await s3?.close();
  s3 = undefined;
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'marginalia-s3-outage-'));
  port = await freePort();
  await startBucket();
  store = new S3FileStore({
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  t = await createTestServer({ fileStore: store, logger });
});

afterAll(async () => {
  await t?.close();
  store?.close();
  await stopBucket();
  await rm(directory, { recursive: true, force: true });
});

const expectStorageUnavailable = (response: { status: number; headers: Record<string, string>; body: unknown }) => {
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  // Downloads are read as bytes (`binary`): their JSON error arrives as a Buffer.
  const body = Buffer.isBuffer(response.body) ? (JSON.parse(response.body.toString('utf8')) as unknown) : response.body;
  expect(body).toMatchObject({ code: SERVICE_UNAVAILABLE, dependency: 'storage' });
};

describe('the bucket unreachable, then back', () => {
  it('answers 503 naming the file storage meanwhile, says so in readiness, logs it once, and serves the file again after', async () => {
    const { token } = await t.createUser({ plan: 'personal' });
    const auth = { Authorization: `Bearer ${token}` };
    const pdf = await makePdf(1, 'Stored before the outage');
    const uploaded = await t.http.post('/api/documents/upload').set(auth).attach('file', pdf, 'kept.pdf').expect(201);
    const id = uploaded.body.document.id as string;
    expect((await t.http.get('/api/health/ready').expect(200)).body).toMatchObject({ storage: 'up', database: 'up' });

    await stopBucket();
    expectStorageUnavailable(await binary(t.http.get(`/api/documents/${id}/download`).set(auth)));
    expectStorageUnavailable(await t.http.post('/api/documents/upload').set(auth).attach('file', pdf, 'refused.pdf'));
    expectStorageUnavailable(await binary(t.http.get(`/api/documents/${id}/export`).set(auth)));
    // The database still answers: what needs no file is served.
    expect((await t.http.get('/api/documents').set(auth).expect(200)).body.documents).toHaveLength(1);
    const ready = await t.http.get('/api/health/ready').expect(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toMatchObject({ message: 'Not ready: file storage unavailable', database: 'up', storage: 'down' });
    expect(logger.matching('file storage unavailable')).toHaveLength(1);
    expect(logger.matching('request failed')).toEqual([]);

    await startBucket();
    expect(Buffer.compare((await binary(t.http.get(`/api/documents/${id}/download`).set(auth)).expect(200)).body as Buffer, pdf)).toBe(0);
    expect((await t.http.get('/api/health/ready').expect(200)).body).toMatchObject({ storage: 'up' });
    expect(logger.matching('file storage available again')).toHaveLength(1);
    // The refused upload left no document behind.
    expect((await t.http.get('/api/documents').set(auth).expect(200)).body.documents).toHaveLength(1);
  });
});
