// Background loops on several instances at once: two servers on one database (PostgreSQL; SQLite
// has one instance per database file, where the work simply runs). While one instance runs a piece
// of work, the other skips it; two instances purging expired recovery drafts at the same moment
// delete each draft once.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingLogger } from '../test-support/recordingLogger';
import { createTestServer, TEST_DATABASE, type TestServer } from '../test-support/testServer';
import { runExclusively } from './exclusiveRun';
import { schedulePurge } from '../services/recovery';

let a: TestServer & { schema?: string };
let b: TestServer;
const logs = { a: new RecordingLogger(), b: new RecordingLogger() };

beforeAll(async () => {
  a = await createTestServer({ logger: logs.a });
  b = await createTestServer({ logger: logs.b, databaseDir: a.dataDir, schema: a.schema });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(TEST_DATABASE !== 'postgres')('background work on two instances (PostgreSQL)', () => {
  it('runs a piece of work on one instance at a time; the other skips it, other work goes on', async () => {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = runExclusively(a.knex, 'test-work', async () => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await inside;
    let ranOnB = false;
    expect(await runExclusively(b.knex, 'test-work', async () => void (ranOnB = true))).toBe(false);
    expect(ranOnB).toBe(false);
    expect(await runExclusively(b.knex, 'other-work', async () => {})).toBe(true);
    release();
    expect(await held).toBe(true);
    expect(await runExclusively(b.knex, 'test-work', async () => void (ranOnB = true))).toBe(true);
    expect(ranOnB).toBe(true);
  });

  it('deletes each expired recovery draft once when two instances purge at the same moment', async () => {
    const expired = new Date(Date.now() - 60_000).toISOString();
    const drafts = Array.from({ length: 100 }, () => ({
      idHash: randomBytes(32).toString('hex'),
      fileKey: `recovery-${randomUUID()}.pdf`,
      fileName: 'draft.pdf',
      size: 1,
      annotations: '[]',
      editCount: 0,
      timeSpent: 0,
      email: 'guest@example.com',
      createdAt: expired,
      expiresAt: expired,
    }));
    await a.knex('recoveryDrafts').insert(drafts);
    const counted = () =>
      [...logs.a.matching('expired recovery drafts deleted'), ...logs.b.matching('expired recovery drafts deleted')]
        .map((entry) => entry.fields.count as number)
        .reduce((sum, count) => sum + count, 0);
    const stops = [schedulePurge(a.app.server), schedulePurge(b.app.server)];
    try {
      for (let i = 0; i < 600 && counted() < drafts.length; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      // Time for a second purge of the same drafts, had one started, to say so.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      for (const stop of stops) stop();
    }
    expect(await a.knex('recoveryDrafts').count({ count: '*' }).first()).toEqual({ count: '0' });
    expect(counted()).toBe(drafts.length);
    expect([...logs.a.entries, ...logs.b.entries].filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
