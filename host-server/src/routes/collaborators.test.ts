// Inviting people to a document (/api/documents/{id}/collaborators): who may read it then, the mails
// the invitations send, pending invitations becoming access once the address is proven, the Team
// plan gate, and "Shared with me" with its `access` and `collaborators` fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterResponseSettled } from '../services/accountMail';
import { textNote } from '../test-support/annotations';
import { makePdf } from '../test-support/fixtures';
import { linkToken, readOutbox } from '../test-support/outbox';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
let owner: string;
let documentId: string;

beforeAll(async () => {
  t = await createTestServer();
  ({ token: owner } = await t.createUser({ plan: 'team', email: 'owner@example.com', name: 'Olive Owner' }));
  documentId = await t.uploadPdf(owner, { name: 'together.pdf' });
  await t.http.put(`/api/documents/${documentId}/annotations`).set('Authorization', `Bearer ${owner}`).send({ annotations: [textNote('a', 'Hello')], version: 0 }).expect(200);
});
afterAll(() => t.close());

const invite = (body: object, token = owner, id = documentId) =>
  t.http.post(`/api/documents/${id}/collaborators`).set('Authorization', `Bearer ${token}`).send(body);
const as = (token: string) => ({
  get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`),
});
const mailsTo = async (address: string) => {
  await afterResponseSettled(t.app.server);
  return (await readOutbox(t.outbox.dir)).filter((mail) => mail.to === address);
};
/** The query of the first link to `path` in a mail's text. */
const linkQuery = (text: string, path: string) => {
  const match = new RegExp(`http://app\\.test${path}\\?(\\S+)`).exec(text);
  return new URLSearchParams(match?.[1] ?? '');
};

describe('inviting people to a document', () => {
  it('lets an invited editor or viewer read the document, its PDF, its annotations and its export, and nobody else', async () => {
    const { user: editor, token: editorToken } = await t.createUser({ email: 'editor@example.com', name: 'Eddie', emailVerified: true });
    const { token: strangerToken } = await t.createUser({ email: 'stranger@example.com' });
    const added = await invite({ email: 'Editor@Example.com ', role: 'editor' }).expect(201);
    expect(added.body.collaborator).toMatchObject({ id: editor.id, userId: editor.id, name: 'Eddie', email: 'editor@example.com', role: 'editor', status: 'active' });

    for (const path of ['', '/annotations', '/download', '/export']) {
      await binary(as(editorToken).get(`/api/documents/${documentId}${path}`)).expect(200);
      await binary(as(strangerToken).get(`/api/documents/${documentId}${path}`)).expect(404);
    }
    expect((await as(editorToken).get(`/api/documents/${documentId}/annotations`)).body.annotations[0]).toMatchObject({ id: 'a' });
    // Reading is not owning: saves of the annotations over HTTP (an editor's go through the shared
    // document), sharing and deleting stay the owner's.
    await t.http.put(`/api/documents/${documentId}/annotations`).set('Authorization', `Bearer ${editorToken}`).send({ annotations: [], version: 1 }).expect(404);
    await t.http.delete(`/api/documents/${documentId}`).set('Authorization', `Bearer ${editorToken}`).expect(404);
    await invite({ email: 'stranger@example.com', role: 'viewer' }, editorToken).expect(404);
    await as(editorToken).get(`/api/documents/${documentId}/collaborators`).expect(404);

    const listed = await as(owner).get(`/api/documents/${documentId}/collaborators`).expect(200);
    expect(listed.body.collaborators.map((collaborator: { email: string }) => collaborator.email)).toEqual(['editor@example.com']);

    // The invitee is mailed a link to the document.
    const [mail] = await mailsTo('editor@example.com');
    expect(mail?.subject).toBe('Olive Owner shared "together.pdf" with you');
    expect(mail?.text).toContain('Olive Owner (owner@example.com) invited you to edit "together.pdf" on Marginalia.');
    expect(mail?.text).toContain(`http://app.test/editor/${documentId}`);
  });

  it('lets an editor save pages, recorded under their name and counted against the owner, and not a viewer', async () => {
    const { token: editorToken } = await t.createUser({ email: 'pages@example.com', name: 'Paige', emailVerified: true });
    const { token: viewerToken } = await t.createUser({ email: 'looker@example.com', emailVerified: true });
    await invite({ email: 'pages@example.com', role: 'editor' }).expect(201);
    await invite({ email: 'looker@example.com', role: 'viewer' }).expect(201);
    const { version } = (await as(owner).get(`/api/documents/${documentId}/annotations`).expect(200)).body as { version: number };
    const pdf = Buffer.from(await makePdf(2));
    const save = (token: string, at: number) =>
      t.http
        .put(`/api/documents/${documentId}/content`)
        .set('Authorization', `Bearer ${token}`)
        .field('annotations', JSON.stringify([{ ...textNote('a', 'Hello'), page: 2 }]))
        .field('version', String(at))
        .attach('file', pdf, 'pages.pdf');
    await save(viewerToken, version).expect(404);
    const saved = await save(editorToken, version).expect(200);
    expect(saved.body.revision.author).toMatchObject({ name: 'Paige' });
    expect(saved.body.annotations[0]).toMatchObject({ id: 'a', page: 2 });
    const revisions = (await as(owner).get(`/api/documents/${documentId}/revisions`).expect(200)).body.revisions as { author: { name: string } }[];
    expect(revisions.map(({ author }) => author.name)).toContain('Paige');
  });

  it('changes a role, and removing someone ends their access', async () => {
    const { user, token } = await t.createUser({ email: 'viewer@example.com', emailVerified: true });
    await invite({ email: 'viewer@example.com', role: 'editor' }).expect(201);
    const changed = await t.http
      .patch(`/api/documents/${documentId}/collaborators/${user.id}`)
      .set('Authorization', `Bearer ${owner}`)
      .send({ role: 'viewer' })
      .expect(200);
    expect(changed.body.collaborator.role).toBe('viewer');
    expect((await as(token).get(`/api/documents/${documentId}`).expect(200)).body.document).toMatchObject({ access: 'viewer', collaborators: 0 });
    await t.http.delete(`/api/documents/${documentId}/collaborators/${user.id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    await as(token).get(`/api/documents/${documentId}`).expect(404);
    await t.http.delete(`/api/documents/${documentId}/collaborators/${user.id}`).set('Authorization', `Bearer ${owner}`).expect(404);
  });

  it('refuses what cannot be: no Team plan, the owner, a wrong role, a fifth person besides the owner', async () => {
    const { token: personal } = await t.createUser({ plan: 'personal', email: 'personal@example.com' });
    const personalDocument = await t.uploadPdf(personal);
    const refused = await invite({ email: 'owner@example.com', role: 'editor' }, personal, personalDocument).expect(403);
    expect(refused.body).toMatchObject({ code: 'PRO_FEATURE_REQUIRED', feature: 'collaboration' });
    await invite({ email: 'owner@example.com', role: 'editor' }).expect(400);
    await invite({ email: 'personal@example.com', role: 'owner' }).expect(400);

    // Members and pending invitations count alike.
    const crowded = await t.uploadPdf(owner);
    for (let index = 0; index < 2; index++) {
      await t.createUser({ email: `member${index}@example.com`, emailVerified: true });
      await invite({ email: `member${index}@example.com`, role: 'viewer' }, owner, crowded).expect(201);
    }
    await invite({ email: 'pending0@example.com', role: 'viewer' }, owner, crowded).expect(201);
    await invite({ email: 'pending1@example.com', role: 'viewer' }, owner, crowded).expect(201);
    const full = await invite({ email: 'personal@example.com', role: 'viewer' }, owner, crowded).expect(400);
    expect(full.body.message).toBe('A document can have at most 4 people besides its owner.');
    // Someone already invited can still be given another role.
    await invite({ email: 'member0@example.com', role: 'editor' }, owner, crowded).expect(201);
    await invite({ email: 'pending0@example.com', role: 'editor' }, owner, crowded).expect(201);
    // Revoking an invitation frees its place.
    const listed = await as(owner).get(`/api/documents/${crowded}/collaborators`).expect(200);
    const pending = listed.body.collaborators.find((collaborator: { email: string }) => collaborator.email === 'pending1@example.com');
    expect(pending).toMatchObject({ status: 'invited', userId: null, name: null, role: 'viewer' });
    await t.http.delete(`/api/documents/${crowded}/collaborators/${pending.id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    await invite({ email: 'personal@example.com', role: 'viewer' }, owner, crowded).expect(201);
  });
});

describe('invitations at the same moment', () => {
  it('never take a document past its four places', async () => {
    const document = await t.uploadPdf(owner);
    await invite({ email: 'early0@example.com', role: 'viewer' }, owner, document).expect(201);
    await invite({ email: 'early1@example.com', role: 'viewer' }, owner, document).expect(201);
    const answers = await Promise.all([0, 1, 2, 3].map((index) => invite({ email: `racer${index}@example.com`, role: 'viewer' }, owner, document)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 400, 400]);
    expect((await as(owner).get(`/api/documents/${document}/collaborators`).expect(200)).body.collaborators).toHaveLength(4);
  });
});

describe('inviting an address without an account', () => {
  it('keeps an invitation, mails a sign-up link, and registering through it opens the document at once', async () => {
    const document = await t.uploadPdf(owner, { name: 'draft.pdf' });
    const added = await invite({ email: 'newcomer@example.com', role: 'editor' }, owner, document).expect(201);
    expect(added.body.collaborator).toMatchObject({ userId: null, email: 'newcomer@example.com', role: 'editor', status: 'invited' });
    const before = await as(owner).get(`/api/documents/${document}`).expect(200);
    expect(before.body.document).toMatchObject({ access: 'owner', collaborators: 1 });

    const [mail] = await mailsTo('newcomer@example.com');
    expect(mail?.subject).toBe('Olive Owner shared "draft.pdf" with you');
    expect(mail?.text).toContain('a free account is all you need');
    const link = linkQuery(mail?.text ?? '', '/register');
    expect(link.get('email')).toBe('newcomer@example.com');
    expect(link.get('next')).toBe(`/editor/${document}`);

    const registered = await t.http
      .post('/api/auth/register')
      .send({ name: 'Nina New', email: 'newcomer@example.com', password: 'Correct-Horse-9', invite: link.get('invite') })
      .expect(201);
    expect(registered.body.user.emailVerified).toBe(true);
    const opened = await as(registered.body.token).get(`/api/documents/${document}`).expect(200);
    expect(opened.body.document).toMatchObject({ access: 'editor', collaborators: 0, owner: { name: 'Olive Owner', email: 'owner@example.com' } });
    const listed = await as(owner).get(`/api/documents/${document}/collaborators`).expect(200);
    expect(listed.body.collaborators).toMatchObject([{ email: 'newcomer@example.com', name: 'Nina New', status: 'active', role: 'editor' }]);
    // No verification mail: the invitation's link proved the address.
    expect((await mailsTo('newcomer@example.com')).map((sent) => sent.subject)).toEqual(['Olive Owner shared "draft.pdf" with you']);
  });

  it('gives nothing to an account that only claims the address, until the address is verified', async () => {
    const document = await t.uploadPdf(owner, { name: 'private.pdf' });
    await invite({ email: 'claimed@example.com', role: 'viewer' }, owner, document).expect(201);
    const invitation = linkQuery((await mailsTo('claimed@example.com'))[0]?.text ?? '', '/register').get('invite');

    // Registered without the link: the address is not proven, the invitation waits.
    const registered = await t.http.post('/api/auth/register').send({ name: 'Claimer', email: 'claimed@example.com', password: 'Correct-Horse-9' }).expect(201);
    const token: string = registered.body.token;
    await as(token).get(`/api/documents/${document}`).expect(404);
    // Nor can another address use the invitation's token to be verified.
    const other = await t.http
      .post('/api/auth/register')
      .send({ name: 'Other', email: 'other@example.com', password: 'Correct-Horse-9', invite: invitation })
      .expect(201);
    expect(other.body.user.emailVerified).toBe(false);
    await as(other.body.token).get(`/api/documents/${document}`).expect(404);

    // Inviting the unverified account again changes the role, still pending.
    const again = await invite({ email: 'claimed@example.com', role: 'editor' }, owner, document).expect(201);
    expect(again.body.collaborator).toMatchObject({ status: 'invited', role: 'editor' });

    const verifyToken = linkToken((await mailsTo('claimed@example.com')).at(-1)?.text ?? '', '/verify-email');
    await t.http.post('/api/auth/verify-email').send({ token: verifyToken }).expect(200);
    expect((await as(token).get(`/api/documents/${document}`).expect(200)).body.document.access).toBe('editor');
  });

  it('mails an existing account with an unverified address to confirm it first', async () => {
    await t.createUser({ email: 'unsure@example.com', name: 'Una' });
    const document = await t.uploadPdf(owner, { name: 'later.pdf' });
    const added = await invite({ email: 'unsure@example.com', role: 'viewer' }, owner, document).expect(201);
    expect(added.body.collaborator.status).toBe('invited');
    const [mail] = await mailsTo('unsure@example.com');
    expect(mail?.text).toContain('Confirm your e-mail address first');
    expect(mail?.text).toContain(`http://app.test/editor/${document}`);
    expect(mail?.text).not.toContain('/register');
  });
});

describe('Shared with me', () => {
  it('lists the documents others shared with the user, with their role and owner, and the owner sees the counts', async () => {
    const { token: ownerB } = await t.createUser({ plan: 'free', email: 'b-owner@example.com', name: 'Bea' });
    await t.http.post('/api/account/team-trial').set('Authorization', `Bearer ${ownerB}`).expect(201);
    const first = await t.uploadPdf(ownerB, { name: 'first.pdf' });
    const second = await t.uploadPdf(ownerB, { name: 'second.pdf' });
    await t.uploadPdf(ownerB, { name: 'not-shared.pdf' });
    const { token: reader } = await t.createUser({ email: 'reader@example.com', emailVerified: true });
    // Listed (and kept by the list cache) before anyone is invited: the counts must still move.
    expect((await as(ownerB).get('/api/documents').expect(200)).body.documents.map((document: { collaborators: number }) => document.collaborators)).toEqual([0, 0, 0]);
    await invite({ email: 'reader@example.com', role: 'viewer' }, ownerB, first).expect(201);
    await invite({ email: 'reader@example.com', role: 'editor' }, ownerB, second).expect(201);

    const shared = await as(reader).get('/api/documents?scope=shared').expect(200);
    expect(shared.body.pagination).toMatchObject({ total: 2, page: 1 });
    expect(shared.body.documents).toMatchObject([
      { id: second, name: 'second.pdf', access: 'editor', collaborators: 0, owner: { name: 'Bea', email: 'b-owner@example.com' } },
      { id: first, name: 'first.pdf', access: 'viewer', collaborators: 0, owner: { name: 'Bea' } },
    ]);
    // Their own list stays their own.
    expect((await as(reader).get('/api/documents').expect(200)).body.documents).toEqual([]);

    const own = await as(ownerB).get('/api/documents').expect(200);
    const counts = Object.fromEntries(own.body.documents.map((document: { name: string; collaborators: number; access: string }) => [document.name, [document.access, document.collaborators]]));
    expect(counts).toEqual({ 'first.pdf': ['owner', 1], 'second.pdf': ['owner', 1], 'not-shared.pdf': ['owner', 0] });
    expect((await as(ownerB).get('/api/documents?scope=shared').expect(200)).body.documents).toEqual([]);
    // Revoking frees the count again.
    const members = (await as(ownerB).get(`/api/documents/${first}/collaborators`).expect(200)).body.collaborators as Array<{ id: string }>;
    await t.http.delete(`/api/documents/${first}/collaborators/${members[0]?.id}`).set('Authorization', `Bearer ${ownerB}`).expect(200);
    const after = await as(ownerB).get('/api/documents').expect(200);
    expect(after.body.documents.find((document: { id: string }) => document.id === first).collaborators).toBe(0);
    expect((await as(reader).get('/api/documents?scope=shared').expect(200)).body.pagination.total).toBe(1);
    await as(ownerB).get('/api/documents?scope=everything').expect(400);
  });
});
