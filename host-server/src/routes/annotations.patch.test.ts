// PATCH /api/documents/:id/annotations: only what changed since a version, under the PUT's rules
// (stale version 409, validation 400, size 413, another user's document 404), and never a lost
// update when two clients save at once.
import { DEFAULT_LIMITS } from '../config';
import type { Annotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteImageAnnotation, textNote } from '../test-support/annotations';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { STALE_VERSION } from '../domain/errors';

let t: TestServer;
let token: string;
const auth = (as = token) => ({ Authorization: `Bearer ${as}` });

beforeAll(async () => {
  // Room for the lists below, and a stored list that a few patches can push over the limit.
  t = await createTestServer({ config: { limits: { ...DEFAULT_LIMITS, annotationsJsonBytes: 64 * 1024 } } });
  ({ token } = await t.createUser({ plan: 'personal' }));
});
afterAll(() => t.close());

async function newDocument(annotations: Annotation[]): Promise<string> {
  const id = await t.uploadPdf(token);
  await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations, version: 0 }).expect(200);
  return id;
}

async function stored(id: string): Promise<{ annotations: Annotation[]; version: number }> {
  return (await t.http.get(`/api/documents/${id}/annotations`).set(auth()).expect(200)).body;
}

const patch = (id: string, body: object, as = token) => t.http.patch(`/api/documents/${id}/annotations`).set(auth(as)).send(body);

describe('PATCH annotations', () => {
  it('applies added, updated and removed annotations and answers the next version', async () => {
    const id = await newDocument([textNote('a', 'First'), textNote('b', 'Second'), textNote('c', 'Third')]);
    const response = await patch(id, {
      added: [textNote('d', 'Fourth')],
      updated: [textNote('a', 'First, edited', 300)],
      removed: ['b'],
      version: 1,
    }).expect(200);
    expect(response.body).toEqual({ version: 2 });
    expect(await stored(id)).toEqual({
      annotations: [textNote('a', 'First, edited', 300), textNote('c', 'Third'), textNote('d', 'Fourth')],
      version: 2,
    });
  });

  it('refuses a stale version with the PUT conflict and keeps the newer work', async () => {
    const id = await newDocument([textNote('a', 'First'), textNote('b', 'Second')]);
    await patch(id, { updated: [textNote('a', 'Tab one')], version: 1 }).expect(200);
    // Another annotation than the one changed since, and still refused: see the route's comment.
    const stale = await patch(id, { updated: [textNote('b', 'Tab two')], version: 1 }).expect(409);
    expect(stale.body).toEqual({ message: STALE_VERSION, version: 2 });
    expect(await stored(id)).toEqual({ annotations: [textNote('a', 'Tab one'), textNote('b', 'Second')], version: 2 });
  });

  it('answers 422 naming the ids when an update or removal has no annotation, or an add already has one', async () => {
    const id = await newDocument([textNote('a', 'First'), textNote('b', 'Second')]);
    const unknown = await patch(id, { updated: [textNote('ghost', 'Boo')], removed: ['gone', 'b'], version: 1 }).expect(422);
    expect(unknown.body).toEqual({
      message: 'No annotation with the id "ghost", "gone" to update or remove.',
      reason: 'unknown-id',
      ids: ['ghost', 'gone'],
    });
    const duplicate = await patch(id, { added: [textNote('a', 'Again')], version: 1 }).expect(422);
    expect(duplicate.body).toMatchObject({ reason: 'duplicate-id', ids: ['a'] });
    // All or nothing: the removal of "b" above did not happen either.
    expect(await stored(id)).toEqual({ annotations: [textNote('a', 'First'), textNote('b', 'Second')], version: 1 });
  });

  it('validates the changes as the PUT validates a list, naming the list, index and field', async () => {
    const id = await newDocument([textNote('a', 'First')]);
    const wrong = await patch(id, { added: [{ id: 'n', type: 'text', page: 'one' }], version: 1 }).expect(400);
    expect(wrong.body.message).toMatch(/added\[0\]\.page/);
    const noId = await patch(id, { updated: [{ type: 'text', page: 1 }], version: 1 }).expect(400);
    expect(noId.body.errors).toEqual(['updated[0].id: required (a change names the annotation it touches)']);
    const twice = await patch(id, { updated: [textNote('a', 'x')], removed: ['a'], version: 1 }).expect(400);
    expect(twice.body.message).toContain('"a": appears more than once');
    const image = await patch(id, { added: [remoteImageAnnotation()], version: 1 }).expect(400);
    expect(image.body.message).toMatch(/^added\.0 \(image i1\): imageData must be a data: URL/);
    const noVersion = await patch(id, { removed: ['a'] }).expect(400);
    expect(noVersion.body.message).toMatch(/^version: version is required/);
    expect(await stored(id)).toEqual({ annotations: [textNote('a', 'First')], version: 1 });
  });

  it("answers 404 for another user's document and 401 without a session, changing nothing", async () => {
    const id = await newDocument([textNote('a', 'Mine')]);
    const { token: other } = await t.createUser({ plan: 'personal' });
    const response = await patch(id, { removed: ['a'], version: 1 }, other).expect(404);
    expect(response.body).toEqual({ message: 'Document not found' });
    await t.http.patch(`/api/documents/${id}/annotations`).send({ removed: ['a'], version: 1 }).expect(401);
    expect(await stored(id)).toEqual({ annotations: [textNote('a', 'Mine')], version: 1 });
  });

  it('answers 413 for a body over the limit, and for changes that would take the list over it', async () => {
    const id = await newDocument([textNote('a', 'First')]);
    const big = 'x'.repeat(70 * 1024);
    await patch(id, { added: [textNote('big', big)], version: 1 }).expect(413);
    // Each under the limit, together over it: the third is refused and stores nothing.
    const chunk = 'y'.repeat(25 * 1024);
    await patch(id, { added: [textNote('p1', chunk)], version: 1 }).expect(200);
    await patch(id, { added: [textNote('p2', chunk)], version: 2 }).expect(200);
    const over = await patch(id, { added: [textNote('p3', chunk)], version: 3 }).expect(413);
    expect(over.body.message).toBe('The annotations would be over 64 KB with these changes. Remove some (images weigh the most) and save again.');
    expect((await stored(id)).annotations.map((annotation) => annotation.id)).toEqual(['a', 'p1', 'p2']);
  });

  it('lands both of two simultaneous saves or tells one of a conflict, never losing an update', async () => {
    const id = await newDocument([textNote('a', 'A0'), textNote('b', 'B0')]);
    // Two clients (two tabs) edit different annotations from the same version, at the same time.
    for (let round = 1; round <= 6; round++) {
      const { version } = await stored(id);
      const edits = { a: textNote('a', `A${round}`), b: textNote('b', `B${round}`) };
      const answers = await Promise.all([
        patch(id, { updated: [edits.a], version }),
        patch(id, { updated: [edits.b], version }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? 'a' : 'b';
      const loser = winner === 'a' ? 'b' : 'a';
      let after = await stored(id);
      expect(after.version).toBe(version + 1);
      expect(after.annotations.find((annotation) => annotation.id === winner)).toEqual(edits[winner]);
      // The one told of the conflict reloads and saves again: both edits are kept.
      await patch(id, { updated: [edits[loser]], version: after.version }).expect(200);
      after = await stored(id);
      expect(after.annotations).toEqual([edits.a, edits.b]);
    }
  });
});
