// The bucket (an s3rver of the test's own) stopped under a running server, then started again on
// the same port and folder: meanwhile, requests that need a file answer 503
// with Retry-After and name the file storage (never 500), readiness says the storage is down while
// the database is up, the outage is logged once; once the bucket is back, the same file downloads
// again and nothing stored before it went away is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE } from './errors';
import { makePdf } from './test-support/fixtures';
import { RecordingLogger } from './test-support/recordingLogger';
import { startTestS3, type TestS3 } from './test-support/s3';
import { binary, createTestServer, type TestServer } from './test-support/testServer';

let s3: TestS3;
let t: TestServer;
const logger = new RecordingLogger();

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestServer({ fileStore: s3.store(), logger });
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
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

    await s3.stop();
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

    await s3.start();
    expect(Buffer.compare((await binary(t.http.get(`/api/documents/${id}/download`).set(auth)).expect(200)).body as Buffer, pdf)).toBe(0);
    expect((await t.http.get('/api/health/ready').expect(200)).body).toMatchObject({ storage: 'up' });
    expect(logger.matching('file storage available again')).toHaveLength(1);
    // The refused upload left no document behind.
    expect((await t.http.get('/api/documents').set(auth).expect(200)).body.documents).toHaveLength(1);
  });
});
