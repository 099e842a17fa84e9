import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { LocalFileStore } from '../infrastructure/fileStore';
import { recoverFiles } from '../infrastructure/maintenance';
import { REVISIONS_PER_DOCUMENT } from '../services/revisions';
import { remoteImageAnnotation } from '../test-support/annotations';
import { makePdf } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import { STALE_VERSION } from '../domain/errors';

const run = promisify(execFile);

let t: TestServer;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });

const note = (id: string, content: string, page = 1) =>
  normalizeAnnotation({
    id,
    type: 'text',
    page,
    position: { x: 72, y: 100 },
    content,
    fontSize: 24,
    color: '#c00000',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  });

const upload = (pages: number) => t.uploadPdf(token, { pages, name: 'memo.pdf' });

const putContent = (id: string, pdf: Buffer, annotations: unknown, version: number | string) =>
  t.http
    .put(`/api/documents/${id}/content`)
    .set(auth())
    .field('annotations', typeof annotations === 'string' ? annotations : JSON.stringify(annotations))
    .field('version', String(version))
    .attach('file', pdf, 'pages.pdf');

const download = async (path: string) =>
  (await binary(t.http.get(path).set(auth())).expect(200)).body as Buffer;
const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();
const storageUsed = async () =>
  (await t.http.get('/api/auth/me').set(auth()).expect(200)).body.user.storageUsed as number;
const revisionsOf = async (id: string) =>
  (await t.http.get(`/api/documents/${id}/revisions`).set(auth()).expect(200)).body.revisions as Array<{
    id: string;
    number: number;
    pageCount: number;
    annotationCount: number;
    size: number;
    label: string | null;
    restoredFromId: string | null;
    author: { id: string; name: string };
  }>;
const filesOf = async (id: string) => (await t.storedFiles()).filter((name) => name.startsWith(id)).sort();

/** Text of a PDF page as poppler's pdftotext reads it (an independent reader). */
async function pageText(pdf: Buffer, page: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-revision-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const { stdout } = await run('pdftotext', [
      '-f',
      String(page),
      '-l',
      String(page),
      join(dir, 'in.pdf'),
      '-',
    ]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal', name: 'Ada Reviser' }));
});
afterAll(() => t.close());

describe('PUT /api/documents/:id/content (page saves)', () => {
  it('replaces the PDF and the annotations together, records a revision and counts its bytes', async () => {
    const id = await upload(2);
    const before = await storageUsed();
    const pages = await makePdf(3, 'Reordered page');
    const annotations: Annotation[] = [note('a1', 'Moved with its page', 3)];

    const saved = await putContent(id, pages, annotations, 0).expect(200);
    expect(saved.body.version).toBe(1);
    expect(saved.body.annotations).toEqual(annotations);
    expect(saved.body.document).toMatchObject({ id, annotationsVersion: 1 });
    expect(saved.body.revision).toMatchObject({
      documentId: id,
      number: 1,
      pageCount: 3,
      annotationCount: 1,
      size: pages.length,
      label: null,
      author: { name: 'Ada Reviser' },
    });

    // A reload sees the new pages and the annotations that go with them.
    expect(await download(`/api/documents/${id}/download`)).toEqual(pages);
    const stored = await t.http.get(`/api/documents/${id}/annotations`).set(auth()).expect(200);
    expect(stored.body).toEqual({ annotations, version: 1 });
    expect(await storageUsed()).toBe(before + pages.length);

    // The documents list's download (export) has the annotation burned into the new page 3.
    const exported = await download(`/api/documents/${id}/export`);
    expect(await pageCount(exported)).toBe(3);
    expect(await pageText(exported, 3)).toContain('Moved with its page');
    expect(await pageText(await download(`/api/documents/${id}/download`), 3)).not.toContain(
      'Moved with its page',
    );
  });

  it('answers 409 with the stored version on a stale save and changes nothing', async () => {
    const id = await upload(2);
    const original = await download(`/api/documents/${id}/download`);
    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set(auth())
      .send({ annotations: [note('b1', 'Other tab')], version: 0 })
      .expect(200);
    const files = await filesOf(id);
    const storage = await storageUsed();

    const stale = await putContent(id, await makePdf(1, 'Deleted pages'), [], 0).expect(409);
    expect(stale.body).toEqual({ message: STALE_VERSION, version: 1 });

    expect(await download(`/api/documents/${id}/download`)).toEqual(original);
    const stored = await t.http.get(`/api/documents/${id}/annotations`).set(auth()).expect(200);
    expect(stored.body.version).toBe(1);
    expect(stored.body.annotations).toHaveLength(1);
    expect(await revisionsOf(id)).toEqual([]);
    expect(await filesOf(id)).toEqual(files);
    expect(await storageUsed()).toBe(storage);
    expect(await t.temporaryFiles()).toEqual([]);
  });

  it('of two page saves based on the same version, exactly one is stored; the other gets 409 and leaves no file', async () => {
    const id = await upload(1);
    const [first, second] = await Promise.all([
      putContent(id, await makePdf(2, 'Tab one'), [note('e1', 'One', 2)], 0),
      putContent(id, await makePdf(3, 'Tab two'), [note('e2', 'Two', 3)], 0),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const revisions = await revisionsOf(id);
    expect(revisions.map((revision) => revision.id)).toEqual([winner.body.revision.id]);
    expect(await filesOf(id)).toHaveLength(2);
    expect(await pageCount(await download(`/api/documents/${id}/download`))).toBe(
      winner.body.revision.pageCount,
    );
    expect(
      (await t.http.get(`/api/documents/${id}/annotations`).set(auth()).expect(200)).body.annotations,
    ).toEqual(winner.body.annotations);
  });

  it('refuses an unreadable PDF (422), a non-PDF (415) and bad annotations (400), changing nothing', async () => {
    const id = await upload(1);
    const files = await filesOf(id);
    const broken = Buffer.concat([(await makePdf(2)).subarray(0, 300)]);
    expect((await putContent(id, broken, [], 0).expect(422)).body.message).toMatch(
      /could not be read as a PDF/,
    );
    expect(
      (await putContent(id, Buffer.from('just text, not a PDF at all'), [], 0).expect(415)).body.message,
    ).toBe('The new pages must be a PDF file.');
    await putContent(id, await makePdf(1), '[{"type":"circle"}]', 0).expect(400);
    await putContent(id, await makePdf(1), [], 'latest').expect(400);
    // Images must travel as data: URLs; the server never fetches an address (see annotationImages.ts).
    expect(
      (await putContent(id, await makePdf(1), [remoteImageAnnotation()], 0).expect(400)).body.errors[0].field,
    ).toBe('annotations.0.imageData');
    expect(await filesOf(id)).toEqual(files);
    expect(await revisionsOf(id)).toEqual([]);
    expect(
      (await t.http.get(`/api/documents/${id}`).set(auth()).expect(200)).body.document.annotationsVersion,
    ).toBe(0);
  });
});

describe('revisions', () => {
  it('"Save version" snapshots without copying the PDF; lists newest first; opens one with its annotations and file', async () => {
    const id = await upload(2);
    const original = await download(`/api/documents/${id}/download`);
    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set(auth())
      .send({ annotations: [note('c1', 'First draft')], version: 0 })
      .expect(200);
    const files = await filesOf(id);
    const storage = await storageUsed();

    const first = await t.http
      .post(`/api/documents/${id}/revisions`)
      .set(auth())
      .send({ label: 'Before review' })
      .expect(201);
    expect(first.body.revision).toMatchObject({
      number: 1,
      pageCount: 2,
      annotationCount: 1,
      label: 'Before review',
      size: original.length,
    });
    expect(await filesOf(id)).toEqual(files);
    expect(await storageUsed()).toBe(storage);

    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set(auth())
      .send({ annotations: [], version: 1 })
      .expect(200);
    const second = await t.http.post(`/api/documents/${id}/revisions`).set(auth()).send({}).expect(201);
    expect(second.body.revision).toMatchObject({ number: 2, annotationCount: 0, label: null });

    const list = await revisionsOf(id);
    expect(list.map((revision) => revision.number)).toEqual([2, 1]);
    const opened = await t.http
      .get(`/api/documents/${id}/revisions/${first.body.revision.id}`)
      .set(auth())
      .expect(200);
    expect(opened.body.revision).toEqual(first.body.revision);
    expect(opened.body.annotations).toEqual([note('c1', 'First draft')]);
    expect(await download(`/api/documents/${id}/revisions/${first.body.revision.id}/file`)).toEqual(original);
    await t.http
      .get(`/api/documents/${id}/revisions/00000000-0000-4000-8000-000000000000`)
      .set(auth())
      .expect(404);
  });

  it('restores a revision (PDF and annotations, version-checked) and records the restore as a new revision', async () => {
    const id = await upload(2);
    const original = await download(`/api/documents/${id}/download`);
    await t.http
      .put(`/api/documents/${id}/annotations`)
      .set(auth())
      .send({ annotations: [note('d1', 'Kept')], version: 0 })
      .expect(200);
    const saved = await t.http
      .post(`/api/documents/${id}/revisions`)
      .set(auth())
      .send({ label: 'Two pages' })
      .expect(201);
    const onePage = await makePdf(1, 'Cut down');
    await putContent(id, onePage, [], 1).expect(200);
    expect(await pageCount(await download(`/api/documents/${id}/download`))).toBe(1);

    const stale = await t.http
      .post(`/api/documents/${id}/revisions/${saved.body.revision.id}/restore`)
      .set(auth())
      .send({ version: 1 })
      .expect(409);
    expect(stale.body).toEqual({ message: STALE_VERSION, version: 2 });

    const restored = await t.http
      .post(`/api/documents/${id}/revisions/${saved.body.revision.id}/restore`)
      .set(auth())
      .send({ version: 2 })
      .expect(200);
    expect(restored.body.version).toBe(3);
    expect(restored.body.annotations).toEqual([note('d1', 'Kept')]);
    expect(restored.body.revision).toMatchObject({
      number: 3,
      pageCount: 2,
      annotationCount: 1,
      restoredFromId: saved.body.revision.id,
    });
    expect(await download(`/api/documents/${id}/download`)).toEqual(original);
    expect((await t.http.get(`/api/documents/${id}/annotations`).set(auth()).expect(200)).body).toEqual({
      annotations: [note('d1', 'Kept')],
      version: 3,
    });
    expect((await revisionsOf(id)).map((revision) => revision.number)).toEqual([3, 2, 1]);
  });

  it(`keeps ${REVISIONS_PER_DOCUMENT} revisions per document: the oldest go, with files nothing else names, and storage follows`, async () => {
    const id = await upload(1);
    const dropped = await makePdf(2, 'Dropped pages');
    const kept = await makePdf(3, 'Kept pages');
    await putContent(id, dropped, [], 0).expect(200);
    await putContent(id, kept, [], 1).expect(200);
    const withBoth = await storageUsed();
    expect(await filesOf(id)).toHaveLength(3);

    for (let saved = 2; saved < REVISIONS_PER_DOCUMENT + 2; saved += 1) {
      await t.http
        .post(`/api/documents/${id}/revisions`)
        .set(auth())
        .send({ label: `v${saved + 1}` })
        .expect(201);
    }
    const list = await revisionsOf(id);
    expect(list).toHaveLength(REVISIONS_PER_DOCUMENT);
    expect(list.at(-1)?.number).toBe(3);
    expect(list[0]?.number).toBe(REVISIONS_PER_DOCUMENT + 2);
    // Revision 1's PDF went with it; revision 2's is still the document's (and later revisions').
    expect(await filesOf(id)).toHaveLength(2);
    expect(await download(`/api/documents/${id}/download`)).toEqual(kept);
    expect(await storageUsed()).toBe(withBoth - dropped.length);
  });

  it('deleting a document deletes its revisions and their files', async () => {
    const storage = await storageUsed();
    const id = await upload(1);
    await putContent(id, await makePdf(2, 'Grown'), [], 0).expect(200);
    await putContent(id, await makePdf(3, 'Grown more'), [], 1).expect(200);
    await t.http.post(`/api/documents/${id}/revisions`).set(auth()).send({}).expect(201);
    expect(await filesOf(id)).toHaveLength(3);

    await t.http.delete(`/api/documents/${id}`).set(auth()).expect(200);
    expect(await filesOf(id)).toEqual([]);
    expect(await t.knex('revisions').where('documentId', id)).toEqual([]);
    expect(await storageUsed()).toBe(storage);
  });

  it("is private: another user's document or revision answers 404", async () => {
    const id = await upload(1);
    const revision = await t.http.post(`/api/documents/${id}/revisions`).set(auth()).send({}).expect(201);
    const other = await t.createUser();
    const asOther = { Authorization: `Bearer ${other.token}` };
    await t.http.get(`/api/documents/${id}/revisions`).set(asOther).expect(404);
    await t.http
      .get(`/api/documents/${id}/revisions/${revision.body.revision.id}/file`)
      .set(asOther)
      .expect(404);
    await t.http
      .post(`/api/documents/${id}/revisions/${revision.body.revision.id}/restore`)
      .set(asOther)
      .send({ version: 0 })
      .expect(404);
    await t.http
      .put(`/api/documents/${id}/content`)
      .set(asOther)
      .field('annotations', '[]')
      .field('version', '0')
      .attach('file', await makePdf(1), 'x.pdf')
      .expect(404);
    await t.http.get(`/api/documents/${id}/revisions`).expect(401);
  });

  it('after a crash, a leftover intent never removes a file that only a revision still names', async () => {
    const id = await upload(1);
    await putContent(id, await makePdf(2, 'Revision only'), [], 0).expect(200);
    const onlyRevision = (await filesOf(id)).find((name) => name.includes('.pages-')) as string;
    await putContent(id, await makePdf(3, 'Current'), [], 1).expect(200);
    const orphan = `${id}.pages-00000000deadbeef.pdf`;
    const tmpDir = join(t.dataDir, 'tmp');
    await mkdir(join(tmpDir, 'intents'), { recursive: true });
    for (const key of [onlyRevision, orphan]) await writeFile(join(tmpDir, 'intents', key), '');
    await writeFile(join(t.dataDir, 'files', orphan), 'written before a commit that never came');

    const removed = await recoverFiles(
      t.knex,
      new LocalFileStore(join(t.dataDir, 'files')),
      tmpDir,
      silentLogger,
    );
    expect(removed).toEqual([orphan]);
    expect(await filesOf(id)).toContain(onlyRevision);
  });
});
