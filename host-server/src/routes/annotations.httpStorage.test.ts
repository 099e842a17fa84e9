// The SDK's editor saving through its httpStorage adapter to this server over real HTTP: a save
// after one edit sends only that edit (PATCH), what the server stores is what the editor holds,
// and the cases that need the whole list (first save, an undone deletion) still store it whole.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';
import { createEditor, httpStorage, type Editor, type StorageAdapter } from '@marginalia/pdf-editor/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
let http: Server;
let baseUrl = '';
let token: string;

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal' }));
  http = createServer(t.app.callback());
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((done) => http.close(() => done()));
  await t.close();
});

interface Sent {
  method: string;
  bytes: number;
}

/** httpStorage as a host builds it, with a fetch that records each request's method and body size. */
function recordingStorage(sent: Sent[]) {
  return httpStorage(
    baseUrl,
    () => token,
    async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      sent.push({ method: init?.method ?? 'GET', bytes: Buffer.byteLength(body) });
      return fetch(input, init);
    },
  );
}

async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 400) throw new Error('Timed out waiting for the editor');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function openEditor(documentId: string, sent: Sent[], pdf: Uint8Array): Promise<{ editor: Editor; errors: Error[]; unmount: () => void }> {
  const errors: Error[] = [];
  const http = recordingStorage(sent);
  // The editor takes the loaded list in the same turn as this load resolves.
  let loaded = false;
  const storage: StorageAdapter = {
    load: async (id) => {
      const stored = await http.load(id);
      loaded = true;
      return stored;
    },
    save: (id, annotations, baseVersion, changes) => http.save(id, annotations, baseVersion, changes),
  };
  const editor = createEditor({
    file: pdf,
    fileName: 'memo.pdf',
    signatureStore: null,
    storage,
    documentId,
    onError: (error) => void errors.push(error),
  });
  const unmount = editor.mount();
  await until(() => editor.getState().pdf !== null && loaded);
  return { editor, errors, unmount };
}

const notes = (count: number): Annotation[] =>
  Array.from({ length: count }, (_, index) =>
    normalizeAnnotation({
      type: 'text',
      page: 1 + (index % 2),
      position: { x: 72 + (index % 7) * 60, y: 72 + (index % 40) * 16 },
      content: `Reviewer note ${index}: check the figures in this paragraph against the appendix.`,
    }),
  );

async function storedOf(documentId: string): Promise<{ annotations: Annotation[]; version: number }> {
  return (await t.http.get(`/api/documents/${documentId}/annotations`).set('Authorization', `Bearer ${token}`).expect(200)).body;
}

describe('httpStorage against the host server', () => {
  it('sends only the edited annotation of 500, and the server stores what the editor holds', async () => {
    const pdf = await makePdf(2);
    const documentId = await t.uploadPdf(token, { pages: 2 });
    const sent: Sent[] = [];
    const { editor, errors, unmount } = await openEditor(documentId, sent, pdf);
    const actions = () => editor.getState().actions;

    actions().setAnnotations(notes(500));
    expect(await editor.save()).toBe(true);
    const whole = sent.at(-1)!;
    expect(whole.method).toBe('PUT');

    const target = editor.getAnnotations()[250]!;
    actions().update({ [target.id]: { content: 'Figures checked: they match the appendix.' } });
    expect(await editor.save()).toBe(true);
    const change = sent.at(-1)!;
    expect(change.method).toBe('PATCH');
    // One annotation of 500 travels: about 430 bytes instead of about 208 KB, under 1% of the list.
    expect(whole.bytes).toBeGreaterThan(50_000);
    expect(change.bytes).toBeLessThan(whole.bytes / 100);

    // An added, a moved and a removed one in one save: still a PATCH.
    const [first, second] = editor.getAnnotations();
    actions().add(notes(1)[0]!);
    actions().update({ [first!.id]: { position: { x: 300, y: 500 } } });
    actions().remove([second!.id]);
    expect(await editor.save()).toBe(true);
    expect(sent.at(-1)!.method).toBe('PATCH');
    expect(await storedOf(documentId)).toEqual({ annotations: editor.getAnnotations(), version: 3 });

    // Undoing the removal puts the annotation back in the middle: the order needs the whole list.
    editor.undo();
    expect(await editor.save()).toBe(true);
    expect(sent.at(-1)!.method).toBe('PUT');
    expect(await storedOf(documentId)).toEqual({ annotations: editor.getAnnotations(), version: 4 });
    expect(errors).toEqual([]);
    unmount();
  });

  it('reports a save on a version another tab has moved past, and the other tab keeps its work', async () => {
    const pdf = await makePdf(1);
    const documentId = await t.uploadPdf(token);
    const sent: Sent[] = [];
    const tabOne = await openEditor(documentId, sent, pdf);
    tabOne.editor.getState().actions.setAnnotations(notes(3));
    expect(await tabOne.editor.save()).toBe(true);

    const tabTwo = await openEditor(documentId, sent, pdf);
    const [a, b] = tabOne.editor.getAnnotations();
    tabOne.editor.getState().actions.update({ [a!.id]: { content: 'Tab one' } });
    tabTwo.editor.getState().actions.update({ [b!.id]: { content: 'Tab two' } });
    expect(await tabOne.editor.save()).toBe(true);
    expect(await tabTwo.editor.save()).toBe(false);
    expect(tabTwo.errors.map((error) => error.name)).toEqual(['StorageConflictError']);
    // The refused PATCH was not followed by a PUT: a conflict is never worked around.
    expect(sent.slice(-2).map((request) => request.method)).toEqual(['PATCH', 'PATCH']);
    expect(await storedOf(documentId)).toEqual({ annotations: tabOne.editor.getAnnotations(), version: 2 });
    tabOne.unmount();
    tabTwo.unmount();
  });
});
