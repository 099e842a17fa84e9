import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { LocalFileStore } from './fileStore';
import { recoverFiles, withFileIntent } from './maintenance';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'team' }));
});
afterAll(() => t.close());

describe('recovery after a crash between the file store and the database', () => {
  it('removes a stored file whose row was never committed, keeps committed ones, empties tmp', async () => {
    const { makePdf } = await import('../test-support/fixtures');
    const upload = await t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', await makePdf(1), 'kept.pdf').expect(201);
    const keptKey = `${upload.body.document.id}.pdf`;
    const tmpDir = join(t.dataDir, 'tmp');
    const store = new LocalFileStore(join(t.dataDir, 'files'));

    // What a process killed after moving a file into the store, before its commit, leaves behind:
    // the intent naming the key, the file, and no row. An intent for a committed key may remain too.
    const orphan = '0b9a4a8e-2f53-4d2c-9d55-9b1f0f7d8c11.pdf';
    await mkdir(join(tmpDir, 'intents'), { recursive: true });
    for (const key of [orphan, keptKey]) await writeFile(join(tmpDir, 'intents', key), '');
    await writeFile(join(t.dataDir, 'files', orphan), 'partial');
    await writeFile(join(tmpDir, 'upload-in-progress'), 'half an upload');

    const removed = await recoverFiles(t.knex, store, tmpDir, silentLogger);
    expect(removed).toEqual([orphan]);
    expect(await t.storedFiles()).toEqual([keptKey]);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('an intent lasts exactly as long as its work, even when the work fails', async () => {
    const tmpDir = join(t.dataDir, 'tmp');
    const key = 'c1d2e3f4-0000-4000-8000-000000000001.pdf';
    await withFileIntent(tmpDir, [key], async () => {
      expect(await readdir(join(tmpDir, 'intents'))).toContain(key);
    });
    expect(await readdir(join(tmpDir, 'intents'))).not.toContain(key);
    await expect(withFileIntent(tmpDir, [key], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await readdir(join(tmpDir, 'intents'))).not.toContain(key);
    await expect(withFileIntent(tmpDir, ['../escape'], async () => {})).rejects.toThrow(/Invalid storage key/);
  });

  it('never touches files that no intent names (a store shared with another database)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'marginalia-store-'));
    try {
      const store = await new LocalFileStore(join(dir, 'files')).init();
      await writeFile(join(dir, 'files', 'someone-elses.pdf'), 'x');
      expect(await recoverFiles(t.knex, store, join(dir, 'tmp'), silentLogger)).toEqual([]);
      expect(await readdir(join(dir, 'files'))).toEqual(['someone-elses.pdf']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
