// The built server (dist/main.js) with S3_* set, against s3rver on a free loopback port: uploads go
// to the bucket and nothing of them stays under DATA_DIR; at start it reconciles the bucket with the
// database and reports a row whose object is missing; a bucket it cannot reach stops it, named.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerBuilt, startBuiltServer, type BuiltServer } from './test-support/builtServer';
import { makePdf } from './test-support/fixtures';
import { startTestS3, type TestS3 } from './test-support/s3';
import { dropSchema, TEST_DATABASE } from './test-support/testServer';

let s3: TestS3;
let dataDir: string;
let server: BuiltServer | undefined;
const schema = `s3_${Math.random().toString(16).slice(2, 10)}`;
const jwtSecret = 's3-test-secret-that-is-long-enough-123456';

const s3Env = (bucket: string) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: s3.settings.endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

beforeAll(async () => {
  assertServerBuilt();
  s3 = await startTestS3();
  dataDir = join(await mkdtemp(join(tmpdir(), 'marginalia-s3-main-')), 'data');
});
afterAll(async () => {
  await server?.stop();
  await s3.close();
  await rm(dirname(dataDir), { recursive: true, force: true });
  if (TEST_DATABASE === 'postgres') await dropSchema(schema);
});

describe('the built server with S3_BUCKET', () => {
  it('keeps uploads in the bucket only, and reports at start a row whose object is missing', async () => {
    server = await startBuiltServer({ dataDir, schema, jwtSecret, env: s3Env(s3.settings.bucket) });
    expect(server.output()).toContain(`"files":"s3 (${s3.settings.bucket})"`);
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bucket Owner', email: 'bucket@example.com', password: 'Bucket-test-1' }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const pdf = await makePdf(2, 'Only in the bucket');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bucket.pdf');
    const uploaded = await fetch(`${server.base}/api/documents/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { document } = (await uploaded.json()) as { document: { id: string } };
    const download = await fetch(`${server.base}/api/documents/${document.id}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), pdf)).toBe(0);

    const key = `${document.id}.pdf`;
    expect(await s3.keys()).toEqual([key]);
    expect(await readdir(dataDir)).not.toContain('files');
    for (const entry of await readdir(dataDir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) expect((await readFile(join(entry.parentPath, entry.name))).includes(Buffer.from('%PDF-'))).toBe(false);
    }

    // The object goes missing behind the server's back; the next start says which row names it.
    await server.stop();
    await s3.store().remove(key);
    server = await startBuiltServer({ dataDir, schema, jwtSecret, env: s3Env(s3.settings.bucket) });
    for (let waited = 0; waited < 20_000 && !server.output().includes('rows name stored files that are missing'); waited += 100) {
      await delay(100);
    }
    expect(server.output()).toContain('rows name stored files that are missing');
    expect(server.output()).toContain(key);
    await server.stop();
    server = undefined;
  });

  it('refuses to start when the bucket cannot be reached, naming it', async () => {
    await expect(
      startBuiltServer({ dataDir, schema, jwtSecret, env: s3Env('no-such-bucket') }),
    ).rejects.toThrow(/The S3 bucket "no-such-bucket" cannot be reached \(HTTP 404\)/);
  });
});
