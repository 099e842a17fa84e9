// Documents edited together over /api/collab on the API's own port: real sockets from Hocuspocus's
// provider (the SDK's transport) to a listening server, the shared document read and written with
// the SDK's own layout, the REST API read back after.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAnnotations, writeAnnotations } from '@marginalia/pdf-editor/collab';
import type { Annotation } from '@marginalia/pdf-editor/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './config';
import * as Y from 'yjs';
import { textNote } from './test-support/annotations';
import { makePdf } from './test-support/fixtures';
import { joinDocument, leaveEveryone, untilSeen, type Collaborator } from './test-support/collaborators';
import { redisAvailable, TEST_REDIS_URL } from './test-support/redis';
import { createTestServer, type TestServer } from './test-support/testServer';

let t: TestServer;
let url: string;
const listening: Server[] = [];

/** The test server on a port of its own, taking WebSocket upgrades as main.ts does; resolves with its /api/collab URL. */
async function listen(server: TestServer): Promise<string> {
  const http = createServer(server.app.callback());
  http.on('upgrade', (request, socket, head) => {
    if (!server.app.server.collaboration.handleUpgrade(request, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  listening.push(http);
  return `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/collab`;
}

const SMALL_MESSAGES = { ...DEFAULT_LIMITS, annotationsJsonBytes: 64 * 1024 };
const servers: TestServer[] = [];

beforeEach(async () => {
  t = await createTestServer({ config: { limits: SMALL_MESSAGES } });
  servers.push(t);
  url = await listen(t);
});

afterEach(async () => {
  leaveEveryone();
  for (const server of servers.splice(0).reverse()) await server.close();
  for (const http of listening.splice(0)) {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }
});

const join = (documentId: string, token: string, at = url): Collaborator => joinDocument(at, documentId, token);
const until = untilSeen;

async function storedList(documentId: string, token: string) {
  const response = await t.http.get(`/api/documents/${documentId}/annotations`).set('Authorization', `Bearer ${token}`).expect(200);
  return response.body as { annotations: Annotation[]; version: number };
}

/** Leaves, and waits for the server to store what the collaborators made (the last one leaving stores at once). */
async function leaveAll(documentId: string, token: string, expectedCount: number) {
  leaveEveryone();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const stored = await storedList(documentId, token);
    if (stored.annotations.length === expectedCount) return stored;
    if (Date.now() > deadline) throw new Error(`stored ${stored.annotations.length} annotations, expected ${expectedCount}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('editing a document together', () => {
  it('carries one collaborator’s annotations to the other, field by field, and stores the merge for the REST API', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    await t.http.put(`/api/documents/${id}/annotations`).set('Authorization', `Bearer ${token}`).send({ annotations: [textNote('a', 'First')], version: 0 }).expect(200);

    const left = join(id, token);
    const right = join(id, token);
    await Promise.all([left.synced, right.synced]);
    expect(readAnnotations(right.doc).map(({ id }) => id)).toEqual(['a']);

    // One moves the note while the other recolours it: both changes stay.
    const [note] = readAnnotations(left.doc) as [Annotation & { position: { x: number; y: number } }];
    writeAnnotations(left.doc, [{ ...note, position: { x: 200, y: 300 } } as Annotation]);
    writeAnnotations(right.doc, [{ ...note, color: '#0000ff' } as Annotation]);
    writeAnnotations(right.doc, [...readAnnotations(right.doc), textNote('b', 'Second', 200)]);
    const merged = await until(left, (list) => list.length === 2 && (list[0] as { color?: string }).color === '#0000ff');
    expect(merged[0]).toMatchObject({ id: 'a', position: { x: 200, y: 300 }, color: '#0000ff' });
    await until(right, (list) => (list[0] as { position: { x: number } }).position.x === 200);

    const stored = await leaveAll(id, token, 2);
    expect(stored.annotations[0]).toMatchObject({ id: 'a', position: { x: 200, y: 300 }, color: '#0000ff' });
    expect(stored.annotations[1]).toMatchObject({ id: 'b', content: 'Second' });
    expect(stored.version).toBeGreaterThan(1);
  });

  it('brings a save over HTTP to collaborators without undoing what they changed meanwhile', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set('Authorization', `Bearer ${token}`)
      .send({ annotations: [textNote('a', 'First'), textNote('b', 'Second', 200)], version: 0 })
      .expect(200);
    const collaborator = join(id, token);
    await collaborator.synced;
    // A collaborator's change not yet stored…
    const [first, second] = readAnnotations(collaborator.doc) as [Annotation, Annotation];
    writeAnnotations(collaborator.doc, [{ ...first, color: '#00aa00' } as Annotation, second]);
    // …and a save over HTTP, from the stored version, that changes the other note.
    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set('Authorization', `Bearer ${token}`)
      .send({ annotations: [textNote('a', 'First'), textNote('b', 'Second, edited', 200)], version: 1 })
      .expect(200);
    const seen = await until(collaborator, (list) => (list[1] as { content?: string }).content === 'Second, edited');
    expect(seen[0]).toMatchObject({ id: 'a', color: '#00aa00' });
    const stored = await leaveAll(id, token, 2);
    expect(stored.annotations[0]).toMatchObject({ id: 'a', color: '#00aa00' });
    expect(stored.annotations[1]).toMatchObject({ id: 'b', content: 'Second, edited' });
  });

  it('tells collaborators to load the new PDF when the pages are saved, with the annotations on their new pages', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    await t.http.put(`/api/documents/${id}/annotations`).set('Authorization', `Bearer ${token}`).send({ annotations: [textNote('a', 'First')], version: 0 }).expect(200);
    const collaborator = join(id, token);
    await collaborator.synced;
    const meta = collaborator.doc.getMap('meta');
    expect(meta.get('pdfRevision')).toBeUndefined();
    // Page 1 moved to page 2: the note goes with it.
    await t.http
      .put(`/api/documents/${id}/content`)
      .set('Authorization', `Bearer ${token}`)
      .field('annotations', JSON.stringify([{ ...textNote('a', 'First'), page: 2 }]))
      .field('version', '1')
      .attach('file', await makePdf(2), 'pages.pdf')
      .expect(200);
    await until(collaborator, (list) => list[0]?.page === 2);
    const first = meta.get('pdfRevision');
    expect(first).toBe('2');
    await t.http
      .put(`/api/documents/${id}/content`)
      .set('Authorization', `Bearer ${token}`)
      .field('annotations', JSON.stringify([{ ...textNote('a', 'First'), page: 1 }]))
      .field('version', '2')
      .attach('file', await makePdf(2), 'pages.pdf')
      .expect(200);
    await until(collaborator, (list) => list[0]?.page === 1);
    expect(meta.get('pdfRevision')).toBe('3');
  });

  it('lets a share link read along, never write, and closes its socket when the link is revoked', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    const share = await t.http.post(`/api/documents/${id}/shares`).set('Authorization', `Bearer ${token}`).send({}).expect(201);
    const owner = join(id, token);
    const visitor = join(id, `share:${share.body.share.token as string}`);
    await Promise.all([owner.synced, visitor.synced]);

    writeAnnotations(owner.doc, [textNote('a', 'From the owner')]);
    await until(visitor, (list) => list.length === 1);
    // The visitor's own change stays local: the owner never sees it, and it is not stored.
    writeAnnotations(visitor.doc, [textNote('a', 'From the owner'), textNote('v', 'From the visitor', 200)]);
    writeAnnotations(owner.doc, [...readAnnotations(owner.doc), textNote('c', 'Again from the owner', 300)]);
    await until(visitor, (list) => list.some(({ id }) => id === 'c'));
    expect(readAnnotations(owner.doc).map(({ id }) => id)).toEqual(['a', 'c']);

    await t.http.delete(`/api/documents/${id}/shares/${share.body.share.id as string}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(await visitor.closed).toBe(4403);
    const stored = await leaveAll(id, token, 2);
    expect(stored.annotations.map(({ id }) => id)).toEqual(['a', 'c']);
  });

  it('lets invited editors write and viewers read, and ends a removed or lowered member’s session at once', async () => {
    const { token } = await t.createUser({ plan: 'team' });
    const { user: editor, token: editorToken } = await t.createUser({ email: 'editor@example.com', emailVerified: true });
    const { token: viewerToken } = await t.createUser({ email: 'viewer@example.com', emailVerified: true });
    const id = await t.uploadPdf(token);
    const invite = (email: string, role: string) =>
      t.http.post(`/api/documents/${id}/collaborators`).set('Authorization', `Bearer ${token}`).send({ email, role }).expect(201);
    await invite('editor@example.com', 'editor');
    await invite('viewer@example.com', 'viewer');
    const owner = join(id, token);
    const editing = join(id, editorToken);
    const viewing = join(id, viewerToken);
    await Promise.all([owner.synced, editing.synced, viewing.synced]);

    writeAnnotations(editing.doc, [textNote('e', 'From the editor')]);
    await until(owner, (list) => list.length === 1);
    await until(viewing, (list) => list.length === 1);
    writeAnnotations(viewing.doc, [textNote('e', 'From the editor'), textNote('v', 'From the viewer', 200)]);
    writeAnnotations(owner.doc, [...readAnnotations(owner.doc), textNote('o', 'From the owner', 300)]);
    await until(viewing, (list) => list.some(({ id }) => id === 'o'));
    expect(readAnnotations(owner.doc).map(({ id }) => id)).toEqual(['e', 'o']);

    // Lowered to viewer: the editing socket closes now.
    await t.http.patch(`/api/documents/${id}/collaborators/${editor.id}`).set('Authorization', `Bearer ${token}`).send({ role: 'viewer' }).expect(200);
    expect(await editing.closed).toBe(4403);
    const lowered = join(id, editorToken);
    await lowered.synced;
    writeAnnotations(lowered.doc, [...readAnnotations(lowered.doc), textNote('x', 'No longer allowed', 400)]);
    writeAnnotations(owner.doc, [...readAnnotations(owner.doc), textNote('p', 'Owner again', 500)]);
    await until(lowered, (list) => list.some(({ id }) => id === 'p'));
    expect(readAnnotations(owner.doc).map(({ id }) => id)).toEqual(['e', 'o', 'p']);

    // Removed: the socket closes now, and a new one is refused.
    await t.http.delete(`/api/documents/${id}/collaborators/${editor.id}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(await lowered.closed).toBe(4403);
    expect(await join(id, editorToken).refused).toBe('permission-denied');
    const stored = await leaveAll(id, token, 3);
    expect(stored.annotations.map(({ id }) => id)).toEqual(['e', 'o', 'p']);
  });

  it('refuses a credential that does not reach the document', async () => {
    const { token } = await t.createUser();
    const { token: stranger } = await t.createUser({ email: 'stranger@example.com' });
    const id = await t.uploadPdf(token);
    // The protocol says why in one word; which documents exist is not told.
    expect(await join(id, stranger).refused).toBe('permission-denied');
    expect(await join(id, 'share:not-a-link-token-at-all-0000').refused).toBe('permission-denied');
    expect(await join(id, 'garbage').refused).toBe('permission-denied');
  });

  it('puts back a change that breaks an annotation, and closes the socket that sent it', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    const writer = join(id, token);
    const reader = join(id, token);
    await Promise.all([writer.synced, reader.synced]);
    writeAnnotations(writer.doc, [textNote('a', 'Good')]);
    await until(reader, (list) => list.length === 1);
    // A page number no PDF has: the server's check refuses it and writes the kept list back.
    writer.doc.transact(() => {
      (writer.doc.getMap('annotations').get('a') as Y.Map<unknown>).set('page', -3);
    });
    expect(await writer.closed).toBe(4422);
    const stored = await leaveAll(id, token, 1);
    expect(stored.annotations[0]).toMatchObject({ id: 'a', page: 1 });
  });

  it('closes the socket of a message larger than the limit', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    const collaborator = join(id, token);
    await collaborator.synced;
    writeAnnotations(collaborator.doc, [textNote('big', 'x'.repeat(200 * 1024))]);
    expect(await collaborator.closed).toBe(1009);
  });

  it('keeps edits made offline and merges them on reconnect', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    const online = join(id, token);
    const offline = join(id, token);
    await Promise.all([online.synced, offline.synced]);
    writeAnnotations(online.doc, [textNote('a', 'Shared')]);
    await until(offline, (list) => list.length === 1);

    offline.provider.disconnect();
    const [shared] = readAnnotations(offline.doc) as [Annotation];
    writeAnnotations(offline.doc, [{ ...shared, color: '#123456' } as Annotation, textNote('o', 'Written offline', 200)]);
    writeAnnotations(online.doc, [{ ...readAnnotations(online.doc)[0], content: 'Shared, edited online' } as Annotation]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await offline.provider.connect();
    const merged = await until(online, (list) => list.length === 2 && (list[0] as { color?: string }).color === '#123456');
    expect(merged[0]).toMatchObject({ id: 'a', content: 'Shared, edited online', color: '#123456' });
    await until(offline, (list) => (list[0] as { content?: string }).content === 'Shared, edited online');
    const stored = await leaveAll(id, token, 2);
    expect(stored.annotations.map(({ id }) => id)).toEqual(['a', 'o']);
  });

  it('keeps an edit made offline on a document that was only viewed, once the server has let go of it', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    await t.http.put(`/api/documents/${id}/annotations`).set('Authorization', `Bearer ${token}`).send({ annotations: [textNote('a', 'Saved')], version: 0 }).expect(200);
    const viewer = join(id, token);
    await viewer.synced;
    viewer.provider.disconnect();
    for (let tries = 0; t.app.server.collaboration.isOpen(id); tries++) {
      if (tries > 200) throw new Error('the server kept the document open');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [note] = readAnnotations(viewer.doc) as [Annotation];
    writeAnnotations(viewer.doc, [{ ...note, color: '#123456' } as Annotation]);
    await viewer.provider.connect();
    const other = join(id, token);
    await other.synced;
    const seen = await until(other, (list) => (list[0] as { color?: string } | undefined)?.color === '#123456');
    expect(seen.map(({ id }) => id)).toEqual(['a']);
    // One identity for the note: the server did not make a second one on loading it again.
    expect(other.doc.getArray('order').toArray()).toEqual(['a']);
  });

  it('stores the merged state compacted, not the history of every change', async () => {
    const { token } = await t.createUser();
    const id = await t.uploadPdf(token);
    const editor = join(id, token);
    await editor.synced;
    let historyBytes = 0;
    editor.doc.on('update', (update: Uint8Array) => (historyBytes += update.byteLength));
    const notes = Array.from({ length: 20 }, (_, index) => textNote(`n${index}`, `Note ${index}`, 50 + index * 30));
    writeAnnotations(editor.doc, notes);
    // 500 small edits: each note moved and retyped over and over, as a drag and typing would.
    for (let round = 0; round < 25; round++) {
      writeAnnotations(
        editor.doc,
        notes.map((note, index) => ({ ...note, position: { x: 72 + round, y: 50 + index * 30 }, content: `Note ${index}, take ${round}` }) as Annotation),
      );
    }
    await until(editor, (list) => (list[19] as { content?: string }).content === 'Note 19, take 24');
    const stored = await leaveAll(id, token, 20);
    const plainBytes = Buffer.byteLength(JSON.stringify(stored.annotations));
    const row = (await t.knex('collab_states').where('document_id', id).first()) as { state: Uint8Array };
    console.info(`shared state ${row.state.byteLength} bytes, updates sent ${historyBytes} bytes, for ${plainBytes} bytes of annotations after 520 changes`);
    // Measured 2.7x (18,215 against 6,739 bytes): the snapshot keeps a small tombstone per value
    // overwritten, where the updates themselves add up to far more (printed above).
    expect(row.state.byteLength).toBeLessThan(plainBytes * 3);
  });
});

/**
 * Two instances over one database and one signing key (and, with `redis`, one Redis between them),
 * each listening; a collaborator on each, both synced on a new document.
 */
async function collaboratorsOnTwoInstances(redis?: { url: string; prefix: string }) {
  servers.pop();
  await t.close();
  const shared = { config: { jwtSecret: randomBytes(32) }, collaborationRedis: redis };
  const first = await createTestServer(shared);
  servers.push(first);
  const second = await createTestServer({ ...shared, databaseDir: first.dataDir, schema: first.schema });
  servers.push(second);
  t = first;
  const [firstUrl, secondUrl] = [await listen(first), await listen(second)];
  const { token } = await first.createUser();
  const id = await first.uploadPdf(token);
  const here = join(id, token, firstUrl);
  const there = join(id, token, secondUrl);
  await Promise.all([here.synced, there.synced]);
  return { token, id, here, there };
}

describe('editing together on several instances without Redis', () => {
  it('keeps what collaborators on each instance made: every store merges what another stored', async () => {
    const { token, id, here, there } = await collaboratorsOnTwoInstances();
    writeAnnotations(here.doc, [textNote('a', 'Written on the first instance')]);
    writeAnnotations(there.doc, [textNote('b', 'Written on the second', 200)]);
    // Neither sees the other's change live; each instance stores when its collaborator leaves.
    here.provider.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    there.provider.destroy();
    const stored = await leaveAll(id, token, 2);
    expect(stored.annotations.map(({ id }) => id).sort()).toEqual(['a', 'b']);
  });
});

describe.runIf(await redisAvailable())('editing together on several instances', () => {
  it('carries changes and presence between collaborators on different instances through Redis', async () => {
    const prefix = `test-collab-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const { token, id, here, there } = await collaboratorsOnTwoInstances({ url: TEST_REDIS_URL, prefix });
    writeAnnotations(here.doc, [textNote('a', 'Written on the first instance')]);
    await until(there, (list) => list.length === 1);
    writeAnnotations(there.doc, [...readAnnotations(there.doc), textNote('b', 'Written on the second', 200)]);
    await until(here, (list) => list.length === 2);

    here.provider.setAwarenessField('user', { name: 'Ada', color: '#d0021b' });
    const deadline = Date.now() + 10_000;
    const names = () => [...(there.provider.awareness?.getStates().values() ?? [])].map((state) => (state.user as { name?: string } | undefined)?.name);
    while (!names().includes('Ada') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(names()).toContain('Ada');

    const stored = await leaveAll(id, token, 2);
    expect(stored.annotations.map(({ id }) => id)).toEqual(['a', 'b']);
  });
});
