// Finished PDF jobs are deleted an hour after they finished, with a file a request that died
// before reading its outcome left in the store; younger jobs and unfinished ones stay.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_DATABASE, type TestServer } from '../test-support/testServer';
import { purgeFinishedPdfJobs } from './pdfJobPurge';

let t: TestServer;

beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

describe.skipIf(TEST_DATABASE !== 'postgres')('purging finished PDF jobs (PostgreSQL)', () => {
  it('deletes jobs finished over an hour ago and the files they still name, and nothing else', async () => {
    const job = async (state: string, finishedAgoMs: number | null, outputKey: string | null) => {
      const id = randomUUID();
      const at = (ms: number) => new Date(Date.now() - ms).toISOString();
      await t.knex('pdfJobs').insert({
        id,
        owner: 'someone',
        task: 'export',
        state,
        background: false,
        inputKey: null,
        outputKey,
        payload: '{"task":"check"}',
        attempts: 1,
        createdAt: at(3 * 3600_000),
        finishedAt: finishedAgoMs === null ? null : at(finishedAgoMs),
      });
      if (outputKey) {
        const path = join(t.dataDir, 'tmp', `${outputKey}.part`);
        await writeFile(path, '%PDF-');
        await t.app.server.fileStore.putFile(outputKey, path);
      }
      return id;
    };
    const old = await job('done', 2 * 3600_000, `pdfjob-${randomUUID()}-output-1`);
    const recent = await job('done', 60_000, `pdfjob-${randomUUID()}-output-1`);
    const pending = await job('pending', null, null);

    expect(await purgeFinishedPdfJobs(t.knex, t.app.server.fileStore, 3600_000)).toBe(1);
    const left = (await t.knex('pdfJobs').select('id')).map((row: { id: string }) => row.id).sort();
    expect(left).toEqual([recent, pending].sort());
    expect(left).not.toContain(old);
    expect((await t.storedFiles()).filter((key) => key.startsWith('pdfjob-'))).toHaveLength(1);
  });
});
