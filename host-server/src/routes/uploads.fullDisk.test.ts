// An upload that meets a full disk: the server's uploads folder (DATA_DIR/tmp) is a 1 MB tmpfs, so
// a 2 MB upload runs out of space half-way. The client is told so (507), not that its upload was
// malformed, and the space is given back for the next upload. Mounting needs root: skipped, saying
// so, otherwise.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_SPACE } from '../errors';
import { makePdf } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('uploads.fullDisk.test.ts skipped: mounting a small tmpfs needs root');

describe.skipIf(!isRoot)('an upload on a full disk', () => {
  let dataDir: string;
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'marginalia-full-disk-'));
    await mkdir(join(dataDir, 'tmp'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', join(dataDir, 'tmp')]);
    t = await createTestServer({ dataDir });
    ({ token } = await t.createUser({ plan: 'team' }));
  });

  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [join(dataDir, 'tmp')]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 507 saying the server is out of space, and frees what it wrote', async () => {
    const large = Buffer.concat([await makePdf(1), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    // What the client saw, whole (a connection error too), so that a failure says which it was: a
    // CI run once failed here without printing why.
    const answer = await t.http
      .post('/api/documents/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', large, 'large.pdf')
      .then(
        (response) => ({ status: response.status, message: (response.body as { message?: unknown }).message }),
        (error: unknown) => ({ status: 0, message: `no answer: ${String(error)}` }),
      );
    expect(answer).toEqual({ status: 507, message: OUT_OF_SPACE });
    expect(await t.temporaryFiles()).toEqual([]);
    // The half-written file is gone, so a small upload fits again: once the parser's write stream,
    // which still holds the removed file's space, has closed (it closes after the answer, later on a
    // loaded machine, so this waits for it rather than racing it).
    const small = await makePdf(1);
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 201 && Date.now() < deadline) {
      status = (await t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', small, 'small.pdf')).status;
      if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(201);
  });

  // formidable drops a failed write's error when it comes after the request's last byte, and then
  // hands over a file shorter than what was sent: a CI run once answered 201 for the 2 MB upload
  // above. Uploads that end just before and just after the space runs out are each refused (507) or
  // kept whole, byte for byte.
  it('must keep no upload shorter than what was sent, whatever the byte where the space ran out', async () => {
    const pdf = await makePdf(1);
    const statuses: number[] = [];
    for (let size = 1024 * 1024 - 64 * 1024; size <= 1024 * 1024 + 64 * 1024; size += 8 * 1024) {
      const sent = Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
      const response = await t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', sent, 'edge.pdf');
      statuses.push(response.status);
      if (response.status === 507) continue;
      expect(response.status).toBe(201);
      const id = (response.body as { document: { id: string } }).document.id;
      const kept = await binary(t.http.get(`/api/documents/${id}/download`).set('Authorization', `Bearer ${token}`)).expect(200);
      expect(Buffer.compare(kept.body as Buffer, sent)).toBe(0);
    }
    // Both sides of the edge were met: some fitted, some did not.
    expect(statuses).toContain(201);
    expect(statuses).toContain(507);
  });
});
