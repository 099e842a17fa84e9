import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDoc, makeDocx, makePng, TINY_JPEG } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import { NO_LIBREOFFICE } from './conversions';

let t: TestServer;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestServer({ config: { sofficePath: 'soffice-not-installed-here' } });
  ({ token } = await t.createUser({ plan: 'personal' }));
});
afterAll(() => t.close());

const upload = (bytes: Buffer, name: string) =>
  t.http.post('/api/documents/upload').set(auth()).attach('file', bytes, name).expect(201);

async function document(id: string) {
  return (await t.http.get(`/api/documents/${id}`).set(auth()).expect(200)).body.document;
}

async function downloadPdf(id: string): Promise<PDFDocument> {
  const response = await binary(t.http.get(`/api/documents/${id}/download`).set(auth())).expect(200);
  return PDFDocument.load(response.body as Buffer);
}

describe('image uploads', () => {
  it('become one-page PDFs: PROCESSING, then READY', async () => {
    const png = await upload(makePng(96, 48), 'diagram.png');
    expect(png.body.document).toMatchObject({ status: 'PROCESSING', name: 'diagram.pdf', originalName: 'diagram.png', mimeType: 'image/png' });
    const jpeg = await upload(TINY_JPEG, 'photo.jpeg');
    expect(jpeg.body.document.mimeType).toBe('image/jpeg');
    await t.http.get(`/api/documents/${png.body.document.id}/download`).set(auth()).expect(409);

    await t.runner.drain();

    const ready = await document(png.body.document.id);
    expect(ready.status).toBe('READY');
    const converted = await downloadPdf(ready.id);
    expect(converted.getPageCount()).toBe(1);
    // 96 x 48 pixels at 96 dpi.
    expect(converted.getPage(0).getSize()).toEqual({ width: 72, height: 36 });
    expect((await document(jpeg.body.document.id)).status).toBe('READY');
    expect((await downloadPdf(jpeg.body.document.id)).getPage(0).getSize()).toEqual({ width: 12.75, height: 16.5 });
    expect(await t.temporaryFiles()).toEqual([]);
  });

  it('end FAILED with a reason when the image cannot be decoded', async () => {
    const broken = Buffer.concat([makePng(4, 4).subarray(0, 40)]);
    const { body } = await upload(broken, 'broken.png');
    await t.runner.drain();
    const failed = await document(body.document.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBeTruthy();
  });
});

describe('Word uploads without LibreOffice', () => {
  it.each([
    ['letter.docx', makeDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['old-letter.doc', makeDoc(), 'application/msword'],
  ])('%s ends FAILED with a clear reason', async (name, bytes, mimeType) => {
    const { body } = await upload(bytes, name);
    expect(body.document).toMatchObject({ status: 'PROCESSING', mimeType });
    await t.runner.drain();
    const failed = await document(body.document.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe(NO_LIBREOFFICE);
  });
});

describe('job state in the database', () => {
  it('a job of a runner that died is resumed once its lease runs out, not before', async () => {
    const { body } = await upload(makePng(8, 8), 'interrupted.png');
    const { ConversionJob } = t.app.server.models;
    // What a crash mid-conversion leaves behind: the job claimed ("running") under a lease nobody renews.
    const leaseEnds = new Date(Date.now() + 60_000);
    await ConversionJob.query()
      .where('documentId', body.document.id)
      .patch({ state: 'running', attempts: 1, leaseOwner: 'a-runner-that-died', leaseExpiresAt: leaseEnds.toISOString() });
    await t.runner.start();
    await t.runner.stop();
    await t.runner.drain();
    expect((await document(body.document.id)).status).toBe('PROCESSING');

    await ConversionJob.query().where('documentId', body.document.id).patch({ leaseExpiresAt: new Date(Date.now() - 1).toISOString() });
    await t.runner.drain();
    expect((await document(body.document.id)).status).toBe('READY');
    const job = await ConversionJob.query().findOne({ documentId: body.document.id });
    expect(job).toMatchObject({ state: 'done', attempts: 2, leaseOwner: null });
  });

  it('a started runner picks new jobs up by itself', async () => {
    await t.runner.start();
    try {
      const { body } = await upload(makePng(8, 8), 'live.png');
      for (let i = 0; i < 100 && (await document(body.document.id)).status === 'PROCESSING'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await document(body.document.id)).status).toBe('READY');
    } finally {
      await t.runner.stop();
    }
  });
});
