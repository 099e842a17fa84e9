// The per-request account lookup. The SQLite reader remembers answers; these tests show that any
// write, by this process or by another one, is seen: this process's at once, another's within the
// check interval.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionReader } from '../db';
import { isoNow } from '../models/BaseModel';
import { createTestServer, TEST_DATABASE, type TestServer } from '../test-support/testServer';
import { sqliteSessionReader } from './sessions';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const revoke = (tokenId: string) =>
  t.knex('revokedTokens').insert({ jti: tokenId, expiresAt: isoNow(new Date(Date.now() + 60_000)) });

describe('session lookup', () => {
  it('finds the account with camelCase fields, and nothing for an unknown account', async () => {
    const { user } = await t.createUser({ name: 'Ada Lovelace' });
    const sessions = openSessionReader({ dataDir: t.dataDir }, t.knex);
    try {
      const found = await sessions.find(user.id, randomUUID());
      expect(found?.revoked).toBe(false);
      expect(found?.fields).toMatchObject({ id: user.id, name: 'Ada Lovelace', sessionEpoch: 0, documentsVersion: 0 });
      expect(await sessions.find(randomUUID(), randomUUID())).toBeUndefined();
    } finally {
      sessions.close();
    }
  });

  it("sees this process's writes at once: a revoked token, a new session epoch", async () => {
    const { user } = await t.createUser();
    const tokenId = randomUUID();
    const sessions = openSessionReader({ dataDir: t.dataDir }, t.knex);
    try {
      expect((await sessions.find(user.id, tokenId))?.revoked).toBe(false);
      await revoke(tokenId);
      expect((await sessions.find(user.id, tokenId))?.revoked).toBe(true);
      await t.knex('users').where('id', user.id).increment('sessionEpoch', 1);
      expect((await sessions.find(user.id, randomUUID()))?.fields.sessionEpoch).toBe(1);
    } finally {
      sessions.close();
    }
  });

  it.skipIf(TEST_DATABASE !== 'sqlite')("sees another process's writes once the check interval has passed", async () => {
    const { user } = await t.createUser();
    const tokenId = randomUUID();
    let clock = 0;
    const sessions = sqliteSessionReader(join(t.dataDir, 'marginalia.sqlite'), { externalWritesCheckMs: 100, now: () => clock });
    const outside = new DatabaseSync(join(t.dataDir, 'marginalia.sqlite'));
    try {
      expect((await sessions.find(user.id, tokenId))?.fields.sessionEpoch).toBe(0);
      outside.prepare('update users set session_epoch = 7 where id = ?').run(user.id);
      clock = 99;
      expect((await sessions.find(user.id, tokenId))?.fields.sessionEpoch).toBe(0);
      clock = 100;
      expect((await sessions.find(user.id, tokenId))?.fields.sessionEpoch).toBe(7);
    } finally {
      outside.close();
      sessions.close();
    }
  });
});
