// SSRF: the server never fetches a URL it is handed. Image annotations naming an http:// address
// are refused when saved; ones already in the database (written by hand here) are refused at
// export, signed in or through a share link; and the export worker itself has no network, so even
// annotations handed straight to it connect nowhere. A loopback listener counts every connection.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { normalizeAnnotation, serializeAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePdf, makePng, TINY_JPEG } from '../test-support/fixtures';
import { binary, createTestServer, type TestServer } from '../test-support/testServer';
import { ChildPdfWorker } from '../infrastructure/pdfWorker';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let t: TestServer;
let token: string;
let documentId: string;
let listener: Server;
let connections = 0;
const sockets = new Set<Socket>();
let imageUrl: string;

const auth = () => ({ Authorization: `Bearer ${token}` });

const image = (id: string, imageData: string): Annotation =>
  normalizeAnnotation({
    id,
    type: 'image',
    page: 1,
    position: { x: 72, y: 72 },
    width: 100,
    height: 80,
    imageData,
  });

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    // Answer nothing: a fetch that got here would hang until its caller gives up.
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/logo.png`;
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal' }));
  const upload = await t.http
    .post('/api/documents/upload')
    .set(auth())
    .attach('file', await makePdf(1), 'memo.pdf')
    .expect(201);
  documentId = upload.body.document.id;
});
afterAll(async () => {
  await t?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => listener.close(resolve));
});
beforeEach(() => {
  connections = 0;
});

async function version(): Promise<number> {
  return (await t.http.get(`/api/documents/${documentId}/annotations`).set(auth()).expect(200)).body.version;
}

describe('saving image annotations', () => {
  it.each([
    ['an http:// address', () => imageUrl],
    ['an https:// address', () => 'https://127.0.0.1:1/x.png'],
    ['a blob: URL', () => 'blob:http://app.test/5f0c'],
    ['raw base64 without a data: prefix', () => makePng(4, 4).toString('base64')],
    ['an SVG data URL', () => `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`],
    [
      'a data URL whose bytes are not an image',
      () => `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    ],
  ])('refuses %s with 400 naming the annotation', async (_label, data) => {
    const before = await version();
    const response = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({
        annotations: [
          image('fine', `data:image/png;base64,${makePng(4, 4).toString('base64')}`),
          image('logo-7', data()),
        ],
        version: before,
      })
      .expect(400);
    expect(response.body.message).toMatch(/^annotations\.1 \(image logo-7\): /);
    expect(response.body.errors).toEqual([
      { field: 'annotations.1.imageData', message: response.body.message },
    ]);
    expect(await version()).toBe(before);
    expect(connections).toBe(0);
  });

  it('refuses a signature whose image declares more than 50 megapixels', async () => {
    const huge = makePng(1, 1);
    // IHDR width and height (bytes 16-23): 20000 x 20000, without the pixels behind them.
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    const signature = normalizeAnnotation({
      id: 'sig',
      type: 'signature',
      page: 1,
      position: { x: 10, y: 10 },
      imageData: `data:image/png;base64,${huge.toString('base64')}`,
    });
    const response = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [signature], version: await version() })
      .expect(400);
    expect(response.body.message).toMatch(/annotations\.0 \(signature sig\).*20000 x 20000 pixels/);
  });

  it('accepts PNG and JPEG data URLs and exports them', async () => {
    const annotations = [
      image('png', `data:image/png;base64,${makePng(8, 8).toString('base64')}`),
      image('jpeg', `data:image/jpeg;base64,${TINY_JPEG.toString('base64')}`),
      image('empty', ''),
    ];
    await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations, version: await version() })
      .expect(200);
    const exported = await binary(t.http.get(`/api/documents/${documentId}/export`).set(auth())).expect(200);
    expect((exported.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('exporting image annotations already stored with a URL', () => {
  beforeAll(async () => {
    // Written behind the API's back, as data saved before the rule existed would be.
    await t
      .knex('documents')
      .where('id', documentId)
      .update({ annotations: serializeAnnotations([image('old-logo', imageUrl)]) });
  });

  it('refuses the signed-in export with 422 naming the annotation, and connects nowhere', async () => {
    const response = await t.http.get(`/api/documents/${documentId}/export`).set(auth()).expect(422);
    expect(response.body.message).toMatch(/annotations\.0 \(image old-logo\): imageData must be a data: URL/);
    expect(connections).toBe(0);
    // The earlier export's folder goes once its stream has closed.
    await vi.waitFor(async () => expect(await t.temporaryFiles()).toEqual([]));
  });

  it('refuses the export through a share link the same way', async () => {
    const share = await t.http.post(`/api/documents/${documentId}/shares`).set(auth()).send({}).expect(201);
    const response = await t.http.get(`/api/shares/${share.body.share.token}/export`).expect(422);
    expect(response.body.message).toMatch(/old-logo/);
    expect(connections).toBe(0);
  });
});

describe('the export worker', () => {
  it('has no network: an annotation naming a URL handed straight to it connects nowhere', async () => {
    const worker = new ChildPdfWorker();
    const dir = await mkdtemp(join(tmpdir(), 'marginalia-ssrf-'));
    try {
      await writeFile(join(dir, 'in.pdf'), await makePdf(1));
      // The image cannot be embedded without fetching it, so the export fails naming the annotation
      // (the core never drops an annotation silently), and nothing connected to the listener.
      await expect(
        worker.exportPdf(
          join(dir, 'in.pdf'),
          join(dir, 'out.pdf'),
          [image('direct', imageUrl), image('redirected', imageUrl.replace('127.0.0.1', 'localhost'))],
          false,
          { owner: 'test' },
        ),
      ).rejects.toThrow(/annotation direct .*Network access is disabled in the PDF worker/);
      expect(connections).toBe(0);
    } finally {
      worker.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
