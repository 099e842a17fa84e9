// Hostile and broken uploads: each gets the right 4xx and leaves no row, stored file or temporary file.
import { createServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedPdfs, makeElf, makeExe, makePdf, sharedPdf } from '../test-support/fixtures';
import { listen, multipartBody, streamUpload } from '../test-support/multipart';
import { createTestServer, type TestServer } from '../test-support/testServer';
import { TOO_LARGE, UNSUPPORTED_TYPE } from '../services/documents';

let t: TestServer;
let token: string;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'team' }));
  pdf = await makePdf(1);
});
afterAll(() => t.close());

async function expectNothingLeft() {
  // Temporary folders are removed before the response; allow formidable's deferred unlink to run.
  await delay(20);
  expect(await t.app.server.models.Document.query().resultSize()).toBe(0);
  expect(await t.storedFiles()).toEqual([]);
  expect(await t.temporaryFiles()).toEqual([]);
}
afterEach(expectNothingLeft);

const send = (bytes: Buffer, filename: string) =>
  t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).attach('file', bytes, filename);

describe('content checks', () => {
  it('refuses a text file named .pdf (wrong magic bytes) with 415', async () => {
    const response = await send(Buffer.from('not even a pdf file, just text\n'), 'report.pdf').expect(415);
    expect(response.body.message).toBe(UNSUPPORTED_TYPE);
  });

  it.each([
    ['an ELF executable named .pdf', makeElf(), 'invoice.pdf'],
    ['a Windows executable named .docx', makeExe(), 'letter.docx'],
    ['a Windows executable named .png', makeExe(), 'photo.png'],
  ])('refuses %s with 415', async (_label, bytes, name) => {
    await send(bytes, name).expect(415);
  });

  it('refuses a truncated PDF with 422 and a clear message', async () => {
    const truncated = pdf.subarray(0, Math.floor(pdf.length * 0.6));
    const response = await send(truncated, 'cut.pdf').expect(422);
    expect(response.body.message).toBe('The file could not be read as a PDF; it may be truncated or damaged.');
  });

  it.skipIf(!hasSharedPdfs)('refuses the corpus files no reader can open (corrupt, empty, not a PDF)', async () => {
    expect((await send(sharedPdf('bug1020226.pdf'), 'bug1020226.pdf').expect(422)).body.message).toMatch(/truncated or damaged/);
    expect((await send(sharedPdf('empty.pdf'), 'empty.pdf').expect(422)).body.message).toBe('This PDF has no pages.');
    expect((await send(sharedPdf('bad.pdf'), 'bad.pdf').expect(415)).body.message).toBe(UNSUPPORTED_TYPE);
  });

  it.skipIf(!hasSharedPdfs)('refuses a PDF that needs a password to open with 422', async () => {
    const response = await send(sharedPdf('libreoffice-writer-password.pdf'), 'locked.pdf').expect(422);
    expect(response.body.message).toBe(
      'Password-protected PDFs are not supported. Remove the password and upload the file again.',
    );
  });

  it.skipIf(!hasSharedPdfs)('accepts what every reader opens: a damaged file it repairs, an empty user password', async () => {
    // bug1250079.pdf ends inside its trailer (pdf.js, poppler and MuPDF recover it); empty_protected.pdf
    // is encrypted with an empty user password, so readers open it without asking.
    for (const name of ['bug1250079.pdf', 'empty_protected.pdf']) {
      const { body } = await send(sharedPdf(name), name).expect(201);
      await t.http.delete(`/api/documents/${body.document.id}`).set('Authorization', `Bearer ${token}`).expect(200);
    }
  });
});

describe('malformed requests', () => {
  it('answers a request that is not multipart with 415', async () => {
    await t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).send({ file: 'x' }).expect(415);
  });

  it('answers a form without the file field with 400', async () => {
    const response = await t.http
      .post('/api/documents/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('document', pdf, 'x.pdf')
      .expect(400);
    expect(response.body.message).toBe('file: a file is required');
  });

  it('answers two files, or an empty file, with 400', async () => {
    await t.http
      .post('/api/documents/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', pdf, 'a.pdf')
      .attach('file', pdf, 'b.pdf')
      .expect(400);
    await send(Buffer.alloc(0), 'empty.pdf').expect(400);
  });

  it('answers a broken multipart body with 400', async () => {
    await t.http
      .post('/api/documents/upload')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc')
      .expect(400);
  });
});

describe('size limit', () => {
  it('refuses a 101 MB upload while streaming (413) and removes the temporary file', async () => {
    const server = createServer(t.app.callback());
    const port = await listen(server);
    try {
      const upload = streamUpload(port, { token, totalBytes: 101 * 1024 * 1024, head: pdf.subarray(0, 1024) });
      const response = await upload.response;
      expect(response?.status).toBe(413);
      expect(JSON.parse(response?.body ?? '{}')).toEqual({ message: TOO_LARGE });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('stops reading a body that goes on past the limit', async () => {
    const server = createServer(t.app.callback());
    const port = await listen(server);
    try {
      const total = 400 * 1024 * 1024;
      const upload = streamUpload(port, { token, totalBytes: total, head: pdf.subarray(0, 1024) });
      expect((await upload.response)?.status).toBe(413);
      // The connection was closed at about 100 MB: the client could not hand over the other 300 MB.
      expect(upload.written()).toBeLessThan(150 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('removes the temporary file of an upload the client aborts half-way', async () => {
    const server = createServer(t.app.callback());
    const port = await listen(server);
    try {
      const upload = streamUpload(port, {
        token,
        totalBytes: 50 * 1024 * 1024,
        head: pdf.subarray(0, 1024),
        pauseAfterBytes: 8 * 1024 * 1024,
      });
      let started = false;
      for (let i = 0; i < 100 && !started; i += 1) {
        await delay(50);
        started = (await t.temporaryFiles()).length > 0;
      }
      expect(started).toBe(true);
      upload.abort();
      for (let i = 0; i < 100 && (await t.temporaryFiles()).length > 0; i += 1) await delay(50);
      expect(await t.temporaryFiles()).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses a declared Content-Length over the limit before reading it', async () => {
    const { body, contentType } = multipartBody([{ field: 'file', filename: 'a.pdf', content: pdf }]);
    const response = await t.http
      .post('/api/documents/upload')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', contentType)
      .set('Content-Length', String(102 * 1024 * 1024))
      .send(body)
      .ok(() => true);
    expect(response.status).toBe(413);
  });
});

describe('hostile file names', () => {
  function uploadNamed(filename: string) {
    const { body, contentType } = multipartBody([{ field: 'file', filename, content: pdf, type: 'application/pdf' }]);
    return t.http.post('/api/documents/upload').set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(body);
  }

  afterEach(async () => {
    // These uploads succeed; remove them so the "nothing left" check holds.
    for (const document of await t.app.server.models.Document.query()) {
      await t.http.delete(`/api/documents/${document.id}`).set('Authorization', `Bearer ${token}`).expect(200);
    }
  });

  it.each([
    ['../../../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
    ['..', 'document.pdf'],
    ['/absolute/path/report.pdf', 'report.pdf'],
  ])('stores %j under a generated key, named %j', async (filename, expected) => {
    const response = await uploadNamed(filename).expect(201);
    const { id, name } = response.body.document;
    expect(name).toBe(expected);
    expect(await t.storedFiles()).toEqual([`${id}.pdf`]);
  });

  it('strips CR/LF so a name cannot inject response headers', async () => {
    const response = await uploadNamed('invoice&#0013;&#0010;Set-Cookie: session=stolen&#0013;&#0010;X-Evil: 1.pdf').expect(201);
    const { id, name } = response.body.document;
    expect(name).not.toMatch(/[\r\n]/);
    const download = await t.http.get(`/api/documents/${id}/download`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(download.headers['set-cookie']).toBeUndefined();
    expect(download.headers['x-evil']).toBeUndefined();
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"]+$/);
  });

  it('keeps a non-ASCII name exactly in filename* with an ASCII fallback', async () => {
    const response = await uploadNamed('Ünïcødé résumé 履歴書.pdf').expect(201);
    const download = await t.http
      .get(`/api/documents/${response.body.document.id}/download`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const header = download.headers['content-disposition'] as string;
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('Ünïcødé résumé 履歴書.pdf')}`);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+";/);
  });
});
