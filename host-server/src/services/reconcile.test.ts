// Reconciliation of the file store with the database, on the local disk and on S3 (s3rver on a
// free loopback port): unnamed files past the grace period go, named and young ones stay, rows
// whose file is missing are reported, and two instances reconciling at once agree.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test-support/s3';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { type FileStore, LocalFileStore } from '../infrastructure/fileStore';
import { reconcileFileStore } from './reconcile';

let s3: TestS3;
let work: string;

beforeAll(async () => {
  s3 = await startTestS3();
  work = await mkdtemp(join(tmpdir(), 'marginalia-reconcile-'));
});
afterAll(async () => {
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

const HOUR = 60 * 60_000;

async function putBytes(store: FileStore, key: string, text: string): Promise<void> {
  const path = join(work, `put-${key}`);
  await writeFile(path, text);
  await store.putFile(key, path);
}

describe.each([
  ['LocalFileStore', (dataDir: string) => new LocalFileStore(join(dataDir, 'files')).init()],
  ['S3FileStore', async () => s3.store()],
] as Array<[string, (dataDir: string) => Promise<FileStore>]>)('on %s', (_name, makeStore) => {
  let t: TestServer;
  let store: FileStore;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'marginalia-test-'));
    store = await makeStore(dataDir);
    t = await createTestServer({ dataDir, fileStore: store });
    ({ token } = await t.createUser({ plan: 'personal' }));
  });
  afterAll(async () => {
    await t.close();
    await rm(t.dataDir, { recursive: true, force: true });
  });

  it('removes old files no row names, keeps named and young ones, reports rows whose file is missing', async () => {
    const kept = await t.uploadPdf(token, { name: 'kept.pdf' });
    const lost = await t.uploadPdf(token, { name: 'lost.pdf' });
    const orphans = ['0b9a4a8e-2f53-4d2c-9d55-9b1f0f7d8c11.pdf', 'recovery-5e0c1a77-1111-4b2b-8c3c-0d6f3e2a9b10.pdf'];
    for (const key of orphans) await putBytes(store, key, 'left by a crash');
    await store.remove(`${lost}.pdf`);

    // Within the grace period: nothing is removed, the missing file is reported.
    const young = await reconcileFileStore(t.knex, store, { olderThan: new Date(Date.now() - HOUR) });
    expect(young.removed).toEqual([]);
    expect(young.missing).toEqual([
      { table: 'documents', id: lost, column: 'sourceKey', key: `${lost}.pdf` },
      { table: 'documents', id: lost, column: 'pdfKey', key: `${lost}.pdf` },
    ]);
    expect(await t.storedFiles()).toEqual(expect.arrayContaining(orphans));

    const old = await reconcileFileStore(t.knex, store, { olderThan: new Date(Date.now() + HOUR) });
    expect(old.removed.sort()).toEqual([...orphans].sort());
    expect(await t.storedFiles()).toEqual([`${kept}.pdf`]);
    await t.http.get(`/api/documents/${kept}/download`).set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('two instances reconciling at once remove each orphan once between them, without errors', async () => {
    const orphans = Array.from({ length: 12 }, (_, index) => `c1d2e3f4-0000-4000-8000-${String(index).padStart(12, '0')}.pdf`);
    for (const key of orphans) await putBytes(store, key, 'orphan');
    const before = await t.storedFiles();
    const olderThan = new Date(Date.now() + HOUR);
    // Another instance: its own connection to the store.
    const otherStore = await makeStore(dataDir);
    const [first, second] = await Promise.all([
      reconcileFileStore(t.knex, store, { olderThan }),
      reconcileFileStore(t.knex, otherStore, { olderThan }),
    ]);
    expect(new Set([...first.removed, ...second.removed])).toEqual(new Set(orphans));
    expect((await t.storedFiles()).sort()).toEqual(before.filter((key) => !orphans.includes(key)).sort());
  });
});
