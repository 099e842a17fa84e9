import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textNote } from '../test-support/annotations';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
let owner: string;
let documentId: string;

beforeAll(async () => {
  t = await createTestServer();
  ({ token: owner } = await t.createUser({ plan: 'team', email: 'owner@example.com' }));
  documentId = await t.uploadPdf(owner, { name: 'together.pdf' });
  await t.http.put(`/api/documents/${documentId}/annotations`).set('Authorization', `Bearer ${owner}`).send({ annotations: [textNote('a', 'Hello')], version: 0 }).expect(200);
});
afterAll(() => t.close());

const invite = (body: object, token = owner, id = documentId) =>
  t.http.post(`/api/documents/${id}/members`).set('Authorization', `Bearer ${token}`).send(body);
const as = (token: string) => ({
  get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`),
});

describe('inviting people to a document', () => {
  it('lets an invited editor or viewer read the document, its PDF, its annotations and its export, and nobody else', async () => {
    const { user: editor, token: editorToken } = await t.createUser({ email: 'editor@example.com', name: 'Eddie' });
    const { token: strangerToken } = await t.createUser({ email: 'stranger@example.com' });
    const added = await invite({ email: 'Editor@Example.com ', role: 'editor' }).expect(201);
    expect(added.body.member).toMatchObject({ userId: editor.id, name: 'Eddie', email: 'editor@example.com', role: 'editor' });

    for (const path of ['', '/annotations', '/download', '/export']) {
      await binary(as(editorToken).get(`/api/documents/${documentId}${path}`)).expect(200);
      await binary(as(strangerToken).get(`/api/documents/${documentId}${path}`)).expect(404);
    }
    expect((await as(editorToken).get(`/api/documents/${documentId}/annotations`)).body.annotations[0]).toMatchObject({ id: 'a' });
    // Reading is not owning: saves over HTTP, page saves, sharing and deleting stay the owner's.
    await t.http.put(`/api/documents/${documentId}/annotations`).set('Authorization', `Bearer ${editorToken}`).send({ annotations: [], version: 1 }).expect(404);
    await t.http.delete(`/api/documents/${documentId}`).set('Authorization', `Bearer ${editorToken}`).expect(404);
    await invite({ email: 'stranger@example.com', role: 'viewer' }, editorToken).expect(404);

    const listed = await as(owner).get(`/api/documents/${documentId}/members`).expect(200);
    expect(listed.body.members.map((member: { email: string }) => member.email)).toEqual(['editor@example.com']);
  });

  it('changes a role, and removing someone ends their access', async () => {
    const { user, token } = await t.createUser({ email: 'viewer@example.com' });
    await invite({ email: 'viewer@example.com', role: 'editor' }).expect(201);
    const changed = await t.http
      .patch(`/api/documents/${documentId}/members/${user.id}`)
      .set('Authorization', `Bearer ${owner}`)
      .send({ role: 'viewer' })
      .expect(200);
    expect(changed.body.member.role).toBe('viewer');
    await t.http.delete(`/api/documents/${documentId}/members/${user.id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    await as(token).get(`/api/documents/${documentId}`).expect(404);
    await t.http.delete(`/api/documents/${documentId}/members/${user.id}`).set('Authorization', `Bearer ${owner}`).expect(404);
  });

  it('refuses what cannot be: no Team plan, an unknown address, the owner, a wrong role, a sixth member', async () => {
    const { token: personal } = await t.createUser({ plan: 'personal', email: 'personal@example.com' });
    const personalDocument = await t.uploadPdf(personal);
    const refused = await invite({ email: 'owner@example.com', role: 'editor' }, personal, personalDocument).expect(403);
    expect(refused.body).toMatchObject({ code: 'PRO_FEATURE_REQUIRED', feature: 'collaboration' });
    expect((await invite({ email: 'nobody@example.com', role: 'editor' }).expect(404)).body.message).toMatch(/No account uses this e-mail address/);
    await invite({ email: 'owner@example.com', role: 'editor' }).expect(400);
    await invite({ email: 'personal@example.com', role: 'owner' }).expect(400);

    const crowded = await t.uploadPdf(owner);
    for (let index = 0; index < 4; index++) {
      await t.createUser({ email: `member${index}@example.com` });
      await invite({ email: `member${index}@example.com`, role: 'viewer' }, owner, crowded).expect(201);
    }
    const full = await invite({ email: 'personal@example.com', role: 'viewer' }, owner, crowded).expect(400);
    expect(full.body.message).toBe('A document can have at most 4 people besides its owner.');
    // Someone already invited can still be given another role.
    await invite({ email: 'member0@example.com', role: 'editor' }, owner, crowded).expect(201);
  });
});
