import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textNote } from '../test-support/annotations';
import { makePdf } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import { STALE_VERSION } from '../domain/errors';

const run = promisify(execFile);

let t: TestServer;
let token: string;
let documentId: string;
const auth = () => ({ Authorization: `Bearer ${token}` });

async function inTempFile<T>(pdf: Buffer, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-export-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    return await use(join(dir, 'in.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text of a PDF page as poppler's pdftotext reads it (an independent reader). */
async function pageText(pdf: Buffer, page: number): Promise<string> {
  const { stdout } = await inTempFile(pdf, (path) => run('pdftotext', ['-f', String(page), '-l', String(page), path, '-']));
  return stdout;
}

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal' }));
  const upload = await t.http.post('/api/documents/upload').set(auth()).attach('file', await makePdf(2), 'memo.pdf').expect(201);
  documentId = upload.body.document.id;
});
afterAll(() => t.close());

describe('saved annotations', () => {
  it('starts empty at version 0', async () => {
    const response = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    expect(response.body).toEqual({ annotations: [], version: 0 });
  });

  it('stores validated annotations and bumps the version', async () => {
    const saved = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [textNote('a1', 'Approved by Ada')], version: 0 })
      .expect(200);
    expect(saved.body.version).toBe(1);
    const read = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    expect(read.body.version).toBe(1);
    expect(read.body.annotations).toEqual([textNote('a1', 'Approved by Ada')]);
  });

  it('answers a PUT based on a stale version with 409 and keeps the newer work', async () => {
    // Two tabs both loaded version 1; the first saves, the second must not overwrite it.
    await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [textNote('a1', 'Approved by Ada'), textNote('a2', 'Tab one', 200)], version: 1 })
      .expect(200);
    const stale = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [textNote('a3', 'Tab two')], version: 1 })
      .expect(409);
    expect(stale.body).toEqual({ message: STALE_VERSION, version: 2 });
    const read = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    expect(read.body.annotations.map((a: { id: string }) => a.id)).toEqual(['a1', 'a2']);
  });

  it('refuses invalid annotations with 400 naming the index and field', async () => {
    const response = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [textNote('ok', 'fine'), { type: 'text', page: 'one', position: { x: 1 } }], version: 2 })
      .expect(400);
    expect(response.body.message).toMatch(/annotations\[1\]\.page/);
    await t.http.put(`/api/documents/${documentId}/annotations`).set(auth()).send({ annotations: [] }).expect(400);
    const read = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    expect(read.body.version).toBe(2);
  });
});

describe('export', () => {
  it('returns the PDF with the annotations burned in, pages unchanged', async () => {
    const response = await binary(t.http.get(`/api/documents/${documentId}/export`).set(auth())).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="memo_edited.pdf"');
    const pdf = response.body as Buffer;
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const text = await pageText(pdf, 1);
    expect(text).toContain('Approved by Ada');
    expect(text).toContain('Tab one');
    expect(text).not.toContain('Free Version');
    expect(await pageText(pdf, 2)).not.toContain('Approved by Ada');
    expect(await t.temporaryFiles()).toEqual([]);
  });

  it('adds the free-version watermark when asked', async () => {
    const response = await binary(t.http.get(`/api/documents/${documentId}/export?watermark=true`).set(auth())).expect(200);
    expect(response.headers['content-disposition']).toContain('memo_edited_watermark.pdf');
    expect(await pageText(response.body as Buffer, 1)).toMatch(/Free Version/);
    await t.http.get(`/api/documents/${documentId}/export?watermark=maybe`).set(auth()).expect(400);
  });

  it('draws Chinese, Arabic and Hebrew text with the Noto fonts it loads for them', async () => {
    const { body: before } = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    const texts = ['你好，世界', 'مرحبا بالعالم', 'שלום עולם'];
    await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: texts.map((content, index) => textNote(`script-${index}`, content, 100 + index * 60)), version: before.version })
      .expect(200);
    const response = await binary(t.http.get(`/api/documents/${documentId}/export`).set(auth())).expect(200);
    // pdftotext marks right-to-left runs with bidi controls, which a reader does not see.
    const text = (await pageText(response.body as Buffer, 1)).replace(/[\u202a-\u202e]/g, '');
    for (const content of texts) expect(text).toContain(content);
    const { stdout: fonts } = await inTempFile(response.body as Buffer, (path) => run('pdffonts', [path]));
    for (const font of ['NotoSansSC', 'NotoSansArabic', 'NotoSansHebrew']) expect(fonts).toContain(font);
  });

  it('refuses text no font on the server can draw with 422 naming the characters, never a page of "?"', async () => {
    const { body: before } = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [{ type: 'text', page: 1, content: '你好 🦄' }], version: before.version })
      .expect(200);
    const response = await t.http.get(`/api/documents/${documentId}/export`).set(auth()).expect(422);
    expect(response.body.message).toContain('🦄');
    expect(await t.temporaryFiles()).toEqual([]);
  });
});

describe('partial annotations', () => {
  it('completes them as the spec says: a generated id, defaults for what is missing', async () => {
    const { body: before } = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    const saved = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [{ type: 'rectangle', page: 1 }, { type: 'text', page: 2, content: 'Partial' }], version: before.version })
      .expect(200);
    const [rectangle, text] = saved.body.annotations;
    expect(rectangle).toMatchObject({ type: 'rectangle', width: 100, height: 100, strokeWidth: 2, color: '#000000' });
    expect(rectangle.id).toEqual(expect.any(String));
    expect(text).toMatchObject({ content: 'Partial', fontSize: 16, fontFamily: 'Arial' });
    const { body: read } = await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200);
    expect(read.annotations).toEqual(saved.body.annotations);
  });
});
