// The optimistic-version save as a command: given the bound model, knex and the ids (no server
// context), a save based on an old version is refused with the version stored now, and of two
// patches from the same version exactly one applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, StaleVersionError } from '../domain/errors';
import { bindModels, type User } from '../models';
import { textNote } from '../test-support/annotations';
import { createTestServer, TEST_DATABASE, type TestServer } from '../test-support/testServer';
import { patchAnnotations, replaceAnnotations, storedAnnotations } from './annotations';

let t: TestServer;
let user: User;
let token: string;

beforeAll(async () => {
  t = await createTestServer();
  ({ user, token } = await t.createUser({ plan: 'personal' }));
});
afterAll(() => t.close());

const saveOf = (documentId: string, version: number, as = user) => ({
  Document: bindModels(t.knex).Document,
  documentId,
  user: as,
  version,
  now: new Date(),
});
const patchOf = (documentId: string, version: number) => ({
  ...saveOf(documentId, version),
  knex: t.knex,
  lockRow: TEST_DATABASE === 'postgres',
  maxBytes: 1024 * 1024,
});
const stored = async (id: string) => bindModels(t.knex).Document.query().findById(id);

describe('saving annotations at a version', () => {
  it('must refuse a save based on an older version with the version stored now, and keep the stored list', async () => {
    const id = await t.uploadPdf(token);
    expect(await replaceAnnotations(saveOf(id, 0), [textNote('a', 'First')])).toBe(1);
    const refused = replaceAnnotations(saveOf(id, 0), [textNote('b', 'Overwrite')]);
    await expect(refused).rejects.toBeInstanceOf(StaleVersionError);
    await expect(refused).rejects.toMatchObject({ version: 1, code: 'STALE_VERSION' });
    const document = await stored(id);
    expect(document?.annotationsVersion).toBe(1);
    expect(storedAnnotations(document!).map((annotation) => annotation.id)).toEqual(['a']);
  });

  it('must apply exactly one of two patches from the same version', async () => {
    const id = await t.uploadPdf(token);
    await replaceAnnotations(saveOf(id, 0), [textNote('a', 'First')]);
    const results = await Promise.allSettled([
      patchAnnotations(patchOf(id, 1), { added: [textNote('b', 'From tab one')], updated: [], removed: [] }),
      patchAnnotations(patchOf(id, 1), { added: [textNote('c', 'From tab two')], updated: [], removed: [] }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled').map((result) => result.value)).toEqual([2]);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(StaleVersionError);
    expect((refused?.reason as StaleVersionError).version).toBe(2);
    expect(storedAnnotations((await stored(id))!)).toHaveLength(2);
  });

  it("must not change another user's document", async () => {
    const id = await t.uploadPdf(token);
    const { user: other } = await t.createUser({ plan: 'personal' });
    await expect(replaceAnnotations(saveOf(id, 0, other), [textNote('a', 'Not mine')])).rejects.toBeInstanceOf(NotFoundError);
    expect((await stored(id))?.annotationsVersion).toBe(0);
  });
});
