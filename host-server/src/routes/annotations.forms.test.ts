// The values of a PDF's form fields travel with its annotations: PUT and PATCH store them under the
// annotations' version (a stale version stores neither), GET gives them back, a client that sends
// none leaves the stored ones as they are, and values no field could hold are refused. Runs on
// SQLite, and on PostgreSQL too when DATABASE_URL is set (the test server's database).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { httpStorage } from '@marginalia/pdf-editor/editor';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textNote } from '../test-support/annotations';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import { STALE_VERSION } from '../domain/errors';

let t: TestServer;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal' }));
});
afterAll(() => t.close());

const stored = async (id: string) => (await t.http.get(`/api/documents/${id}/annotations`).set(auth()).expect(200)).body;

describe('form values saved with the annotations', () => {
  it('must store them with a PUT and give them back, and keep them when a later save sends none', async () => {
    const id = await t.uploadPdf(token);
    expect(await stored(id)).toEqual({ annotations: [], version: 0 });
    const formValues = { 'applicant.name': 'Ada Lovelace', agree: true, payment: null, colors: ['Red', 'Blue'] };
    const saved = await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [], version: 0, formValues }).expect(200);
    expect(saved.body).toEqual({ annotations: [], version: 1, formValues });
    expect(await stored(id)).toEqual({ annotations: [], version: 1, formValues });

    // A client written before forms saves its annotations alone: the values stay.
    await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [textNote('a1', 'Checked')], version: 1 }).expect(200);
    expect(await stored(id)).toEqual({ annotations: [textNote('a1', 'Checked')], version: 2, formValues });
  });

  it('must store them with a PATCH of the annotations, even one that changes no annotation', async () => {
    const id = await t.uploadPdf(token);
    await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [textNote('a1', 'First')], version: 0 }).expect(200);
    await t.http.patch(`/api/documents/${id}/annotations`).set(auth()).send({ added: [], version: 1, formValues: { zip: '75001' } }).expect(200);
    expect(await stored(id)).toEqual({ annotations: [textNote('a1', 'First')], version: 2, formValues: { zip: '75001' } });
    // Back at the file's values: an empty object clears them.
    await t.http.patch(`/api/documents/${id}/annotations`).set(auth()).send({ version: 2, formValues: {} }).expect(200);
    expect(await stored(id)).toEqual({ annotations: [textNote('a1', 'First')], version: 3, formValues: {} });
  });

  it('must store nothing from a save on a stale version, and refuse values no field holds', async () => {
    const id = await t.uploadPdf(token);
    await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [], version: 0, formValues: { zip: '1' } }).expect(200);
    const stale = await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [], version: 0, formValues: { zip: '2' } }).expect(409);
    expect(stale.body).toEqual({ message: STALE_VERSION, version: 1 });
    await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [], version: 1, formValues: { zip: 12 } }).expect(400);
    await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [], version: 1, formValues: ['zip'] }).expect(400);
    expect((await stored(id)).formValues).toEqual({ zip: '1' });
  });
});

describe("the SDK's httpStorage", () => {
  it('must send the values with a save and give them back on load', async () => {
    const http = createServer(t.app.callback());
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    try {
      const storage = httpStorage(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, () => token);
      const id = await t.uploadPdf(token);
      const noChanges = { added: [], updated: [], removed: [], reordered: false };
      await storage.save(id, [], 0, noChanges, { payment: 'Card' });
      await storage.save(id, [textNote('a1', 'Paid')], 1, { ...noChanges, added: [textNote('a1', 'Paid')] }, { payment: 'Cash' });
      expect(await storage.load(id)).toEqual({ annotations: [textNote('a1', 'Paid')], version: 2, formValues: { payment: 'Cash' } });
    } finally {
      await new Promise<void>((done) => http.close(() => done()));
    }
  });
});

describe('the export of a form', () => {
  it('must write the saved values into the fields of the PDF it gives', async () => {
    const made = await PDFDocument.create();
    const page = made.addPage([612, 792]);
    made.getForm().createTextField('applicant').addToPage(page, { x: 72, y: 680, width: 240, height: 24 });
    const upload = await t.http.post('/api/documents/upload').set(auth()).attach('file', Buffer.from(await made.save()), 'form.pdf').expect(201);
    const id = upload.body.document.id as string;
    await t.http.put(`/api/documents/${id}/annotations`).set(auth()).send({ annotations: [], version: 0, formValues: { applicant: 'Ada Lovelace', gone: 'x' } }).expect(200);
    const response = await binary(t.http.get(`/api/documents/${id}/export`).set(auth())).expect(200);
    const dir = await mkdtemp(join(tmpdir(), 'marginalia-form-'));
    try {
      await writeFile(join(dir, 'out.pdf'), response.body as Buffer);
      const { stdout } = await promisify(execFile)('pdftotext', [join(dir, 'out.pdf'), '-']);
      expect(stdout).toContain('Ada Lovelace');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
