// The server with its files in an S3-compatible bucket (s3rver on a free loopback port): every file
// body (uploads, page saves, revisions, share files, thumbnails, guest drafts) goes to the bucket
// and comes back byte for byte; DATA_DIR keeps none; deleting a document deletes its objects. And two
// instances with separate DATA_DIRs sharing one database and one bucket serve each other's files.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_REFERENCES } from './infrastructure/maintenance';
import { makePdf, makePng } from './test-support/fixtures';
import { startTestS3, type TestS3 } from './test-support/s3';
import { binary, createTestServer, TEST_DATABASE, type TestServer } from './test-support/testServer';

let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

const note = normalizeAnnotation({
  id: 'n1',
  type: 'text',
  page: 1,
  position: { x: 72, y: 100 },
  content: 'Kept in the bucket',
  fontSize: 24,
  color: '#c00000',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

const PDF_SIGNATURE = Buffer.from('%PDF-');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** Files under `dir` (recursively) holding PDF or PNG bytes. */
async function fileBodiesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path);
    if (bytes.includes(PDF_SIGNATURE) || bytes.includes(PNG_SIGNATURE)) found.push(path);
  }
  return found;
}

/** Every key a row of the database names, sorted. */
async function keysNamedByRows(server: TestServer): Promise<string[]> {
  const keys = new Set<string>();
  for (const { table, columns } of FILE_REFERENCES) {
    for (const row of (await server.knex(table).select(...columns)) as Array<Record<string, string | null>>) {
      for (const column of columns) if (row[column]) keys.add(row[column]);
    }
  }
  return [...keys].sort();
}

const bytesOf = async (server: TestServer, path: string, token?: string) => {
  const pending = server.http.get(path);
  if (token) pending.set('Authorization', `Bearer ${token}`);
  return (await binary(pending).expect(200)).body as Buffer;
};

const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

/** A guest's recovery draft of `pdf`, sent to `server`: its id. */
async function storeGuestDraft(server: TestServer, pdf: Buffer): Promise<string> {
  const draft = await server.http
    .post('/api/recovery')
    .field('email', 'guest@example.com')
    .field('fileName', 'lease.pdf')
    .field('editCount', '1')
    .field('timeSpent', '2')
    .field('annotations', '[]')
    .attach('file', pdf, 'lease.pdf')
    .expect(201);
  return draft.body.id as string;
}

/** The PDF's text as poppler's pdftotext reads it (an independent reader). */
async function textOf(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-s3-export-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    return (await promisify(execFile)('pdftotext', [join(dir, 'in.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('one server on S3', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await createTestServer({ fileStore: s3.store() });
    ({ token } = await t.createUser({ plan: 'personal' }));
  });
  afterAll(() => t.close());

  it('keeps every file body in the bucket, none under DATA_DIR, and the bucket holds exactly what rows name', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    const original = await makePdf(2, 'Original upload');
    const uploaded = await t.http.post('/api/documents/upload').set(auth).attach('file', original, 'memo.pdf').expect(201);
    const id = uploaded.body.document.id as string;
    expect(Buffer.compare(await bytesOf(t, `/api/documents/${id}/download`, token), original)).toBe(0);

    const png = makePng(64, 80);
    const withThumbnail = await t.http.put(`/api/documents/${id}/thumbnail`).set(auth).attach('thumbnail', png, 'p1.png').expect(200);
    expect(Buffer.compare(await bytesOf(t, withThumbnail.body.document.thumbnailUrl as string), png)).toBe(0);

    const pages = await makePdf(3, 'Saved pages');
    const saved = await t.http
      .put(`/api/documents/${id}/content`)
      .set(auth)
      .field('annotations', JSON.stringify([note]))
      .field('version', '0')
      .attach('file', pages, 'pages.pdf')
      .expect(200);
    expect(Buffer.compare(await bytesOf(t, `/api/documents/${id}/download`, token), pages)).toBe(0);
    const revisionFile = await bytesOf(t, `/api/documents/${id}/revisions/${saved.body.revision.id as string}/file`, token);
    expect(Buffer.compare(revisionFile, pages)).toBe(0);

    const exported = await bytesOf(t, `/api/documents/${id}/export`, token);
    expect(await pageCount(exported)).toBe(3);
    expect(await textOf(exported)).toContain('Kept in the bucket');

    // A second page save, then a restore of the first save's revision: its 3-page file is current again.
    await t.http
      .put(`/api/documents/${id}/content`)
      .set(auth)
      .field('annotations', '[]')
      .field('version', '1')
      .attach('file', await makePdf(1, 'Second save'), 'pages.pdf')
      .expect(200);
    await t.http
      .post(`/api/documents/${id}/revisions/${saved.body.revision.id as string}/restore`)
      .set(auth)
      .send({ version: 2 })
      .expect(200);
    expect(Buffer.compare(await bytesOf(t, `/api/documents/${id}/download`, token), pages)).toBe(0);

    const share = await t.http.post(`/api/documents/${id}/shares`).set(auth).send({}).expect(201);
    const shareToken = share.body.share.token as string;
    expect(Buffer.compare(await bytesOf(t, `/api/shares/${shareToken}/file`), pages)).toBe(0);
    expect(await pageCount(await bytesOf(t, `/api/shares/${shareToken}/export`))).toBe(3);

    const guestPdf = await makePdf(1, 'Guest draft');
    const draftId = await storeGuestDraft(t, guestPdf);
    expect(Buffer.compare(await bytesOf(t, `/api/recovery/${draftId}/file`), guestPdf)).toBe(0);

    // Exports stream from a temporary file removed once sent; nothing else is written there.
    await vi.waitFor(async () => expect(await fileBodiesUnder(t.dataDir)).toEqual([]), { timeout: 10_000 });
    expect(await readdir(join(t.dataDir))).not.toContain('files');
    expect(await s3.keys()).toEqual(await keysNamedByRows(t));
    expect((await s3.keys()).filter((key) => key.startsWith(id)).length).toBeGreaterThanOrEqual(4);

    await t.http.delete(`/api/documents/${id}`).set(auth).expect(200);
    expect((await s3.keys()).filter((key) => key.startsWith(id))).toEqual([]);
    expect(await s3.keys()).toEqual(await keysNamedByRows(t));
  });
});

describe('two servers sharing one database and one bucket', () => {
  let a: TestServer;
  let b: TestServer;
  let schemaDir: string;

  beforeAll(async () => {
    schemaDir = await mkdtemp(join(tmpdir(), 'marginalia-shared-db-'));
    const jwtSecret = randomBytes(32);
    a = await createTestServer({ fileStore: s3.store(), config: { jwtSecret }, databaseDir: schemaDir });
    const schema = (a as TestServer & { schema?: string }).schema;
    b = await createTestServer({ fileStore: s3.store(), config: { jwtSecret }, databaseDir: schemaDir, schema });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await rm(schemaDir, { recursive: true, force: true });
  });

  it('serves on one instance what was stored through the other', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    const { token } = await a.createUser({ plan: 'personal' });
    const auth = { Authorization: `Bearer ${token}` };
    const original = await makePdf(2, 'Uploaded on A');
    const uploaded = await a.http.post('/api/documents/upload').set(auth).attach('file', original, 'memo.pdf').expect(201);
    const id = uploaded.body.document.id as string;

    expect(Buffer.compare(await bytesOf(b, `/api/documents/${id}/download`, token), original)).toBe(0);
    expect(await pageCount(await bytesOf(b, `/api/documents/${id}/export`, token))).toBe(2);

    // A version saved on B (B reads A's file to count its pages), restored on A after a page save on B.
    const version = await b.http.post(`/api/documents/${id}/revisions`).set(auth).send({ label: 'First' }).expect(201);
    expect(version.body.revision.pageCount).toBe(2);
    const pages = await makePdf(1, 'Saved on B');
    await b.http
      .put(`/api/documents/${id}/content`)
      .set(auth)
      .field('annotations', JSON.stringify([note]))
      .field('version', '0')
      .attach('file', pages, 'pages.pdf')
      .expect(200);
    expect(Buffer.compare(await bytesOf(a, `/api/documents/${id}/download`, token), pages)).toBe(0);
    await a.http
      .post(`/api/documents/${id}/revisions/${version.body.revision.id as string}/restore`)
      .set(auth)
      .send({ version: 1 })
      .expect(200);
    expect(Buffer.compare(await bytesOf(b, `/api/documents/${id}/download`, token), original)).toBe(0);
    expect(
      Buffer.compare(await bytesOf(b, `/api/documents/${id}/revisions/${version.body.revision.id as string}/file`, token), original),
    ).toBe(0);

    const png = makePng(30, 40);
    const withThumbnail = await a.http.put(`/api/documents/${id}/thumbnail`).set(auth).attach('thumbnail', png, 'p1.png').expect(200);
    expect(Buffer.compare(await bytesOf(b, withThumbnail.body.document.thumbnailUrl as string), png)).toBe(0);

    const share = await a.http.post(`/api/documents/${id}/shares`).set(auth).send({}).expect(201);
    const shareToken = share.body.share.token as string;
    expect(Buffer.compare(await bytesOf(b, `/api/shares/${shareToken}/file`), original)).toBe(0);
    expect(await pageCount(await bytesOf(b, `/api/shares/${shareToken}/export`))).toBe(2);

    const guestPdf = await makePdf(1, 'Guest draft on B');
    const draftId = await storeGuestDraft(b, guestPdf);
    expect(Buffer.compare(await bytesOf(a, `/api/recovery/${draftId}/file`), guestPdf)).toBe(0);

    await b.http.delete(`/api/documents/${id}`).set(auth).expect(200);
    expect((await s3.keys()).filter((key) => key.startsWith(id))).toEqual([]);
    await a.http.get(`/api/documents/${id}/download`).set(auth).expect(404);
  });

  it.runIf(TEST_DATABASE === 'sqlite')('keeps the SQLite file in the first DATA_DIR only, shared by both', async () => {
    expect(await readdir(schemaDir)).toContain('marginalia.sqlite');
    expect(await readdir(a.dataDir)).not.toContain('marginalia.sqlite');
  });
});
